import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNode } from '../runNode';
import { readSettings } from '../settings';
import { createLogger } from './logger';

// docs/security.md: no secret reaches the log, not even in an object logged by mistake (the settings,
// a connection's options, the environment). Each value below is unique, to be looked for in the output.

/** The fields (settings.ts, runNode.ts, server.ts, the gateways modules, store rows) that hold a secret. */
const SECRET_FIELDS = [
  'adminToken', 'metricsToken', 'vaultApiSecret', 'simulatorApiSecret', 'notificationSecret', 'databaseUrl',
  'secretKey', 'webhookSecret', 'previousSecret', 'apiSecret', 'vaultSecret', 'secret',
  'secret_key', 'webhook_secret', 'previous_secret',
  'password', 'newPassword', 'passwordHash', 'password_hash', 'token', 'captchaToken', 'cardToken', 'card_token',
];

/** The environment's names for them (runNode.ts reads these; GATEWAYS_MODULE's modules read theirs). */
const SECRET_VARIABLES = [
  'SANDBOX_ADMIN_TOKEN', 'METRICS_TOKEN', 'VAULT_API_SECRET', 'SIMULATOR_API_SECRET', 'SIMULATOR_NOTIFICATION_SECRET',
  'DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET',
];

const valueOf = (name: string) => `v4lue-of-${name}-0123456789`;

function logged(write: (log: ReturnType<typeof createLogger>) => void): string {
  const out: string[] = [];
  write(createLogger('info', { write: (line: string) => void out.push(line) }));
  return out.join('');
}

describe('the log never shows a secret', () => {
  it.each([...SECRET_FIELDS, ...SECRET_VARIABLES])('%s, at the top of a line or one object down', (name) => {
    const out = logged((log) => {
      log.info({ [name]: valueOf(name) }, 'at the top');
      log.info({ options: { [name]: valueOf(name) } }, 'one object down');
    });
    expect(out).toContain('at the top');
    expect(out).toContain('one object down');
    expect(out).not.toContain(valueOf(name));
  });

  it('the settings logged whole by mistake show none of their secrets', () => {
    const env = {
      SANDBOX_ADMIN_TOKEN: 'admin-token-0123456789', METRICS_TOKEN: 'metrics-token-0123456789',
      VAULT_URL: 'http://127.0.0.1:9', VAULT_API_SECRET: 'vault-secret-0123456789',
      DATABASE_URL: 'postgres://pasarela:hunter2-password@db.example:5432/pasarela',
    };
    const settings = readSettings(env);
    const out = logged((log) => {
      log.info(settings, 'settings');
      log.info({ settings }, 'settings, one down');
      log.info({ env }, 'the environment');
    });
    expect(out).toContain('settings, one down');
    expect(out).not.toMatch(/admin-token|metrics-token|vault-secret|hunter2/);
  });
});

describe('a database URL with a password', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-logger-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is never in the lines of a node that cannot reach its database', async () => {
    const written: string[] = [];
    let exitCode: number | undefined;
    // Port 1: nothing listens there, the connection is refused at once.
    await startNode({}, {
      env: { DATA_DIR: dataDir, PORT: '0', LOG_FORMAT: 'json', PROCESSORS_URL: 'http://127.0.0.1:9', SIMULATOR_API_SECRET: 'simulator-secret-0123456789', DATABASE_URL: 'postgres://pasarela:hunter2-password@127.0.0.1:1/pasarela' },
      isTerminal: false,
      out: { write: (text: string) => written.push(text) },
      exit: (code) => { exitCode = code; },
    });
    expect(exitCode).toBe(1);
    const out = written.join('');
    expect(out).toContain('Cannot use PostgreSQL at 127.0.0.1:1/pasarela (DATABASE_URL)');
    expect(out).not.toContain('hunter2');
  });
});
