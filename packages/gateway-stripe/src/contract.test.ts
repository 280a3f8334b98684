import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatResults, runContract } from '@pasarela/gateways';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY } from './testing/fixtures';

// The contract kit of @pasarela/gateways against this module, as `npx pasarela-gateways contract
// @pasarela/gateway-stripe` runs it, with Stripe's API the fake on this machine.
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

it('passes the contract kit: no rule broken, only 3D Secure skipped', async () => {
  const results = await runContract('@pasarela/gateway-stripe');
  console.log(formatResults(results));
  expect(results.filter((r) => r.result === 'failed')).toEqual([]);
  expect(results.filter((r) => r.result === 'skipped').map((r) => r.rule)).toEqual(results.filter((r) => /3D Secure|challenge/.test(r.rule)).map((r) => r.rule));
}, 120_000);
