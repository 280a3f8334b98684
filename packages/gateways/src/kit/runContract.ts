import { importGatewaysModule, type GatewaysModuleContext, type ImportedGatewaysModule } from '../gatewaysModule';
import { CARD_RULES, FAULT_RULES, NOTIFICATION_RULES, RuleBroken, RuleSkipped, type Rule } from './cardRules';
import type { ContractInputs } from './ContractInputs';
import { interceptFetch, type FetchFaults } from './fetchFaults';
import { PAYOUT_RULES } from './payoutRules';

export interface RuleResult {
  rule: string;
  result: 'passed' | 'failed' | 'skipped';
  detail?: string | undefined;
}

/** How long one rule may take before it counts as failed (an adapter that never answers). */
const RULE_TIMEOUT_MS = 60_000;

const context: GatewaysModuleContext = { notificationUrl: (port) => `http://127.0.0.1:9/gateways/${port}/notifications` };

function inputsOf(exports: Record<string, unknown>, name: string): ContractInputs {
  const inputs = exports['contract'] as ContractInputs | undefined;
  if (!inputs?.cards?.approves || !inputs.cards.declines || typeof inputs.supports !== 'object') {
    throw new Error(`${name}: export const contract = { cards: { approves, declines, challenges?, fails? }, supports: { threeDS, captureLater, savedCards, partialRefunds }, notify? }`);
  }
  return inputs;
}

async function runRule<C extends { faults: FetchFaults }>(rule: Rule<C>, c: C): Promise<RuleResult> {
  const skipped = rule.skip?.(c);
  if (skipped) return { rule: rule.name, result: 'skipped', detail: skipped };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new RuleBroken(`no answer in ${RULE_TIMEOUT_MS / 1000} s`)), RULE_TIMEOUT_MS)));
  try {
    await Promise.race([rule.run(c), timeout]);
    return { rule: rule.name, result: 'passed' };
  } catch (error) {
    if (error instanceof RuleSkipped) return { rule: rule.name, result: 'skipped', detail: error.message };
    const detail = error instanceof RuleBroken ? error.message : `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    return { rule: rule.name, result: 'failed', detail };
  } finally {
    clearTimeout(timer);
    c.faults.set(undefined);
  }
}

/** One result per rule: the card port's rules (cardRules.ts), the network faults the kit makes itself, the notification handler, and a payout port's rules (payoutRules.ts) when the module gives one. */
export async function runContract(module: string | ImportedGatewaysModule, name = typeof module === 'string' ? module : 'the module'): Promise<RuleResult[]> {
  const imported = typeof module === 'string' ? await importGatewaysModule(module) : module;
  const inputs = inputsOf(imported.exports, name);
  const provided = await imported.make(context);
  const rules = [...CARD_RULES, ...FAULT_RULES, ...NOTIFICATION_RULES];
  const { card, payout } = provided.gateways;
  const faults = interceptFetch();
  try {
    const results: RuleResult[] = [];
    for (const rule of rules) {
      results.push(card ? await runRule(rule, { card, provided, inputs, faults, remake: () => imported.make(context) }) : { rule: rule.name, result: 'skipped', detail: 'gives no card port' });
    }
    if (!payout) return results;
    const remake = async () => (await imported.make(context)).gateways.payout;
    for (const rule of PAYOUT_RULES) results.push(await runRule(rule, { payout, inputs, faults, remake }));
    return results;
  } finally {
    faults.restore();
  }
}

export function formatResults(results: readonly RuleResult[]): string {
  const width = Math.max(...results.map((r) => r.rule.length), 4);
  const mark = { passed: 'pass', failed: 'FAIL', skipped: 'skip' } as const;
  const rows = results.map((r) => `${r.rule.padEnd(width)}  ${mark[r.result]}${r.detail ? `  ${r.detail}` : ''}`);
  const count = (result: RuleResult['result']) => results.filter((r) => r.result === result).length;
  return [`${'rule'.padEnd(width)}  result`, ...rows, '', `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`].join('\n');
}
