import { runContract } from '@pasarela/gateways';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { closeSimulator } from '../../test/gateways/simulatorContractModule';

// The provider's contract kit (`pasarela-gateways contract <module>`, packages/gateways/src/kit/)
// against the simulator's HTTP adapters, the reference a provider copies: every rule holds.
afterAll(() => closeSimulator());

it('the simulator\'s HTTP adapters keep every rule of the contract kit', async () => {
  const results = await runContract(fileURLToPath(new URL('../../test/gateways/simulatorContractModule.ts', import.meta.url)));
  expect(results.filter((r) => r.result !== 'passed')).toEqual([]);
  expect(results.length).toBeGreaterThanOrEqual(16);
});
