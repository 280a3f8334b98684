import { describe, expect, it } from 'vitest';
import { readSettings } from './settings';
import { privateWebhooksAllowed } from './server';

describe('readSettings (PRODUCT.md server contract)', () => {
  it('defaults to PORT 4000, DEMO_PORT PORT+1, ./.data, PGlite, encoding on', () => {
    expect(readSettings({}, '/srv')).toEqual({
      host: '127.0.0.1', adminToken: undefined, webhookAllowPrivate: undefined, paymentCaptcha: true,
      port: 4000, publicUrl: undefined, demoPort: 4001, dataDir: '/srv/.data', databaseUrl: undefined,
      databaseLimits: { statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 60_000, keepAliveMs: 10_000, poolSize: 10 }, wireEncoding: true, splashMs: undefined, subscriptionChargeIntervalMs: 60_000,
      expirySweepIntervalMs: 5_000, webhookIntervalMs: 1_000, payerWindows: { nequiMs: 120_000, yappyMs: 300_000 }, sessionTtlMs: 1_800_000, holdReleaseAfterMs: 518_400_000, vaultUrl: undefined, vaultApiSecret: undefined, vaultPublicUrl: undefined, processorsUrl: undefined, processorsTimeoutMs: undefined,
      rateLimits: { login: 120, signup: 60, recovery: 60, payments: 60_000 }, trustedProxies: 0,
      http: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, shutdownMs: 10_000 }, shutdownDrainMs: 5_000, logLevel: 'info', metricsToken: undefined, sandboxConsole: true,
    });
  });
  it('reads every variable', () => {
    const key = 'k'.repeat(40);
    const env = {
      PORT: '5000', DEMO_PORT: '6000', DATA_DIR: 'db', DATABASE_URL: 'postgres://x/y', WIRE_ENCODING: 'OFF', SPLASH_MS: '0', SUBSCRIPTION_CHARGE_INTERVAL_MS: '0',
      EXPIRY_SWEEP_INTERVAL_MS: '0', NEQUI_WAIT_MS: '5000', YAPPY_WAIT_MS: '6000', VAULT_URL: 'http://vault.internal:4300/', VAULT_API_SECRET: key, VAULT_PUBLIC_URL: 'https://cards.example', RATE_LIMIT_LOGIN_PER_MIN: '5',
      RATE_LIMIT_SIGNUP_PER_MIN: '6', RATE_LIMIT_RECOVERY_PER_MIN: '7', RATE_LIMIT_PAYMENTS_PER_MIN: '0', TRUST_PROXY: '1', HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '65000', SHUTDOWN_TIMEOUT_MS: '3000', SHUTDOWN_DRAIN_MS: '250', LOG_LEVEL: 'Warn', METRICS_TOKEN: 'scrape', SANDBOX_CONSOLE: 'Off',
      HOST: '0.0.0.0', SANDBOX_ADMIN_TOKEN: 'a-token-of-24-characters', PAYMENT_CAPTCHA: '0', HOLD_RELEASE_AFTER_MS: '60000',
      PROCESSORS_URL: 'http://simulator.internal:4400/', SESSION_TTL_MS: '600000', PUBLIC_URL: 'https://pay.example.com/',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '20000', DATABASE_KEEPALIVE_MS: '30000', DATABASE_POOL_SIZE: '25',
      PROCESSORS_TIMEOUT_MS: '1500', WEBHOOK_INTERVAL_MS: '100',
    };
    expect(readSettings(env, '/srv')).toEqual({
      host: '0.0.0.0', adminToken: 'a-token-of-24-characters', webhookAllowPrivate: undefined, paymentCaptcha: false,
      port: 5000, publicUrl: 'https://pay.example.com', demoPort: 6000, dataDir: '/srv/db', databaseUrl: 'postgres://x/y',
      databaseLimits: { statementTimeoutMs: 5_000, idleInTransactionTimeoutMs: 20_000, keepAliveMs: 30_000, poolSize: 25 }, wireEncoding: false, splashMs: 0, subscriptionChargeIntervalMs: 0,
      expirySweepIntervalMs: 0, webhookIntervalMs: 100, payerWindows: { nequiMs: 5000, yappyMs: 6000 }, sessionTtlMs: 600_000, holdReleaseAfterMs: 60_000, vaultUrl: 'http://vault.internal:4300', vaultApiSecret: key, vaultPublicUrl: 'https://cards.example', processorsUrl: 'http://simulator.internal:4400', processorsTimeoutMs: 1500,
      rateLimits: { login: 5, signup: 6, recovery: 7, payments: 0 }, trustedProxies: 1,
      http: { headersMs: 1000, requestMs: 2000, keepAliveMs: 65_000, shutdownMs: 3000 }, shutdownDrainMs: 250, logLevel: 'warn', metricsToken: 'scrape', sandboxConsole: false,
    });
    expect(readSettings({ PORT: '5000' }).demoPort).toBe(5001);
    // A hold kept past the processors' 7 days would lapse there uncaptured: refused at start.
    expect(() => readSettings({ HOLD_RELEASE_AFTER_MS: String(7 * 86_400_000) })).toThrow(/HOLD_RELEASE_AFTER_MS/);
    expect(readSettings({ HOST: '0.0.0.0', WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
    expect(readSettings({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false);
    // Unset, private webhook targets are allowed only where nothing beyond the machine reaches the node:
    // a loopback HOST behind a proxy on the same machine, or reached by a public PUBLIC_URL, is a public deployment.
    expect(readSettings({}).webhookAllowPrivate).toBeUndefined();
    const privateAllowed = (env: Record<string, string>) => privateWebhooksAllowed(readSettings(env));
    expect(privateAllowed({})).toBe(true);
    expect(privateAllowed({ PUBLIC_URL: 'http://localhost:4000' })).toBe(true);
    expect(privateAllowed({ PUBLIC_URL: 'https://checkout.example.com' })).toBe(false);
    expect(privateAllowed({ HOST: '0.0.0.0' })).toBe(false);
    expect(privateAllowed({ TRUST_PROXY: '1' })).toBe(false);
    expect(privateAllowed({ TRUSTED_PROXIES: '127.0.0.1' })).toBe(false);
    expect(privateAllowed({ PUBLIC_URL: 'https://checkout.example.com', WEBHOOK_ALLOW_PRIVATE: '1' })).toBe(true);
    // The payers' browsers load the vault's fields from VAULT_URL unless told another origin.
    expect(readSettings({ VAULT_URL: 'http://127.0.0.1:4300', VAULT_API_SECRET: key }).vaultPublicUrl).toBe('http://127.0.0.1:4300');
  });
  it.each([[{ PORT: 'abc' }, 'PORT'], [{ PORT: '70000' }, 'PORT'], [{ SPLASH_MS: '-1' }, 'SPLASH_MS'], [{ SUBSCRIPTION_CHARGE_INTERVAL_MS: '1.5' }, 'SUBSCRIPTION_CHARGE_INTERVAL_MS'], [{ PORT: '5000', DEMO_PORT: '5000' }, 'DEMO_PORT'], [{ PORT: '65535' }, 'DEMO_PORT'], [{ NEQUI_WAIT_MS: 'soon' }, 'NEQUI_WAIT_MS'], [{ YAPPY_WAIT_MS: '-5' }, 'YAPPY_WAIT_MS'],
    [{ RATE_LIMIT_LOGIN_PER_MIN: 'many' }, 'RATE_LIMIT_LOGIN_PER_MIN'], [{ TRUST_PROXY: '99' }, 'TRUST_PROXY'], [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ HEADERS_TIMEOUT_MS: '0.5' }, 'HEADERS_TIMEOUT_MS'], [{ VAULT_URL: 'http://vault.internal' }, 'VAULT_API_SECRET'], [{ VAULT_API_SECRET: 'secret' }, 'VAULT_URL'], [{ VAULT_URL: 'ftp://vault', VAULT_API_SECRET: 'x' }, 'VAULT_URL'], [{ VAULT_URL: 'http://v', VAULT_API_SECRET: 'x'.repeat(32), VAULT_PUBLIC_URL: 'nope' }, 'VAULT_PUBLIC_URL'], [{ VAULT_URL: 'http://v', VAULT_API_SECRET: 'short' }, 'VAULT_API_SECRET'], [{ SANDBOX_ADMIN_TOKEN: 'short' }, 'SANDBOX_ADMIN_TOKEN'], [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, 'WEBHOOK_ALLOW_PRIVATE'],
    [{ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }, 'HEADERS_TIMEOUT_MS'],
    // 0 is Node's "no limit": a slow client would hold a connection, an idle one never close.
    [{ HEADERS_TIMEOUT_MS: '0' }, 'HEADERS_TIMEOUT_MS'], [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS'], [{ KEEP_ALIVE_TIMEOUT_MS: '0' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    // A switch written 0 or false is off, as every other; a word it does not know is refused, not taken for on.
    [{ SANDBOX_CONSOLE: 'no' }, 'SANDBOX_CONSOLE'], [{ WIRE_ENCODING: 'plain' }, 'WIRE_ENCODING'],
    [{ PROCESSORS_URL: 'notaurl' }, 'PROCESSORS_URL'], [{ PUBLIC_URL: 'pay.example.com' }, 'PUBLIC_URL'], [{ PUBLIC_URL: 'https://pay.example.com/checkout' }, 'PUBLIC_URL'], [{ PUBLIC_URL: 'https://user:pw@pay.example.com' }, 'PUBLIC_URL'], [{ DATABASE_URL: 'notaurl' }, 'DATABASE_URL'], [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ HOLD_RELEASE_AFTER_MS: '0' }, 'HOLD_RELEASE_AFTER_MS'], [{ SESSION_TTL_MS: '30m' }, 'SESSION_TTL_MS'], [{ SESSION_TTL_MS: '5' }, 'SESSION_TTL_MS'], [{ SESSION_TTL_MS: String(365 * 86_400_000) }, 'SESSION_TTL_MS']])(
    'refuses %j naming %s',
    (env, name) => {
      expect(() => readSettings(env)).toThrow(name);
    },
  );
  // 0 is PostgreSQL's "never": a hung statement or a dead connection would hold a payment and a pool slot for ever.
  it.each([
    ['DATABASE_STATEMENT_TIMEOUT_MS', '0', 'from 100 to 600000 milliseconds'], ['DATABASE_STATEMENT_TIMEOUT_MS', '15s', 'from 100 to 600000 milliseconds'], ['DATABASE_STATEMENT_TIMEOUT_MS', '3600000', 'from 100 to 600000 milliseconds'],
    ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', '0', 'from 1000 to 3600000 milliseconds'], ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', '-1', 'from 1000 to 3600000 milliseconds'],
    ['DATABASE_KEEPALIVE_MS', '0', 'from 1000 to 3600000 milliseconds'], ['DATABASE_KEEPALIVE_MS', 'on', 'from 1000 to 3600000 milliseconds'],
  ])('refuses %s=%s at start, naming its range', (name, raw, range) => {
    expect(() => readSettings({ [name]: raw })).toThrow(`${name} must be a whole number ${range}`);
  });
  // A number is written in digits: Number() read `1e3` as 1000, `0x10` as 16 and ` 5000 ` as 5000.
  it.each([
    ['PROCESSORS_TIMEOUT_MS', '1e3'], ['PROCESSORS_TIMEOUT_MS', '0x10'], ['PROCESSORS_TIMEOUT_MS', ' 5000 '], ['PROCESSORS_TIMEOUT_MS', '0'], ['PROCESSORS_TIMEOUT_MS', '999'], ['PROCESSORS_TIMEOUT_MS', '5000.0'],
    ['PORT', '0x10'], ['PORT', '4e3'], ['PORT', ' 4000 '], ['SESSION_TTL_MS', '+600000'],
  ])('refuses %s=%j at start, naming it', (name, raw) => {
    expect(() => readSettings({ [name]: raw })).toThrow(`${name} must be a whole number from `);
  });
  // 0 made every Nequi push or Yappy request time out the moment it was asked: the payer had no time to answer.
  it.each([['NEQUI_WAIT_MS', '0'], ['NEQUI_WAIT_MS', '999'], ['YAPPY_WAIT_MS', '0'], ['YAPPY_WAIT_MS', '3600001']])('refuses %s=%s naming its range, a second to an hour', (name, raw) => {
    expect(() => readSettings({ [name]: raw })).toThrow(`${name} must be a whole number from 1000 to 3600000 milliseconds (a second to an hour), got ${JSON.stringify(raw)}`);
  });
  it('takes NEQUI_WAIT_MS and YAPPY_WAIT_MS of a second', () => {
    expect(readSettings({ NEQUI_WAIT_MS: '1000', YAPPY_WAIT_MS: '1000' }).payerWindows).toEqual({ nequiMs: 1000, yappyMs: 1000 });
  });
  it('takes PROCESSORS_TIMEOUT_MS of a second and more', () => {
    expect(readSettings({ PROCESSORS_TIMEOUT_MS: '1000' }).processorsTimeoutMs).toBe(1000);
    expect(readSettings({ PROCESSORS_TIMEOUT_MS: '' }).processorsTimeoutMs).toBeUndefined();
  });
  // 1 ms would run the sweep, the reconciler or the webhook sender all the time; 0 is still "off".
  it.each([['SUBSCRIPTION_CHARGE_INTERVAL_MS', 'subscriptionChargeIntervalMs'], ['EXPIRY_SWEEP_INTERVAL_MS', 'expirySweepIntervalMs'], ['WEBHOOK_INTERVAL_MS', 'webhookIntervalMs']])('refuses %s below a tenth of a second, and takes 0 for off', (name, key) => {
    for (const raw of ['1', '99', '1e3']) expect(() => readSettings({ [name]: raw })).toThrow(`${name} must be 0 (off) or a whole number from 100 to `);
    expect(readSettings({ [name]: '0' })).toMatchObject({ [key]: 0 });
    expect(readSettings({ [name]: '100' })).toMatchObject({ [key]: 100 });
  });
  it.each([['0'], ['101'], ['ten'], ['1e1']])('refuses DATABASE_POOL_SIZE=%j naming its range, 1 to 100', (raw) => {
    expect(() => readSettings({ DATABASE_POOL_SIZE: raw })).toThrow(`DATABASE_POOL_SIZE must be a whole number from 1 to 100 connections, got ${JSON.stringify(raw)}`);
  });
  // A refusal names the range the setting takes: SESSION_TTL_MS=30m was told "from 0", and 0 is refused too.
  it.each([['30m'], ['59999'], [String(30 * 86_400_000 + 1)]])('refuses SESSION_TTL_MS=%s naming its range, a minute to 30 days', (raw) => {
    expect(() => readSettings({ SESSION_TTL_MS: raw })).toThrow(`SESSION_TTL_MS must be a whole number from 60000 to 2592000000 milliseconds (a minute to 30 days), got ${JSON.stringify(raw)}`);
  });
  // A token read from a mounted file keeps its newline; a header's value never carries one.
  it('trims METRICS_TOKEN and refuses one that is blank', () => {
    expect(readSettings({ METRICS_TOKEN: 'scrape-token\n' }).metricsToken).toBe('scrape-token');
    expect(() => readSettings({ METRICS_TOKEN: ' \n' })).toThrow('METRICS_TOKEN');
    expect(readSettings({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });
  // docs/operations.md "Logs": the name in every line's `node`, and in its session's application_name.
  it('takes NODE_NAME of up to 32 letters, digits, ".", "_" and "-"; unset or empty, none', () => {
    expect(readSettings({ NODE_NAME: 'web-1' }).nodeName).toBe('web-1');
    expect(readSettings({ NODE_NAME: ' eu.west_2-a ' }).nodeName).toBe('eu.west_2-a');
    expect(readSettings({ NODE_NAME: 'n'.repeat(32) }).nodeName).toBe('n'.repeat(32));
    expect(readSettings({}).nodeName).toBeUndefined();
    expect(readSettings({ NODE_NAME: '' }).nodeName).toBeUndefined();
  });
  it.each([['web 1'], ['web/1'], ['nodo-ñ'], ['n'.repeat(33)], ['a"b'], ['-web']])('refuses NODE_NAME=%j naming the setting and what it takes', (raw) => {
    expect(() => readSettings({ NODE_NAME: raw })).toThrow(`NODE_NAME must be 1 to 32 letters, digits, ".", "_" or "-", starting with a letter or digit (such as web-1), got ${JSON.stringify(raw)}`);
  });
  it('takes SESSION_TTL_MS at both ends of its range', () => {
    expect(readSettings({ SESSION_TTL_MS: '60000' }).sessionTtlMs).toBe(60_000);
    expect(readSettings({ SESSION_TTL_MS: String(30 * 86_400_000) }).sessionTtlMs).toBe(30 * 86_400_000);
  });
  it('takes 0 and false for off, as every switch', () => {
    expect(readSettings({ SANDBOX_CONSOLE: '0' }).sandboxConsole).toBe(false);
    expect(readSettings({ SANDBOX_CONSOLE: 'false' }).sandboxConsole).toBe(false);
    expect(readSettings({ WIRE_ENCODING: '0' }).wireEncoding).toBe(false);
    expect(readSettings({ SANDBOX_CONSOLE: 'on', WIRE_ENCODING: '1' })).toMatchObject({ sandboxConsole: true, wireEncoding: true });
  });
  it('never puts the database\'s password in its error', () => {
    expect(() => readSettings({ DATABASE_URL: 'postgres//admin:hunter2@db/pasarela' })).toThrow(/^(?!.*hunter2).*$/s);
  });
  it('never puts the vault\'s API secret in its error', () => {
    expect(() => readSettings({ VAULT_API_SECRET: 's3cr3t-vault' })).toThrow(/^(?!.*s3cr3t).*$/s);
  });
});
