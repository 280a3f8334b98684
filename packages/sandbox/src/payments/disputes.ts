import { disputeHoldsCents, disputeMove, disputeRetake } from '@pasarela/core';
import type { Dispute, GatewayEvent } from '@pasarela/gateways';
import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';
import type { Logger } from '../ops/logger';
import { PaymentError } from '../errors/PaymentError';
import { gatewayCall } from '../gateways/GatewayCall';
import { recordDisputeMoveInBooks } from '../store/balanceTransactions';
import { bookSentEvidence, closeDispute, findDispute, findDisputeByReference, findMerchantDispute, saveDispute, type DisputeRow, type MerchantDisputeRow } from '../store/disputes';
import { recordObjectEvent } from '../store/merchantEvents';
import { lockPaymentMoney } from '../store/refunds';
import { findTransactionByGatewayReference } from '../store/transactions';
import { recordGatewayEvent } from '../store/transactionUpdates';
import { disputeEventDataOf } from '../merchantView/merchantDispute';
import { capturedCentsOfRow, holdOf } from '../merchantView/paymentHold';

/** The dispute event its change makes: opened, answered or moved, ended. */
export async function recordDisputeEvent(tx: Queryable, reference: string, type: 'dispute.created' | 'dispute.updated' | 'dispute.closed'): Promise<MerchantDisputeRow | undefined> {
  const dispute = await findDisputeByReference(tx, reference);
  if (dispute) await recordObjectEvent(tx, dispute.merchant_id, type, disputeEventDataOf(dispute));
  return dispute;
}

export const notOpen = () => new PaymentError('conflict', 'dispute_closed');

const disputeOf = (row: MerchantDisputeRow | DisputeRow | { reference: string; status: Dispute['status']; amount_cents: number; currency: string; reason: string; evidence_due_by: Date | null }): Dispute =>
  ({ reference: row.reference, status: row.status, amountCents: row.amount_cents, currency: row.currency, reason: row.reason, evidenceDueBy: row.evidence_due_by });

export type DisputeEventOutcome =
  /** Moved as the processor's books say (or already so: a late event re-reads what is true now). */
  | 'applied'
  /** This event id was applied before. */
  | 'repeated'
  /** The processor's books know no such dispute on the charge: nothing recorded, nothing moved. */
  | 'contradicted'
  /** More than the charge captured (no processor's dispute), moved after it ended, or in another currency than the payment's: recorded, nothing moved. */
  | 'refused'
  /** On no card payment of Pasarela's. */
  | 'no_payment'
  /** On a hold whose capture the processor was asked for and whose answer is not recorded yet: nothing recorded, to be told again. */
  | 'capture_not_recorded';

/** Rolls the event's record back: told again once the capture is recorded, it applies then. */
class CaptureNotRecorded extends Error {}

const dueByOf = (value: unknown): Date | null => {
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** A port's answer as JSON carried it: its date revived, its text as text. */
export const disputeAsAnswered = (said: Dispute): Dispute => ({ ...said, evidenceDueBy: dueByOf(said.evidenceDueBy), currency: String(said.currency), reason: String(said.reason) });

/**
 * A dispute event moves money only as the processor's books say now (the port's `dispute`, asked by
 * the charge and the dispute's reference): the event only says which dispute to ask about, so a
 * forged, replayed or late one moves nothing new, and late ones land in the processor's order. Under
 * the payment's lock, each event id once: what the dispute takes is capped at what is left (core
 * disputeMove) and its ledger lines follow each change.
 */
export async function applyDisputeEvent(deps: Pick<Deps, 'db' | 'gateways' | 'metrics' | 'logger'>, event: Extract<GatewayEvent, { kind: 'dispute' }>): Promise<DisputeEventOutcome> {
  const payment = await findTransactionByGatewayReference(deps.db, event.paymentReference);
  if (!payment?.gateway_reference) return 'no_payment';
  const lookup = deps.gateways.card.dispute;
  if (!lookup) return 'contradicted';
  const said = await lookup.call(deps.gateways.card, { ...gatewayCall(`dispute:${event.dispute.reference}`), reference: payment.gateway_reference, disputeReference: event.dispute.reference });
  if (!said || said.reference !== event.dispute.reference) return 'contradicted';
  const dispute = disputeAsAnswered(said);
  let moved: string | undefined;
  let otherCurrency: CurrencyMismatch | undefined;
  const outcome = await deps.db.transaction(async (tx): Promise<DisputeEventOutcome> => {
    moved = undefined;
    otherCurrency = undefined;
    if (!(await recordGatewayEvent(tx, { id: event.id, key: dispute.reference, kind: 'dispute' }))) return 'repeated';
    const booked = await bookProcessorDispute(tx, payment.cod_oper, dispute);
    if (booked.outcome === 'capture_not_recorded') throw new CaptureNotRecorded();
    moved = booked.moved;
    otherCurrency = booked.otherCurrency;
    return booked.outcome;
  }).catch((error: unknown) => {
    if (error instanceof CaptureNotRecorded) return 'capture_not_recorded' as const;
    throw error;
  });
  if (outcome === 'applied' && moved !== undefined) deps.metrics?.countDispute(moved);
  if (otherCurrency) logOtherCurrency(deps.logger, payment.cod_oper, dispute.reference, otherCurrency);
  return outcome;
}

/** A dispute the processor reports in another currency than its payment's: its amount is in another unit. */
interface CurrencyMismatch {
  reportedCurrency: string;
  paymentCurrency: string;
}

/** Nothing moved: the processor's books and the payment's disagree on what the amount is in, which an operator settles with the processor. */
export function logOtherCurrency(logger: Logger | undefined, codOper: string, disputeReference: string, mismatch: CurrencyMismatch): void {
  logger?.warn({ codOper, disputeReference, ...mismatch }, 'the card processor reports a dispute in another currency than its payment\'s: nothing booked');
}

/**
 * The dispute as the processor's books hold it, booked under the payment's lock: what it takes is
 * capped at what is left (core disputeMove), its ledger lines follow each change, and a change makes
 * its event (`moved`: the status it moved to). What a notification says and what the processor
 * answers to the merchant's evidence or acceptance are booked here alike, so the one that comes
 * second changes nothing. Under review, the evidence sent to the processor is booked as sent.
 */
export async function bookProcessorDispute(tx: Queryable, codOper: string, dispute: Dispute): Promise<{ outcome: 'applied' | 'refused' | 'no_payment' | 'capture_not_recorded'; moved?: string; otherCurrency?: CurrencyMismatch }> {
  const locked = await lockPaymentMoney(tx, codOper);
  if (!locked) return { outcome: 'no_payment' };
  // The processor opens a hold's dispute as it captures: until the capture's answer is recorded here,
  // what the dispute may take is unknown (not "more than was captured").
  if (holdOf(locked)?.state === 'capturing') return { outcome: 'capture_not_recorded' };
  const before = locked.disputes.find((d) => d.reference === dispute.reference);
  const others = locked.disputes.filter((d) => d.reference !== dispute.reference).reduce((sum, d) => sum + disputeHoldsCents(d.booked), 0);
  const move = disputeMove(before?.booked, { stage: dispute.stage ?? 'chargeback', status: dispute.status, amountCents: dispute.amountCents, currency: dispute.currency, prevented: dispute.prevented },
    { capturedCents: capturedCentsOfRow(locked), refundHeldCents: locked.held_cents, currency: locked.currency }, others);
  // A report in another currency is not trusted: the database writes the dispute's currency from its payment's.
  if ('refusal' in move) return move.refusal === 'other_currency' ? { outcome: 'refused', otherCurrency: { reportedCurrency: dispute.currency, paymentCurrency: locked.currency } } : { outcome: 'refused' };
  const unchanged = before && before.status === move.booked.status && before.amount_cents === dispute.amountCents && before.stage === move.booked.stage && move.takeCents === 0 && move.feeCents === 0;
  const saved = await saveDispute(tx, locked.cod_oper, dispute, move.booked);
  if (move.booked.status === 'under_review') await bookSentEvidence(tx, dispute.reference);
  await recordDisputeMoveInBooks(tx, { id: saved.public_id, cod_oper: locked.cod_oper, merchant_id: locked.merchant_id }, move);
  if (unchanged) return { outcome: 'applied' };
  await recordDisputeEvent(tx, dispute.reference, move.booked.status === 'won' || move.booked.status === 'lost' ? 'dispute.closed' : before ? 'dispute.updated' : 'dispute.created');
  return { outcome: 'applied', moved: move.booked.status };
}

/**
 * A refund of the payment failed, its part no longer held (the caller's transaction, which marked it
 * failed): under the payment's lock, as a dispute is booked, each chargeback, open or lost, takes what it may
 * now (core disputeRetake), one more `dispute` line for the difference and `dispute.updated`. The
 * refund's conditional write lets one node do it; a dispute booked at once waits for the lock and
 * measures after it.
 */
export async function retakeDisputesAfterRefundFailed(tx: Queryable, codOper: string): Promise<void> {
  const locked = await lockPaymentMoney(tx, codOper);
  if (!locked || locked.disputes.length === 0) return;
  const holds = new Map(locked.disputes.map((d) => [d.reference, disputeHoldsCents(d.booked)]));
  for (const dispute of locked.disputes) {
    const others = [...holds].reduce((sum, [reference, cents]) => sum + (reference === dispute.reference ? 0 : cents), 0);
    const retake = disputeRetake(dispute.booked, dispute.amount_cents, { capturedCents: capturedCentsOfRow(locked), refundHeldCents: locked.held_cents }, others);
    if (!retake) continue;
    holds.set(dispute.reference, disputeHoldsCents(retake.booked));
    const saved = await saveDispute(tx, locked.cod_oper, disputeOf(dispute), retake.booked);
    await recordDisputeMoveInBooks(tx, { id: saved.public_id, cod_oper: locked.cod_oper, merchant_id: locked.merchant_id }, { takeCents: retake.takeCents, feeCents: 0, reversalCents: 0 });
    await recordDisputeEvent(tx, dispute.reference, 'dispute.updated');
  }
}
