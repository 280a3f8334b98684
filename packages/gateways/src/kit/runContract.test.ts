import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli';
import { formatResults, runContract, type RuleResult } from './runContract';
import { memoryCardModule } from './testing/memoryCardModule';
import { startMemoryProcessor, type RunningMemoryProcessor } from './testing/memoryProcessor';

// The kit against adapters of a processor in memory reached over HTTP (testing/), each broken in
// one way that loses money: the kit's command names the rule and exits 1. The faults are made by
// the kit's proxy on the network, so they reach the adapter's own HTTP client.
const MODULE_FILE = fileURLToPath(new URL('./testing/memoryContractModule.ts', import.meta.url));
const RUN_MS = 30_000;
let processor: RunningMemoryProcessor;
beforeAll(async () => {
  processor = await startMemoryProcessor();
});
afterAll(async () => {
  delete process.env['KIT_MEMORY_BREAKAGE'];
  await processor.stop();
});

const failed = (results: readonly RuleResult[]) => results.filter((r) => r.result === 'failed').map((r) => r.rule);

/** The command's exit code and the rules its last line names broken, for the module file broken as `breakage` says. */
async function command(breakage: string): Promise<{ code: number; broken: string[]; table: string }> {
  process.env['KIT_MEMORY_BREAKAGE'] = breakage;
  const printed: string[] = [];
  const code = await main(['contract', MODULE_FILE], (text) => printed.push(text));
  const last = printed.find((text) => text.startsWith('\nbroken: '));
  return { code, broken: last ? last.slice('\nbroken: '.length).split('; ') : [], table: printed[0] ?? '' };
}

describe('the contract kit', () => {
  it('passes adapters that keep the contract, the fault rules run through its proxy, only 3D Secure and undeclared cards skipped', async () => {
    const { code, broken, table } = await command('');
    expect({ code, broken }, table).toEqual({ code: 0, broken: [] });
    expect(table).toMatch(/^rule +result\n/);
    expect(table).toMatch(/retries: while the processor is unavailable.* +pass\n/);
    expect(table).toMatch(/lookup: while the processor cannot be reached.* +pass\n/);
    expect(table).toMatch(/payout lost answer.* +pass\n/);
    expect(table.match(/ skip /g)).toHaveLength(4); // 3 x threeDS, the failing card
  }, RUN_MS);

  it.each([
    { breakage: 'lookupNullWhenUnreachable', rules: ['lookup: while the processor cannot be reached, an unknown outcome, never null'] },
    { breakage: 'captureNewKeyEachTry', rules: ['capture: its answer lost, asked again under its key, the one capture'] },
    {
      breakage: 'voidDoesNothing',
      rules: ['void: a plain hold is released, and lookup then answers voided (never approved)', 'void: a hold is released under its key (its answer lost, asked again), and cannot be captured after'],
    },
    { breakage: 'lookupForgetsVoid', rules: ['void: a plain hold is released, and lookup then answers voided (never approved)'] },
    { breakage: 'ignoresCurrency', rules: ['currency: a charge in a second currency is made in it (refunded in it, refused in USD)'] },
    { breakage: 'ignoresCustomer', rules: ['saveCard: a card saved for a customer joins that customer'] },
    { breakage: 'noBackoff', rules: ['retries: while the processor is unavailable (502), at most 10 tries in 2 s, the pauses growing'] },
    { breakage: 'steadyPause', rules: ['retries: while the processor is unavailable (502), at most 10 tries in 2 s, the pauses growing'] },
    { breakage: 'conflictIsFinal', rules: ['authorize: the same key with other parameters answers the same charge or an unknown outcome, never failed'] },
    {
      breakage: 'badGatewayIsFinal',
      rules: ['5xx with a non-JSON body (a proxy\'s 502 page): retried or an unknown outcome, never final', 'retries: while the processor is unavailable (502), at most 10 tries in 2 s, the pauses growing'],
    },
    { breakage: 'forgetsRefunds', rules: ['refund: all of a charge, once per refund key, and refundOutcome remembers it'] },
    { breakage: 'approvesDeclines', rules: ['authorize: the declining card is declined with a reason', 'lookup: a declined charge is looked up declined (by key and by reference), never approved'] },
    { breakage: 'lookupApprovesDeclines', rules: ['lookup: a declined charge is looked up declined (by key and by reference), never approved'] },
    { breakage: 'refundNewKeyEachCall', rules: ['refund: all of a charge, once per refund key, and refundOutcome remembers it', 'refund: its answer lost, asked again under its key, the one refund'] },
    { breakage: 'refundNewKeyEachTry', rules: ['refund: its answer lost, asked again under its key, the one refund'] },
    {
      breakage: 'chargesTwice',
      rules: [
        'authorize: one charge per key (the same key again answers the same charge)',
        'authorize: the same key with other parameters answers the same charge or an unknown outcome, never failed',
        'lost answer: asked again under the same key, the same single charge',
      ],
    },
    {
      breakage: 'paysTwice',
      rules: [
        'payout: one transfer per key (the same key again answers the same transfer)',
        'payout returned: a transfer the bank sends back is reported failed, and stays failed',
        'payout lost answer: asked again under the same key, the same single transfer',
      ],
    },
    { breakage: 'dropsEvidence', rules: ['disputes: evidence reaches the processor (under review, its text there, as the dispute lookup says), once per key'] },
    { breakage: 'acceptsNothing', rules: ['disputes: accepting reaches the processor (lost, as the dispute lookup says), once per key'] },
    { breakage: 'hidesReturns', rules: ['payout returned: a transfer the bank sends back is reported failed, and stays failed'] },
    {
      // "Not sent" said of any failed connection: the server would forget attempts the processor charged.
      breakage: 'lostIsNotSent',
      rules: [
        'deadline: a held answer ends by the deadline as an unknown outcome',
        'lost answer: asked again under the same key, the same single charge',
        'not sent: never said of a call the processor received (its answer lost or held)',
        'lookup: while the processor cannot be reached, an unknown outcome, never null',
        'capture: its answer lost, asked again under its key, the one capture',
        'refund: its answer lost, asked again under its key, the one refund',
        'void: a hold is released under its key (its answer lost, asked again), and cannot be captured after',
        'payout lost answer: asked again under the same key, the same single transfer',
      ],
    },
  ])('an adapter broken by $breakage: the command names the rule and exits 1', async ({ breakage, rules }) => {
    expect(await command(breakage)).toMatchObject({ code: 1, broken: rules });
  }, RUN_MS);

  it('fails every fault rule (never skips it) when the adapter\'s calls bypass the kit\'s proxy, or the module names no processor', async () => {
    const bypass = await command('ignoresProxy');
    expect(bypass.code).toBe(1);
    expect(bypass.broken).toHaveLength(10);
    expect(bypass.table).toMatch(/deadline: a held answer.* +FAIL +no call of the adapter passed the kit's proxy in front of http:\/\/127\.0\.0\.1:\d+: the module does not read KIT_MEMORY_PROCESSOR_URL \(not faulted\)/);

    const unnamed = memoryCardModule(processor);
    const { processor: _named, ...inputs } = unnamed.exports['contract'] as Record<string, unknown>;
    const results = await runContract({ ...unnamed, exports: { contract: inputs } });
    expect(failed(results)).toEqual(bypass.broken.filter((rule) => !rule.startsWith('payout')));
    expect(formatResults(results)).toMatch(/retries: .* +FAIL +the module names no processor \(contract.processor: \{ env, url \}\), so the kit cannot fault its network/);
  }, RUN_MS);

  it('prints its usage and exits 2 without a module', async () => {
    const printed: string[] = [];
    expect(await main(['contract'], (text) => printed.push(text))).toBe(2);
    expect(printed[0]).toMatch(/^usage: pasarela-gateways contract <module>/);
  });
});
