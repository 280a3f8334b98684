import { randomUUID } from 'node:crypto';
import { isGatewayOutcomeUnknown } from '../GatewayCall';
import type { PayoutRail, PayoutRequest, PayoutTransfer } from '../PayoutRail';
import { check, described, RuleBroken, type Rule } from './cardRules';
import type { ContractInputs } from './ContractInputs';
import type { FaultProxy } from './faultProxy';
import { underFault } from './faultRules';

/** What a payout rule is handed: the module's payout port, its inputs, a way to make it again, the kit's proxy in front of the processor. */
export interface PayoutRuleContext {
  payout: PayoutRail;
  inputs: ContractInputs;
  network: FaultProxy | undefined;
  remake(): Promise<PayoutRail | undefined>;
}

/** How many times a rule asks `lookup` for a transfer to settle, and how long it waits between. */
const SETTLE_ASKS = 20;
const SETTLE_WAIT_MS = 250;

const show = (value: unknown) => JSON.stringify(value);
const callOf = (c: PayoutRuleContext, idempotencyKey = `kit-${randomUUID()}`) => ({ idempotencyKey, deadline: new Date(Date.now() + (c.inputs.deadlineMs ?? 10_000)) });
const transferTo = (c: PayoutRuleContext, destination: string): PayoutRequest => ({ ...callOf(c), amountCents: 12_345, currency: 'USD', destination });
const accounts = (c: PayoutRuleContext) => c.inputs.payouts as NonNullable<ContractInputs['payouts']>;
const sameTransfer = (a: PayoutTransfer | null, b: PayoutTransfer | null) => a !== null && b !== null && a.reference === b.reference;

async function taken(c: PayoutRuleContext, destination = accounts(c).pays): Promise<{ request: PayoutRequest; transfer: PayoutTransfer }> {
  const request = transferTo(c, destination);
  const transfer = await c.payout.pay(request);
  check(['pending', 'paid'].includes(transfer.status) && typeof transfer.reference === 'string' && transfer.reference !== '', `a transfer to ${destination} was answered ${show(transfer)}`);
  return { request, transfer };
}

/** Asks lookup until the transfer is no longer pending (the banks moved it); each answer must be the same transfer. */
async function settled(c: PayoutRuleContext, request: PayoutRequest, reference: string): Promise<PayoutTransfer> {
  for (let ask = 0; ask < SETTLE_ASKS; ask += 1) {
    const found = await c.payout.lookup(callOf(c, request.idempotencyKey));
    check(found !== null && found.reference === reference, `lookup by the transfer's key answered ${show(found)}, not transfer ${reference}`);
    if (found.status !== 'pending') return found;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS));
  }
  throw new RuleBroken(`still pending after ${SETTLE_ASKS} lookups ${SETTLE_WAIT_MS} ms apart`);
}

const needsAccounts = (c: PayoutRuleContext) => (c.inputs.payouts ? undefined : 'declares no payout accounts (contract.payouts)');

/** The payout port's rules (docs/gateways.md "The contract kit"): run when the module gives a payout port. */
export const PAYOUT_RULES: ReadonlyArray<Rule<PayoutRuleContext>> = [
  { name: 'payout: a transfer is taken (pending or paid) with the rail\'s reference', skip: needsAccounts, async run(c) {
    await taken(c);
  } },
  { name: 'payout: one transfer per key (the same key again answers the same transfer)', skip: needsAccounts, async run(c) {
    const { request, transfer } = await taken(c);
    const again = await c.payout.pay(request);
    check(again.reference === transfer.reference, `the same key made another transfer: ${transfer.reference} then ${show(again)}`);
    const other = await taken(c);
    check(other.transfer.reference !== transfer.reference, `two keys answered one transfer ${transfer.reference}`);
  } },
  { name: 'payout lookup: agrees with pay, and the transfer to the paying account ends paid', skip: needsAccounts, async run(c) {
    const { request, transfer } = await taken(c);
    const final = await settled(c, request, transfer.reference);
    check(final.status === 'paid', `the transfer to the paying account ended ${show(final)}`);
    const later = await c.payout.lookup(callOf(c, request.idempotencyKey));
    check(later?.status === 'paid' && sameTransfer(later, final), `paid, then lookup answered ${show(later)}`);
  } },
  { name: 'payout lookup: null for a key never sent', skip: needsAccounts, async run(c) {
    const found = await c.payout.lookup(callOf(c));
    check(found === null, `a key never sent was answered ${show(found)}`);
  } },
  { name: 'payout returned: a transfer the bank sends back is reported failed, and stays failed',
    skip: (c) => needsAccounts(c) ?? (c.inputs.payouts?.returns ? undefined : 'declares no account whose transfers come back (contract.payouts.returns)'),
    async run(c) {
      const { request, transfer } = await taken(c, accounts(c).returns);
      const final = await settled(c, request, transfer.reference);
      check(final.status === 'failed', `the transfer the bank sends back ended ${show(final)}`);
      const again = await c.payout.pay(request);
      check(again.status === 'failed' && again.reference === transfer.reference, `paid again under its key, a returned transfer answered ${show(again)}`);
    } },
  { name: 'payout lost answer: asked again under the same key, the same single transfer', skip: needsAccounts, async run(c) {
    const request = transferTo(c, accounts(c).pays);
    const { outcome: first } = await underFault(c, { kind: 'cut', times: 1, writesOnly: true }, () => c.payout.pay(request));
    check(!(first instanceof Error) || isGatewayOutcomeUnknown(first), `a lost answer surfaced as ${described(first)}, not GatewayOutcomeUnknown`);
    const again = await c.payout.pay(request);
    const found = await c.payout.lookup(callOf(c, request.idempotencyKey));
    check(sameTransfer(again, found), `after the lost answer: ${show(again)}, lookup ${show(found)}`);
    if (!(first instanceof Error)) check(sameTransfer(first as PayoutTransfer, again), `the retry made another transfer: ${show(first)} then ${show(again)}`);
  } },
  { name: 'payout restart: a new instance of the adapter finds what the last one did', skip: needsAccounts, async run(c) {
    const { request, transfer } = await taken(c);
    const payout = await c.remake();
    check(payout !== undefined, 'made again, the module gives no payout port');
    const found = await payout.lookup(callOf(c, request.idempotencyKey));
    check(found?.reference === transfer.reference, `after a restart, lookup answered ${show(found)}`);
  } },
];
