import type { Deps } from '../Deps';
import { gatewayCall, GatewayOutcomeUnknown } from '../gateways/GatewayCall';
import { ApiError } from '../http/ApiError';
import { merchantResultOf } from '../webhooks/merchantResultOf';
import { creditBalance, insertRefund, lockForRefund, markRefundFailed, markRefundSucceeded, type RefundRow } from '../store/refunds';
import type { TransactionRow } from '../store/transactions';
import { depositKeyOf } from './cryptoReceived';

/** How a method's money goes back: through its gateway's port, or (the wallet's balance) in Pasarela's own ledger. */
type RefundPath = 'card' | 'push' | 'crypto' | 'balance';

/** Why a method cannot be refunded through Pasarela, for the refusal (undefined: it can). */
const NOT_REFUNDABLE: Readonly<Record<string, string>> = {
  cash: 'A cash voucher paid at a kiosk cannot be refunded through Pasarela: the cash network has no way back to the payer; settle it with the payer directly',
  clave: 'A Clave payment cannot be refunded through Pasarela: the bank takes refunds only at its own counter; settle it with the payer directly',
};

function refundPathOf(method: string): RefundPath | undefined {
  if (method === 'card') return 'card';
  if (method === 'nequi' || method === 'yappy') return 'push';
  if (method === 'crypto') return 'crypto';
  if (method === 'balance') return 'balance';
  return undefined;
}

/** What the payer paid: the amount, its tax and what went to a campaign, as the gateway charged it. */
export const paidCentsOf = (row: Pick<TransactionRow, 'amount_cents' | 'tax_cents' | 'campaign_cents'>) => row.amount_cents + row.tax_cents + row.campaign_cents;

/** The part of a payment a refund may still give back: what was paid less what refunds hold or gave. */
function checkRefund(row: TransactionRow, heldCents: number, amountCents: number | undefined): number {
  const path = refundPathOf(row.method);
  if (!path) throw new ApiError(422, 'refund_not_supported', NOT_REFUNDABLE[row.method] ?? `A ${row.method} payment cannot be refunded`);
  const result = merchantResultOf({ method: row.method, status: row.status, authStatus: row.auth_status });
  if (result !== 'APPROVED') {
    throw new ApiError(409, 'transaction_not_refundable', result === 'PENDING'
      ? 'The payment is still pending: nothing was paid to refund; void it instead'
      : 'The payment was declined: nothing was paid to refund');
  }
  const remaining = paidCentsOf(row) - heldCents;
  if (remaining <= 0) throw new ApiError(409, 'transaction_fully_refunded', 'Everything paid has been refunded already');
  const cents = amountCents ?? remaining;
  if (cents > remaining) throw new ApiError(422, 'refund_exceeds_remaining', `amount is more than what remains to refund (${(remaining / 100).toFixed(2)})`);
  // The crypto processor sends the coins back in one transfer to the address they came from.
  if (path === 'crypto' && cents !== remaining) throw new ApiError(422, 'partial_refund_not_supported', 'amount: a crypto payment is refunded in full only (send no amount)');
  return cents;
}

/** The port call that gives `refund` back; its own id is the gateway's idempotency key. */
async function refundAtGateway(deps: Pick<Deps, 'gateways'>, row: TransactionRow, refund: RefundRow): Promise<'refunded' | 'refused'> {
  const call = gatewayCall(refund.id);
  switch (refundPathOf(row.method)) {
    case 'card': return deps.gateways.card.refund({ ...call, authorizationKey: row.cod_oper, amountCents: refund.amount_cents });
    case 'push': return deps.gateways.push.refund({ ...call, requestKey: row.cod_oper, amountCents: refund.amount_cents });
    case 'crypto': {
      const to = row.details['senderAddress'];
      if (typeof to !== 'string') return 'refused';
      return deps.gateways.crypto.refund({ ...call, depositKey: depositKeyOf(row.cod_oper, String(row.details['network'])), to, amountCrypto: Number(row.details['paidCrypto']) });
    }
    default: return 'refused';
  }
}

/**
 * A merchant's refund of `amountCents` (absent: all that remains) of its payment `codOper`.
 * The payment's row is locked while what remains is checked and the refund's part is held, so
 * refunds racing on any node can never give back more than was paid. A balance goes back to the
 * wallet in that same transaction; any other method through its gateway's port afterwards.
 * Undefined when the merchant has no such payment.
 */
export async function refundPayment(deps: Pick<Deps, 'db' | 'gateways'>, merchantId: number, codOper: string, amountCents: number | undefined): Promise<RefundRow | undefined> {
  const held = await deps.db.transaction(async (tx) => {
    const row = await lockForRefund(tx, codOper);
    if (!row || row.merchant_id !== merchantId) return undefined;
    const cents = checkRefund(row, row.held_cents, amountCents);
    const refund = await insertRefund(tx, { codOper, merchantId, amountCents: cents });
    if (row.method !== 'balance') return { row, refund };
    if (row.user_id === null || !(await creditBalance(tx, row.user_id, cents))) throw new ApiError(409, 'refund_not_supported', 'The wallet that paid no longer exists');
    return { row, refund: (await markRefundSucceeded(tx, refund.id)) ?? refund };
  });
  if (!held) return undefined;
  if (held.refund.state !== 'pending') return held.refund;
  let answer: 'refunded' | 'refused';
  try {
    answer = await refundAtGateway(deps, held.row, held.refund);
  } catch (error) {
    // The gateway did not answer: what it did is unknown, so the refund stays pending and keeps its part.
    if (error instanceof GatewayOutcomeUnknown) return held.refund;
    throw error;
  }
  const done = await deps.db.transaction((tx) => (answer === 'refunded' ? markRefundSucceeded(tx, held.refund.id) : markRefundFailed(tx, held.refund.id, 'refused by the gateway')));
  if (answer === 'refused') throw new ApiError(502, 'refund_refused', 'The gateway refused the refund; nothing was given back');
  return done ?? held.refund;
}
