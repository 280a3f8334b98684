import { cryptoRefundCoins, holdRefundRefusal, minorUnitsText, refundCheck, refundPathOf, type HoldRefundRefusal, type RefundRefusal } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { CardRefundAnswer } from '@pasarela/gateways';
import { gatewayCall } from '../gateways/GatewayCall';
import { cardReferenceOf } from './cardReference';
import { PaymentError } from '../errors/PaymentError';
import { findRefund, findRefundOfRequest, insertRefund, lockPaymentMoney, markRefundSucceeded, recordRefundReference, type RefundRow } from '../store/refunds';
import { paidCentsOf, type TransactionRow } from '../store/transactions';
import { creditBalance } from '../store/balanceMovements';
import { depositKeyOf } from './cryptoReceived';
import { capturedCentsOfRow, holdOf } from '../merchantView/paymentHold';
import { failPendingRefund } from './refundFailed';

const NOT_REFUNDABLE: Readonly<Record<string, string>> = {
  cash: 'A cash voucher paid at a kiosk cannot be refunded through Pasarela: the cash network has no way back to the payer; settle it with the payer directly',
  clave: 'A Clave payment cannot be refunded through Pasarela: the bank takes refunds only at its own counter; settle it with the payer directly',
};

function refusalError(refusal: RefundRefusal, row: TransactionRow, remainingCents: number): PaymentError {
  switch (refusal) {
    case 'method_not_refundable': return new PaymentError('refused', 'refund_not_supported', NOT_REFUNDABLE[row.method] ?? `A ${row.method} payment cannot be refunded`);
    case 'payment_pending': return new PaymentError('conflict', 'transaction_not_refundable', 'The payment is still pending: nothing was paid to refund; void it instead');
    case 'payment_declined': return new PaymentError('conflict', 'transaction_not_refundable', 'The payment was declined: nothing was paid to refund');
    case 'fully_refunded': return new PaymentError('conflict', 'transaction_fully_refunded', 'Everything paid has been refunded already');
    case 'held_by_pending_refunds': return new PaymentError('refused', 'refund_exceeds_remaining', `pending refunds hold the rest: ${minorUnitsText(remainingCents, row.currency)} remains to refund`);
    case 'exceeds_remaining': return new PaymentError('refused', 'refund_exceeds_remaining', `amount is more than what remains to refund (${minorUnitsText(remainingCents, row.currency)})`);
    case 'amount_not_positive': return new PaymentError('invalid', 'invalid_amount', 'amount must be more than 0');
    case 'amount_not_whole': return new PaymentError('invalid', 'invalid_amount', 'amount must be whole pesos: COP has no centavos');
    case 'charge_disputed': return new PaymentError('conflict', 'charge_disputed', 'The charge is disputed: nothing can be refunded while the dispute is open, nor the money the dispute took');
  }
}

/**
 * The refund's own id is the gateway's idempotency key. Crypto sends its share of the coins back to
 * their address; a card processor may answer `pending`, its outcome coming later.
 */
async function refundAtGateway(deps: Pick<Deps, 'gateways'>, row: TransactionRow, refund: RefundRow, heldBeforeCents: number): Promise<CardRefundAnswer> {
  const call = gatewayCall(refund.id);
  const answer = (status: 'refunded' | 'refused'): CardRefundAnswer => ({ status });
  switch (refundPathOf(row.method)) {
    case 'card': {
      const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
      if (!reference) return answer('refused');
      return deps.gateways.card.refund({ ...call, reference, amountCents: refund.amount_cents, currency: row.currency });
    }
    case 'push': return answer(await deps.gateways.push.refund({ ...call, requestKey: row.cod_oper, amountCents: refund.amount_cents, currency: row.currency }));
    case 'crypto': {
      const to = row.details['senderAddress'];
      if (typeof to !== 'string') return answer('refused');
      const amountCrypto = cryptoRefundCoins({ paidCrypto: Number(row.details['paidCrypto']), quotedCrypto: Number(row.details['amountCrypto']), paidCents: paidCentsOf(row), heldCents: heldBeforeCents }, refund.amount_cents);
      return answer(await deps.gateways.crypto.refund({ ...call, depositKey: depositKeyOf(row), to, amountCrypto }));
    }
    default: return answer('refused');
  }
}

/** Why a manual payment's hold cannot be refunded, said so that what it advises can be done. */
const HOLD_REFUND_REFUSALS: Readonly<Record<HoldRefundRefusal, string>> = {
  hold_open: 'The payment is a hold not captured: nothing was taken to refund; capture or void it',
  capture_in_progress: 'A capture of this hold is being made: refund it once it is captured',
  hold_released: 'The hold was released uncaptured: nothing was taken to refund',
};

/** The merchant call a refund is made for: its Idempotency-Key, and whether a node died running it (KeyedRequest). */
export interface RefundRequest {
  key: string;
  since: Date;
  resumed: boolean;
}

/**
 * The payment row is locked while what remains is checked and the refund's part held, so refunds
 * racing on any node, or a dispute arriving, never give back more than was paid and not disputed. A balance goes back in that transaction,
 * other methods through the port after it; no answer leaves the refund pending for the reconciler.
 * A call taken over from a node that died (`request.resumed`) goes on with the refund that node made
 * under the call's key, if any: made or failed, it is the answer as it stands (failed, the merchant
 * refunds again under a new key); pending, its processor is asked again under the refund's own id,
 * which never refunds twice. Only a call that recorded no refund under the key (refused before, or
 * killed before its insert committed) is run again.
 */
export async function refundPayment(
  deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, merchantId: number, codOper: string, amountCents: number | undefined, request?: RefundRequest,
): Promise<RefundRow | undefined> {
  const held = await deps.db.transaction(async (tx) => {
    const row = await lockPaymentMoney(tx, codOper);
    if (!row || row.merchant_id !== merchantId) return undefined;
    const made = request?.resumed ? await findRefundOfRequest(tx, codOper, merchantId, request.key, request.since) : undefined;
    // Its part is held already (a failed one holds none): the processor's coins are counted as before it.
    if (made) return { row, refund: made, heldBeforeCents: row.held_cents - (made.state === 'pending' ? made.amount_cents : 0), resumed: true };
    const hold = holdOf(row);
    const holdRefusal = hold ? holdRefundRefusal(hold) : undefined;
    if (holdRefusal) throw new PaymentError('conflict', 'transaction_not_refundable', HOLD_REFUND_REFUSALS[holdRefusal]);
    // Of a manual payment, only what was captured may go back (core capturedCentsOf).
    const payment = { method: row.method, status: row.status, authStatus: row.auth_status, paidCents: capturedCentsOfRow(row), heldCents: row.held_cents, pendingRefundCents: row.pending_refund_cents, disputes: row.disputes.map((d) => d.booked), currency: row.currency };
    const check = refundCheck(payment, amountCents);
    if ('refusal' in check) throw refusalError(check.refusal, row, Math.max(0, payment.paidCents - payment.heldCents));
    const refund = await insertRefund(tx, { codOper, merchantId, amountCents: check.cents, requestKey: request?.key });
    const fresh = { row, heldBeforeCents: row.held_cents, resumed: false };
    if (row.method !== 'balance') return { ...fresh, refund };
    const credit = row.user_id === null ? 'no_wallet' : await creditBalance(tx, row.user_id, check.cents);
    if (credit === 'no_wallet') throw new PaymentError('conflict', 'refund_not_supported', 'The wallet that paid no longer exists');
    // The wallet could not hold it (store/balanceMovements WALLET_BALANCE_MAX_CENTS): refused, the refund's row rolled
    // back with it, so the money stays the merchant's and the payment refundable (an amount that fits, or later).
    if (credit === 'balance_full') throw new PaymentError('conflict', 'wallet_balance_full', 'The wallet that paid cannot hold this refund');
    return { ...fresh, refund: (await markRefundSucceeded(tx, refund.id)) ?? refund };
  });
  if (!held) return undefined;
  const count = (outcome: 'succeeded' | 'pending' | 'failed') => deps.metrics?.countRefund(outcome);
  if (held.refund.state !== 'pending') {
    // One a node that died made was counted where it was settled.
    if (!held.resumed) count(held.refund.state === 'succeeded' ? 'succeeded' : 'failed');
    return held.refund;
  }
  let answer: CardRefundAnswer;
  try {
    answer = await refundAtGateway(deps, held.row, held.refund, held.heldBeforeCents);
  } catch {
    // Unknown what the gateway did: pending, holding its part, for the refund reconciler.
    count('pending');
    return held.refund;
  }
  const reference = answer.reference;
  if (answer.status === 'pending') {
    count('pending');
    return (reference ? await recordRefundReference(deps.db, held.refund.id, reference) : await findRefund(deps.db, held.refund.id)) ?? held.refund;
  }
  // The outcome with the processor's reference, the refund's second commit: made, with its books
  // line (two statements); refused, with what an open dispute booked meanwhile may take now.
  const done = await deps.db.transaction((tx) => (answer.status === 'refunded'
    ? markRefundSucceeded(tx, held.refund.id, reference)
    : failPendingRefund(tx, held.refund.id, 'refused', reference)));
  if (done) count(answer.status === 'refunded' ? 'succeeded' : 'failed');
  // Settled meanwhile by the refund reconciler (an answer slower than its deadline): the reference kept all the same.
  const settled = done ?? (reference ? await recordRefundReference(deps.db, held.refund.id, reference) : undefined);
  if (answer.status === 'refused') throw new PaymentError('gateway_failed', 'refund_refused', 'The gateway refused the refund; nothing was given back');
  return settled ?? (await findRefund(deps.db, held.refund.id)) ?? held.refund;
}
