import { describe, expect, it } from 'vitest';
import { main } from '../cli';
import { formatResults, runContract } from './runContract';
import { memoryCardModule } from './testing/memoryCardModule';

const failedRules = async (module: Parameters<typeof runContract>[0]) => (await runContract(module)).filter((r) => r.result === 'failed').map((r) => r.rule);

describe('the contract kit', () => {
  it('passes a processor that keeps the contract, skipping what it does not support or cannot be made to do', async () => {
    const results = await runContract(memoryCardModule());
    expect(results.filter((r) => r.result === 'failed')).toEqual([]);
    expect(results.filter((r) => r.result === 'skipped').map((r) => r.detail)).toEqual(expect.arrayContaining(['does not support threeDS', 'the adapter does not call its processor through the global fetch']));
  });

  it('names the rule a processor that charges twice under one key breaks', async () => {
    expect(await failedRules(memoryCardModule({ chargesTwice: true }))).toEqual(['authorize: one charge per key (the same key again answers the same charge)']);
  });

  it('names the rule a processor that forgets a refund breaks', async () => {
    expect(await failedRules(memoryCardModule({ forgetsRefunds: true }))).toEqual(['refund: all of a charge, once per refund key, and refundOutcome remembers it']);
  });

  it('runs the payout rail\'s rules when the module gives a payout port, naming the one a rail breaks', async () => {
    const results = await runContract(memoryCardModule({}, {}));
    const payoutRules = results.filter((r) => r.rule.startsWith('payout'));
    expect(payoutRules.map((r) => r.result)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'skipped', 'passed']);
    expect(payoutRules.find((r) => r.result === 'skipped')?.detail).toBe('the adapter does not call its rail through the global fetch');
    // Paying twice under one key also pays a returned transfer again.
    expect(await failedRules(memoryCardModule({}, { paysTwice: true }))).toEqual(['payout: one transfer per key (the same key again answers the same transfer)', 'payout returned: a transfer the bank sends back is reported failed, and stays failed']);
    expect(await failedRules(memoryCardModule({}, { hidesReturns: true }))).toEqual(['payout returned: a transfer the bank sends back is reported failed, and stays failed']);
    expect((await runContract(memoryCardModule())).filter((r) => r.rule.startsWith('payout'))).toEqual([]);
  });

  it('prints a table, and exits 1 naming the broken rule', async () => {
    const printed: string[] = [];
    const results = await runContract(memoryCardModule({ forgetsRefunds: true }));
    expect(formatResults(results)).toMatch(/^rule +result\n/);
    expect(formatResults(results)).toMatch(/refund: all of a charge.*FAIL +refundOutcome of a refund made answered null/);
    expect(await main(['contract'], (t) => printed.push(t))).toBe(2);
    expect(printed[0]).toMatch(/^usage: pasarela-gateways contract <module>/);
  });
});
