import type { Dispute } from '../GatewayEvent';
import { approved, callOf, check, show, type Rule, type RuleContext } from './cardRules';

/** Why the dispute rules do not apply: a module that declares no disputed card, or gives none of the calls. */
const needsDisputes = (call: 'submitDisputeEvidence' | 'acceptDispute') => (c: RuleContext) =>
  !c.inputs.cards.disputed || !c.inputs.disputeOf ? 'declares no disputed card (contract.cards.disputed and contract.disputeOf)'
    : !c.card.dispute ? 'gives no dispute lookup' : !c.card[call] ? `gives no ${call}` : undefined;

const POLL_MS = 5_000;

/** A charge of the disputed card and its dispute, needing a response, as the processor's books hold it. */
async function disputedCharge(c: RuleContext): Promise<{ reference: string; disputeReference: string }> {
  const { reference } = await approved(c, { card: await c.typed('disputed') });
  const disputeOf = c.inputs.disputeOf;
  let disputeReference: string | null = null;
  for (const until = Date.now() + POLL_MS; disputeOf && disputeReference === null && Date.now() < until;) {
    disputeReference = await disputeOf(reference);
    if (disputeReference === null) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check(disputeReference !== null, `the processor opened no dispute on the disputed card's charge ${reference} in ${POLL_MS / 1000} s`);
  const found = await lookup(c, reference, disputeReference);
  check(found?.status === 'needs_response', `the new dispute was looked up as ${show(found)}`);
  return { reference, disputeReference };
}

const lookup = (c: RuleContext, reference: string, disputeReference: string): Promise<Dispute | null> =>
  c.card.dispute?.({ ...callOf(c), reference, disputeReference }) ?? Promise.resolve(null);

export const DISPUTE_RULES: readonly Rule[] = [
  { name: 'disputes: evidence reaches the processor (under review, its text there, as the dispute lookup says), once per key', skip: needsDisputes('submitDisputeEvidence'), async run(c) {
    const { reference, disputeReference } = await disputedCharge(c);
    const evidence = `Order delivered, signed for (contract kit ${disputeReference})`;
    const call = { ...callOf(c), reference, disputeReference, evidence };
    const answered = await c.card.submitDisputeEvidence?.(call);
    check(answered?.reference === disputeReference && answered.status === 'under_review', `submitDisputeEvidence answered ${show(answered)}`);
    // What the processor's books hold, not what the adapter said: evidence dropped on the way leaves them unchanged.
    const held = await lookup(c, reference, disputeReference);
    check(held?.status === 'under_review', `after the evidence the dispute was looked up as ${show(held)}: the processor did not take it`);
    check(typeof held.evidence === 'string' && held.evidence.includes(evidence), `the processor holds the evidence as ${show(held.evidence)}, not the text sent`);
    const again = await c.card.submitDisputeEvidence?.(call);
    check(again?.status === 'under_review', `the same key again answered ${show(again)}`);
  } },
  { name: 'disputes: accepting reaches the processor (lost, as the dispute lookup says), once per key', skip: needsDisputes('acceptDispute'), async run(c) {
    const { reference, disputeReference } = await disputedCharge(c);
    const call = { ...callOf(c), reference, disputeReference };
    const answered = await c.card.acceptDispute?.(call);
    check(answered?.reference === disputeReference && answered.status === 'lost', `acceptDispute answered ${show(answered)}`);
    const held = await lookup(c, reference, disputeReference);
    check(held?.status === 'lost', `after accepting, the dispute was looked up as ${show(held)}: the processor did not take it`);
    const again = await c.card.acceptDispute?.(call);
    check(again?.status === 'lost', `the same key again answered ${show(again)}`);
  } },
];
