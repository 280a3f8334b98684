import { cancelReasonOf, refundPathOf, recordedLanguage } from '@pasarela/core';
import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import { merchantResultOf } from '../merchantView/merchantResultOf';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { type PaymentOutcome } from '../store/transactionUpdates';
import { cancelledOutcome, settlePayment } from './settlePayment';
import { pushOutcomeOf, voucherOutcomeOf } from './gatewayOutcomes';
import { withdrawAtGateway } from './withdrawAtGateway';
import { cryptoRefundOf, mailRefund } from './cryptoPayment';
import { holdOf } from '../merchantView/paymentHold';
import { releaseHold } from './releaseHold';

const isPending = (row: TransactionRow) => merchantResultOf({ method: row.method, status: row.status, authStatus: row.auth_status }) === 'PENDING';

function refuseNotPending(row: TransactionRow): never {
  const approved = merchantResultOf({ method: row.method, status: row.status, authStatus: row.auth_status }) === 'APPROVED';
  if (!approved) throw new PaymentError('conflict', 'transaction_not_pending', 'The payment has ended: there is nothing to void');
  // A paid cash voucher or Clave payment has no refund to advise either (refundPayment's refusal).
  throw new PaymentError('conflict', 'transaction_not_pending', refundPathOf(row.method)
    ? 'The payment was approved: it can no longer be voided; refund it instead'
    : 'The payment was approved: it can no longer be voided, nor refunded through Pasarela; settle it with the payer directly');
}

function merchantVoid(outcome: PaymentOutcome | undefined, row: TransactionRow): PaymentOutcome | undefined {
  if (!outcome) return cancelledOutcome(row, 'merchant');
  return outcome.authStatus === 'CANCELLED' ? { ...outcome, details: { cancelledAt: new Date().toISOString(), cancelReason: 'merchant' } } : outcome;
}

/**
 * A merchant calls off a payment still waiting, or releases a manual payment's hold (releaseHold). A push or voucher is withdrawn at its gateway first
 * (paid meanwhile: recorded as paid, the void refused); the others are called off here first. All through settlePayment.
 */
export async function voidPayment(deps: Pick<Deps, 'db' | 'gateways'>, merchantId: number, codOper: string, origin: string): Promise<TransactionRow | undefined> {
  const row = await findTransaction(deps.db, codOper);
  if (!row || row.merchant_id !== merchantId) return undefined;
  // A manual payment's hold, approved and not captured: released at the card processor (issue 89).
  if (holdOf(row)) return releaseHold(deps, row.cod_oper, 'released');
  if (!isPending(row)) refuseNotPending(row);
  let withdrawn: PaymentOutcome | undefined;
  try {
    if (row.method === 'nequi' || row.method === 'yappy') {
      const answer = await deps.gateways.push.cancel(gatewayCall(row.cod_oper));
      withdrawn = merchantVoid(answer ? pushOutcomeOf(row.method, answer) : undefined, row);
    } else if (row.method === 'cash') {
      const voucher = await deps.gateways.voucher.cancel(gatewayCall(row.cod_oper));
      withdrawn = merchantVoid(voucher ? voucherOutcomeOf(voucher) : undefined, row);
    }
  } catch (error) {
    if (isGatewayOutcomeUnknown(error)) throw new PaymentError('unavailable', 'connection_error', 'The gateway did not answer: the payment was not voided; try again');
    throw error;
  }
  const settled = await settlePayment(deps, row.cod_oper, (locked) => withdrawn ?? cancelledOutcome(locked, 'merchant'));
  const after = settled?.row ?? row;
  if (settled?.kind !== 'settled' || cancelReasonOf({ authStatus: after.auth_status, details: after.details }) !== 'merchant') refuseNotPending(after);
  if (withdrawn === undefined) await withdrawAtGateway(deps, after).catch(() => undefined);
  // Coins that reached a crypto address are owed back: the payer is told where they go.
  const refund = after.method === 'crypto' ? cryptoRefundOf(after) : null;
  if (refund) await mailRefund(deps, after, refund, recordedLanguage(after.lang), origin);
  return after;
}
