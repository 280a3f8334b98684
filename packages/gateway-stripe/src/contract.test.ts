import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatResults, runContract } from '@pasarela/gateways';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY } from './testing/fixtures';

// The contract kit of @pasarela/gateways against this module, as `npx pasarela-gateways contract
// @pasarela/gateway-stripe` runs it, with Stripe's API the fake on this machine. The module uses
// Stripe's default HTTP client; the kit's proxy stands between it and the fake (STRIPE_API_URL).
let mock: RunningStripeMock;
const env = ['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET'] as const;

beforeAll(async () => {
  mock = await startStripeMock();
  Object.assign(process.env, { STRIPE_SECRET_KEY: TEST_KEY, STRIPE_API_URL: mock.url, STRIPE_WEBHOOK_SECRET: 'whsec_contract_kit' });
});
afterAll(async () => {
  for (const name of env) delete process.env[name];
  await mock.stop();
});

it('passes the contract kit: no rule broken, the fault rules run through the kit\'s proxy, only 3D Secure skipped', async () => {
  const results = await runContract('@pasarela/gateway-stripe');
  console.log(formatResults(results));
  expect(results.filter((r) => r.result === 'failed')).toEqual([]);
  expect(results.filter((r) => r.result === 'skipped').map((r) => r.rule)).toEqual(results.filter((r) => /3D Secure|challenge/.test(r.rule)).map((r) => r.rule));
  const faultRules = ['deadline:', 'lost answer:', 'lookup: while the processor cannot be reached', 'capture: its answer lost', 'void: a hold', '5xx with a non-JSON body', 'retries:', 'currency:', 'authorize: the same key with other parameters'];
  for (const rule of faultRules) expect(results.find((r) => r.rule.startsWith(rule))?.result).toBe('passed');
  // The kit put the variable back when it was done.
  expect(process.env['STRIPE_API_URL']).toBe(mock.url);
}, 120_000);
