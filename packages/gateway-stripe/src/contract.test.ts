import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatResults, runContract } from '@pasarela/gateways';
import { startStripeThroughVault, type StripeThroughVault } from './testing/stripeThroughVault';
import { TEST_KEY } from './testing/fixtures';

// The contract kit of @pasarela/gateways against this module, as `VAULT_URL=... npx pasarela-gateways
// contract @pasarela/gateway-stripe` runs it: the kit types its test cards into the card vault
// (VAULT_URL) and gives the adapter the tokens; the adapter's STRIPE_API_URL is the vault's Stripe
// forwarding origin, with the fake on this machine behind it. The kit's proxy stands in front of
// STRIPE_API_URL.
let through: StripeThroughVault;
const env = ['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET', 'VAULT_URL', 'VAULT_API_SECRET'] as const;

beforeAll(async () => {
  through = await startStripeThroughVault();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: TEST_KEY, STRIPE_API_URL: through.apiUrl, STRIPE_WEBHOOK_SECRET: 'whsec_contract_kit', VAULT_URL: through.vault.url, VAULT_API_SECRET: through.vaultSecret,
  });
}, 60_000);
afterAll(async () => {
  for (const name of env) delete process.env[name];
  await through.stop();
});

it('passes the contract kit: no rule broken, the fault rules run through the kit\'s proxy, only 3D Secure and disputes skipped', async () => {
  const results = await runContract('@pasarela/gateway-stripe');
  console.log(formatResults(results));
  expect(results.filter((r) => r.result === 'failed')).toEqual([]);
  // The module declares no disputed card: stripe-stateful-mock opens disputes but cannot update or close one (disputes.test.ts).
  expect(results.filter((r) => r.result === 'skipped').map((r) => r.rule)).toEqual(results.filter((r) => /3D Secure|challenge|^disputes:/.test(r.rule)).map((r) => r.rule));
  const faultRules = ['deadline:', 'lost answer:', 'not sent:', 'lookup: while the processor cannot be reached', 'capture: its answer lost', 'refund: its answer lost', 'void: a hold', '5xx with a non-JSON body', 'retries:', 'currency:', 'authorize: the same key with other parameters'];
  for (const rule of faultRules) expect(results.find((r) => r.rule.startsWith(rule))?.result).toBe('passed');
  // The kit put the variable back when it was done.
  expect(process.env['STRIPE_API_URL']).toBe(through.apiUrl);
  // Stripe got the numbers from the vault, the adapter only tokens.
  expect(through.numbersSeen).toContain('4242424242424242');
}, 120_000);
