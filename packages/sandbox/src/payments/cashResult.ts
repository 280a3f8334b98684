import { centsToAmount, displayStatusOf, formatPanamaDate, formatPanamaTime, recordedOutcomeOf, recordedPaymentResult } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { refuseIfPaidElsewhere } from './settlePayment';

/** SPEC 4 cash (core's table): an unpaid voucher past its 24 hours reads as lapsed until the reconciler records it. */
export function asOfNow(tx: TransactionRow): TransactionRow {
  const lapsed = displayStatusOf('cash', tx.status) === 'pending' && tx.expires_at !== null && tx.expires_at.getTime() <= Date.now();
  if (!lapsed) return tx;
  const expired = recordedOutcomeOf('cash', 'expired');
  return { ...tx, status: expired.status, auth_status: expired.authStatus };
}

/** A voucher's overall result, SPEC 4's cash table read with its auth status (core's recordedPaymentResult). */
export function voucherResult(tx: TransactionRow) {
  return recordedPaymentResult({ method: tx.method, status: tx.status, authStatus: tx.auth_status });
}

/** SPEC 3 "Cash result": totalAmount, stringDate, stringHour, type, Oper, user, status, message. */
export function cashResultOf(tx: TransactionRow) {
  const result = voucherResult(tx);
  return {
    totalAmount: centsToAmount(tx.amount_cents + tx.tax_cents),
    stringDate: formatPanamaDate(tx.created_at),
    stringHour: formatPanamaTime(tx.created_at),
    type: tx.details['network'],
    Oper: tx.cod_oper,
    user: tx.email,
    status: tx.status,
    message: result === 'APPROVED' ? 'paid' : result === 'PENDING' ? 'pending' : 'declined',
    reference: tx.reference,
    expiresAt: tx.expires_at?.toISOString() ?? null,
  };
}

export type CashResult = ReturnType<typeof cashResultOf>;

/**
 * A voucher's cash result as of now (lapsed when its 24 hours passed unpaid); not_found PAYMENT_NOT_FOUND for any other code.
 * A voucher called off because another payment paid its order is request_already_paid, naming that
 * payment, as a push's look is: the page that shows the voucher says the order is paid, never that it lapsed.
 */
export async function cashPaymentOf(deps: Pick<Deps, 'db'>, codOper: string): Promise<CashResult> {
  const tx = await findTransaction(deps.db, codOper);
  if (!tx || tx.method !== 'cash') throw new PaymentError('not_found', 'PAYMENT_NOT_FOUND');
  refuseIfPaidElsewhere(tx);
  return cashResultOf(asOfNow(tx));
}
