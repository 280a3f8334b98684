import { runContract } from '@pasarela/gateways';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { closeSimulator } from '../../test/gateways/simulatorContractModule';

// The provider's contract kit (`pasarela-gateways contract <module>`, packages/gateways/src/kit/)
// against the simulator's HTTP adapters, the reference a provider copies: every rule holds.
afterAll(() => closeSimulator());

it('the simulator\'s HTTP adapters keep every rule of the contract kit, the network faults made by the kit\'s proxy in front of the simulator', async () => {
  const results = await runContract(fileURLToPath(new URL('../../test/gateways/simulatorContractModule.ts', import.meta.url)));
  // Every rule passes, the second currency's (pesos) among them.
  expect(results.filter((r) => r.result !== 'passed').map((r) => [r.rule, r.result])).toEqual([]);
  expect(results.find((r) => r.rule.startsWith('currency: '))?.result).toBe('passed');
  const faultRules = ['deadline:', 'lost answer:', 'not sent:', 'lookup: while the processor cannot be reached', 'capture: its answer lost', 'void: a hold', '5xx with a non-JSON body', 'retries:', 'payout lost answer:'];
  for (const rule of faultRules) expect(results.find((r) => r.rule.startsWith(rule))?.result).toBe('passed');
  expect(results.length).toBeGreaterThanOrEqual(24);
});

it('the simulator\'s payout rail adapter keeps the payout rules: one transfer per key, a returned one reported failed, lookup agreeing', async () => {
  const results = await runContract(fileURLToPath(new URL('../../test/gateways/simulatorContractModule.ts', import.meta.url)));
  const payoutRules = results.filter((r) => r.rule.startsWith('payout'));
  expect(payoutRules.map((r) => [r.rule, r.result])).toEqual(payoutRules.map((r) => [r.rule, 'passed']));
  expect(payoutRules).toHaveLength(7);
});
