import { createHash } from 'node:crypto';
import { evidenceInTime } from '@pasarela/core';
import { isGatewayOutcomeUnknown, type CardProcessor, type Dispute, type DisputeCall, type DisputeStatus } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { gatewayCall } from '../gateways/GatewayCall';
import { findDisputeByReference, findMerchantDispute, forgetDisputeAnswer, recordDisputeAnswer, type MerchantDisputeRow } from '../store/disputes';
import { findTransaction } from '../store/transactions';
import { bookProcessorDispute, disputeAsAnswered, logOtherCurrency, notOpen } from './disputes';

type AnswerDeps = Pick<Deps, 'db' | 'gateways' | 'metrics' | 'logger'>;

/** The merchant's answer, as the processor is asked to take it: evidence, or accepting. */
type Answer = { kind: 'evidence'; evidence: string } | { kind: 'accept' };

// The same answer to the same dispute is the same call at the processor, so a retry after a lost answer sends it once.
const answerKeyOf = (reference: string, answer: Answer) => answer.kind === 'accept'
  ? `dispute-accept:${reference}`
  : `dispute-evidence:${reference}:${createHash('sha256').update(answer.evidence).digest('hex').slice(0, 16)}`;

/** An answer sent before whose outcome is unknown: the processor may hold it, so only the same one may be sent again. */
const inDoubt = (row: MerchantDisputeRow) => row.answer_key !== null && (row.answer_key.startsWith('dispute-evidence:') ? row.status === 'needs_response' : row.status !== 'won' && row.status !== 'lost');

/** The port's call for the answer, undefined when the processor in use offers none. */
function senderOf(port: CardProcessor, answer: Answer): ((call: DisputeCall) => Promise<Dispute | null>) | undefined {
  if (answer.kind === 'evidence') {
    const submit = port.submitDisputeEvidence;
    return submit && ((call) => submit.call(port, { ...call, evidence: answer.evidence }));
  }
  const accept = port.acceptDispute;
  return accept && ((call) => accept.call(port, call));
}

const WANTED: Record<Answer['kind'], DisputeStatus> = { evidence: 'under_review', accept: 'lost' };

/**
 * The merchant's evidence (while the dispute needs a response): sent to the card processor, and the
 * dispute booked as its books then hold it (under review: the evidence kept as sent, dispute.updated).
 */
export function answerDispute(deps: AnswerDeps, merchantId: number, disputeId: string, evidence: string): Promise<MerchantDisputeRow | undefined> {
  return answerAtProcessor(deps, merchantId, disputeId, { kind: 'evidence', evidence });
}

/** The merchant accepts the dispute: the processor is told, and it ends lost as its books then say (dispute.closed); its money stays out. */
export function acceptDispute(deps: AnswerDeps, merchantId: number, disputeId: string): Promise<MerchantDisputeRow | undefined> {
  return answerAtProcessor(deps, merchantId, disputeId, { kind: 'accept' });
}

/**
 * The answer's key recorded first (the dispute's row lock); the processor's call outside any
 * transaction; then what the processor answered is booked by the code that books its notifications
 * (payments/disputes.ts bookProcessorDispute), so a notification of the same state changes nothing.
 * A processor that does not take the answer, or does not answer, leaves the dispute as it was.
 */
async function answerAtProcessor(deps: AnswerDeps, merchantId: number, disputeId: string, answer: Answer): Promise<MerchantDisputeRow | undefined> {
  const send = senderOf(deps.gateways.card, answer);
  const sent = await deps.db.transaction(async (tx) => {
    const dispute = await findMerchantDispute(tx, merchantId, disputeId, true);
    if (!dispute) return undefined;
    if (dispute.status === 'won' || dispute.status === 'lost') throw notOpen();
    if (answer.kind === 'evidence' && dispute.status !== 'needs_response') throw new PaymentError('conflict', 'dispute_under_review');
    if (answer.kind === 'evidence' && !evidenceInTime(dispute.evidence_due_by, new Date())) throw new PaymentError('conflict', 'dispute_evidence_past_due');
    if (!send) throw new PaymentError('unsupported', 'dispute_answer_unsupported');
    const key = answerKeyOf(dispute.reference, answer);
    if (inDoubt(dispute) && dispute.answer_key !== key) throw new PaymentError('conflict', 'dispute_answer_in_doubt');
    const payment = await findTransaction(tx, dispute.cod_oper);
    if (!payment?.gateway_reference) throw new PaymentError('gateway_failed', 'dispute_answer_refused');
    await recordDisputeAnswer(tx, dispute.reference, key, answer.kind === 'evidence' ? answer.evidence : null);
    return { dispute, key, chargeReference: payment.gateway_reference };
  });
  if (!sent || !send) return undefined;
  const { dispute, key, chargeReference } = sent;
  const call = { ...gatewayCall(key), reference: chargeReference, disputeReference: dispute.reference };
  let said: Dispute | null;
  try {
    said = await send(call);
  } catch (error) {
    // The processor may have taken it: the key stays, so the same answer again (or its notification) settles it.
    throw new PaymentError('unavailable', 'dispute_answer_unavailable', undefined, {}, `the card processor (${isGatewayOutcomeUnknown(error) ? 'no answer' : 'failed'})`);
  }
  if (!said || said.reference !== dispute.reference) {
    await forgetDisputeAnswer(deps.db, dispute.reference, key);
    throw new PaymentError('gateway_failed', 'dispute_answer_refused');
  }
  const booked = await deps.db.transaction(async (tx) => {
    const result = await bookProcessorDispute(tx, dispute.cod_oper, disputeAsAnswered(said));
    // Not taken: the processor's books hold the dispute as they did, and nothing of the answer is in doubt.
    if (said.status !== WANTED[answer.kind] && (said.status === 'needs_response' || said.status === 'under_review')) await forgetDisputeAnswer(tx, dispute.reference, key);
    return result;
  });
  if (booked.moved !== undefined) deps.metrics?.countDispute(booked.moved);
  if (booked.otherCurrency) logOtherCurrency(deps.logger, dispute.cod_oper, dispute.reference, booked.otherCurrency);
  if (booked.outcome !== 'applied') throw new PaymentError('gateway_failed', 'dispute_answer_refused');
  if (said.status === 'won' || (said.status === 'lost' && answer.kind === 'evidence')) throw notOpen();
  if (said.status !== WANTED[answer.kind]) throw new PaymentError('gateway_failed', 'dispute_answer_refused');
  return findDisputeByReference(deps.db, dispute.reference);
}
