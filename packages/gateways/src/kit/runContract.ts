import { importGatewaysModule, type GatewaysModuleContext, type ImportedGatewaysModule } from '../gatewaysModule';
import { CARD_RULES, NOTIFICATION_RULES, RuleBroken, type Rule } from './cardRules';
import { DISPUTE_RULES } from './disputeRules';
import type { ContractInputs } from './ContractInputs';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { FAULT_RULES } from './faultRules';
import { PAYOUT_RULES } from './payoutRules';
import { tokenizerOf } from './tokenizer';

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

async function runRule<C extends { network: FaultProxy | undefined }>(rule: Rule<C>, c: C): Promise<RuleResult> {
  const skipped = rule.skip?.(c);
  if (skipped) return { rule: rule.name, result: 'skipped', detail: skipped };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new RuleBroken(`no answer in ${RULE_TIMEOUT_MS / 1000} s`)), RULE_TIMEOUT_MS)));
  try {
    await Promise.race([rule.run(c), timeout]);
    return { rule: rule.name, result: 'passed' };
  } catch (error) {
    const detail = error instanceof RuleBroken ? error.message : `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    return { rule: rule.name, result: 'failed', detail };
  } finally {
    clearTimeout(timer);
    c.network?.set(undefined);
  }
}

/**
 * Starts the kit's proxy in front of the processor's base URL (contract.processor) and points the
 * module's variable at it while the module is made; the variable is restored at the end.
 */
async function networkFor(inputs: ContractInputs): Promise<{ network: FaultProxy | undefined; restore(): Promise<void> }> {
  if (!inputs.processor) return { network: undefined, restore: async () => {} };
  const { env, url } = inputs.processor;
  const before = process.env[env];
  const network = await startFaultProxy(before || url);
  process.env[env] = network.url;
  return {
    network,
    async restore() {
      if (before === undefined) delete process.env[env];
      else process.env[env] = before;
      await network.stop();
    },
  };
}

/** One result per rule: the card port's rules (cardRules.ts, disputeRules.ts), the network faults the kit makes through its proxy (faultRules.ts), the notification handler, and a payout port's rules (payoutRules.ts) when the module gives one. */
export async function runContract(module: string | ImportedGatewaysModule, name = typeof module === 'string' ? module : 'the module'): Promise<RuleResult[]> {
  const imported = typeof module === 'string' ? await importGatewaysModule(module) : module;
  const inputs = inputsOf(imported.exports, name);
  const { network, restore } = await networkFor(inputs);
  try {
    const provided = await imported.make(context);
    const rules = [...CARD_RULES, ...DISPUTE_RULES, ...FAULT_RULES, ...NOTIFICATION_RULES];
    const { card, payout } = provided.gateways;
    const results: RuleResult[] = [];
    const tokenize = tokenizerOf(inputs);
    const typed = (which: keyof ContractInputs['cards']) => {
      const declared = inputs.cards[which];
      return declared ? tokenize(declared) : Promise.reject(new RuleBroken(`declares no card that ${which}`));
    };
    for (const rule of rules) {
      results.push(card ? await runRule(rule, { card, provided, inputs, network, remake: () => imported.make(context), typed }) : { rule: rule.name, result: 'skipped', detail: 'gives no card port' });
    }
    if (!payout) return results;
    const remake = async () => (await imported.make(context)).gateways.payout;
    for (const rule of PAYOUT_RULES) results.push(await runRule(rule, { payout, inputs, network, remake }));
    return results;
  } finally {
    await restore();
  }
}

export function formatResults(results: readonly RuleResult[]): string {
  const width = Math.max(...results.map((r) => r.rule.length), 4);
  const mark = { passed: 'pass', failed: 'FAIL', skipped: 'skip' } as const;
  const rows = results.map((r) => `${r.rule.padEnd(width)}  ${mark[r.result]}${r.detail ? `  ${r.detail}` : ''}`);
  const count = (result: RuleResult['result']) => results.filter((r) => r.result === result).length;
  return [`${'rule'.padEnd(width)}  result`, ...rows, '', `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`].join('\n');
}
