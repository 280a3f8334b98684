import { cryptoRefundCoins, refundCheck, refundPathOf, type RefundRefusal } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { CardRefundAnswer } from '@pasarela/gateways';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import { cardReferenceOf } from './cardReference';
import { PaymentError } from '../errors/PaymentError';
import { creditBalance, findRefund, insertRefund, lockForRefund, markRefundFailed, markRefundSucceeded, recordRefundReference, type RefundRow } from '../store/refunds';
import type { TransactionRow } from '../store/transactions';
import { depositKeyOf } from './cryptoReceived';

/** Why a method cannot be refunded through Pasarela, for the refusal. */
const NOT_REFUNDABLE: Readonly<Record<string, string>> = {
  cash: 'A cash voucher paid at a kiosk cannot be refunded through Pasarela: the cash network has no way back to the payer; settle it with the payer directly',
  clave: 'A Clave payment cannot be refunded through Pasarela: the bank takes refunds only at its own counter; settle it with the payer directly',
};

/** What the payer paid: the amount, its tax and what went to a campaign, as the gateway charged it. */
export const paidCentsOf = (row: Pick<TransactionRow, 'amount_cents' | 'tax_cents' | 'campaign_cents'>) => row.amount_cents + row.tax_cents + row.campaign_cents;

/** Core's refusal as the merchant API's error. */
function refusalError(refusal: RefundRefusal, row: TransactionRow, remainingCents: number): PaymentError {
  switch (refusal) {
    case 'method_not_refundable': return new PaymentError('refused', 'refund_not_supported', NOT_REFUNDABLE[row.method] ?? `A ${row.method} payment cannot be refunded`);
    case 'payment_pending': return new PaymentError('conflict', 'transaction_not_refundable', 'The payment is still pending: nothing was paid to refund; void it instead');
    case 'payment_declined': return new PaymentError('conflict', 'transaction_not_refundable', 'The payment was declined: nothing was paid to refund');
    case 'fully_refunded': return new PaymentError('conflict', 'transaction_fully_refunded', 'Everything paid has been refunded already');
    case 'exceeds_remaining': return new PaymentError('refused', 'refund_exceeds_remaining', `amount is more than what remains to refund (${(remainingCents / 100).toFixed(2)})`);
    case 'amount_not_positive': return new PaymentError('invalid', 'invalid_amount', 'amount must be more than 0');
  }
}

/**
 * The port call that gives `refund` back; the refund's own id is the gateway's idempotency key.
 * A crypto refund sends its share of the coins received (core's cryptoRefundCoins, measured from
 * what the refunds before it hold) back to the address they came from. A card processor may answer
 * `pending`: its outcome comes later, as an event or to the refund reconciler's question.
 */
async function refundAtGateway(deps: Pick<Deps, 'gateways'>, row: TransactionRow, refund: RefundRow, heldBeforeCents: number): Promise<CardRefundAnswer> {
  const call = gatewayCall(refund.id);
  const answer = (status: 'refunded' | 'refused'): CardRefundAnswer => ({ status });
  switch (refundPathOf(row.method)) {
    case 'card': {
      const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
      if (!reference) return answer('refused');
      return deps.gateways.card.refund({ ...call, reference, amountCents: refund.amount_cents, currency: PAYMENT_CURRENCY });
    }
    case 'push': return answer(await deps.gateways.push.refund({ ...call, requestKey: row.cod_oper, amountCents: refund.amount_cents, currency: PAYMENT_CURRENCY }));
    case 'crypto': {
      const to = row.details['senderAddress'];
      if (typeof to !== 'string') return answer('refused');
      const amountCrypto = cryptoRefundCoins({ paidCrypto: Number(row.details['paidCrypto']), paidCents: paidCentsOf(row), heldCents: heldBeforeCents }, refund.amount_cents);
      return answer(await deps.gateways.crypto.refund({ ...call, depositKey: depositKeyOf(row.cod_oper, String(row.details['network'])), to, amountCrypto }));
    }
    default: return answer('refused');
  }
}

/**
 * A merchant's refund of `amountCents` (absent: all that remains) of its payment `codOper`.
 * The payment's row is locked while what remains is checked (core's refundCheck) and the refund's
 * part is held, so refunds racing on any node can never give back more than was paid. A balance
 * goes back to the wallet in that same transaction; any other method through its gateway's port
 * afterwards. A gateway that does not answer (or answers broken) leaves the refund pending, holding its part, for the
 * refund reconciler (payments/reconcileRefunds.ts). Undefined when the merchant has no such payment.
 */
export async function refundPayment(deps: Pick<Deps, 'db' | 'gateways'>, merchantId: number, codOper: string, amountCents: number | undefined): Promise<RefundRow | undefined> {
  const held = await deps.db.transaction(async (tx) => {
    const row = await lockForRefund(tx, codOper);
    if (!row || row.merchant_id !== merchantId) return undefined;
    const payment = { method: row.method, status: row.status, authStatus: row.auth_status, paidCents: paidCentsOf(row), heldCents: row.held_cents };
    const check = refundCheck(payment, amountCents);
    if ('refusal' in check) throw refusalError(check.refusal, row, payment.paidCents - payment.heldCents);
    const refund = await insertRefund(tx, { codOper, merchantId, amountCents: check.cents });
    if (row.method !== 'balance') return { row, refund };
    if (row.user_id === null || !(await creditBalance(tx, row.user_id, check.cents))) throw new PaymentError('conflict', 'refund_not_supported', 'The wallet that paid no longer exists');
    return { row, refund: (await markRefundSucceeded(tx, refund.id)) ?? refund };
  });
  if (!held) return undefined;
  if (held.refund.state !== 'pending') return held.refund;
  let answer: CardRefundAnswer;
  try {
    answer = await refundAtGateway(deps, held.row, held.refund, held.row.held_cents);
  } catch {
    // No answer, or a broken one (GatewayOutcomeUnknown, an adapter's 5xx): what the gateway did is
    // unknown, so the refund stays pending, keeps its part, and the refund reconciler asks by its key.
    return held.refund;
  }
  if (answer.reference) await recordRefundReference(deps.db, held.refund.id, answer.reference);
  // Pending at the processor: it stays pending here too, holding its part, until the processor says.
  if (answer.status === 'pending') return (await findRefund(deps.db, held.refund.id)) ?? held.refund;
  const done = await deps.db.transaction((tx) => (answer.status === 'refunded' ? markRefundSucceeded(tx, held.refund.id) : markRefundFailed(tx, held.refund.id, 'refused')));
  if (answer.status === 'refused') throw new PaymentError('gateway_failed', 'refund_refused', 'The gateway refused the refund; nothing was given back');
  // Settled meanwhile by the refund reconciler (an answer slower than its deadline): as it stands.
  return done ?? (await findRefund(deps.db, held.refund.id)) ?? held.refund;
}
