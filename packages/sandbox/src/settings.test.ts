import { describe, expect, it } from 'vitest';
import { readSettings } from './settings';

describe('readSettings (PRODUCT.md server contract)', () => {
  it('defaults to PORT 4000, DEMO_PORT PORT+1, ./.data, PGlite, encoding on', () => {
    expect(readSettings({}, '/srv')).toEqual({ port: 4000, demoPort: 4001, dataDir: '/srv/.data', databaseUrl: undefined, wireEncoding: true, splashMs: undefined, subscriptionChargeIntervalMs: 60_000, payerWindows: { nequiMs: 120_000, yappyMs: 300_000 } });
  });
  it('reads every variable', () => {
    const env = { PORT: '5000', DEMO_PORT: '6000', DATA_DIR: 'db', DATABASE_URL: 'postgres://x/y', WIRE_ENCODING: 'OFF', SPLASH_MS: '0', SUBSCRIPTION_CHARGE_INTERVAL_MS: '0', NEQUI_WAIT_MS: '5000', YAPPY_WAIT_MS: '6000' };
    expect(readSettings(env, '/srv')).toEqual({ port: 5000, demoPort: 6000, dataDir: '/srv/db', databaseUrl: 'postgres://x/y', wireEncoding: false, splashMs: 0, subscriptionChargeIntervalMs: 0, payerWindows: { nequiMs: 5000, yappyMs: 6000 } });
    expect(readSettings({ PORT: '5000' }).demoPort).toBe(5001);
  });
  it.each([[{ PORT: 'abc' }, 'PORT'], [{ PORT: '70000' }, 'PORT'], [{ SPLASH_MS: '-1' }, 'SPLASH_MS'], [{ SUBSCRIPTION_CHARGE_INTERVAL_MS: '1.5' }, 'SUBSCRIPTION_CHARGE_INTERVAL_MS'], [{ PORT: '5000', DEMO_PORT: '5000' }, 'DEMO_PORT'], [{ NEQUI_WAIT_MS: 'soon' }, 'NEQUI_WAIT_MS'], [{ YAPPY_WAIT_MS: '-5' }, 'YAPPY_WAIT_MS']])(
    'refuses %j naming %s',
    (env, name) => {
      expect(() => readSettings(env)).toThrow(name);
    },
  );
});
