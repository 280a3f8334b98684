import { resolve } from 'node:path';
import { NEQUI_PAY_WINDOW_MS, YAPPY_PAY_WINDOW_MS } from '@pasarela/core';

export const DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS = 60_000;

/** What `npm start` reads from the environment (PRODUCT.md "Public contract: Server"). */
export interface Settings {
  port: number;
  demoPort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  wireEncoding: boolean;
  splashMs: number | undefined;
  /** How often the server charges due subscriptions; 0 turns the timer off. */
  subscriptionChargeIntervalMs: number;
  /** How long the Nequi and Yappy apps wait for the payer (SPEC 9's 5 minutes for Yappy); shorter for tests. */
  payerWindows: { nequiMs: number; yappyMs: number };
}

function whole(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * PORT (4000), DEMO_PORT (PORT+1), DATA_DIR (./.data), DATABASE_URL, WIRE_ENCODING (off disables), SPLASH_MS,
 * SUBSCRIPTION_CHARGE_INTERVAL_MS (60000; 0 off), NEQUI_WAIT_MS (120000), YAPPY_WAIT_MS (300000).
 */
export function readSettings(env: Readonly<Record<string, string | undefined>>, cwd: string = process.cwd()): Settings {
  const port = whole(env, 'PORT', 4000, 65535);
  const demoPort = whole(env, 'DEMO_PORT', port + 1, 65535);
  if (demoPort === port && port !== 0) throw new Error('DEMO_PORT must differ from PORT: the demo shop is another origin');
  return {
    port,
    demoPort,
    dataDir: resolve(cwd, env['DATA_DIR'] || '.data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    wireEncoding: (env['WIRE_ENCODING'] ?? '').trim().toLowerCase() !== 'off',
    splashMs: env['SPLASH_MS'] ? whole(env, 'SPLASH_MS', 3000, 60_000) : undefined,
    subscriptionChargeIntervalMs: whole(env, 'SUBSCRIPTION_CHARGE_INTERVAL_MS', DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS, 86_400_000),
    payerWindows: {
      nequiMs: whole(env, 'NEQUI_WAIT_MS', NEQUI_PAY_WINDOW_MS, 3_600_000),
      yappyMs: whole(env, 'YAPPY_WAIT_MS', YAPPY_PAY_WINDOW_MS, 3_600_000),
    },
  };
}
