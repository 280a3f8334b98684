import { CANCELLED_AUTH_STATUS, cancelledStatusOf, cryptoRefundOnCancel, recordedPaymentResult } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { ApiError } from '../http/ApiError';
import { claimSingleUseLink, lockSingleUseLinkOf } from '../store/links';
import { lockOtherOpenAttempts, lockTransaction, writeOutcome, type PaymentOutcome, type TransactionRow } from '../store/transactions';
import { cryptoReceivedOf } from './cryptoReceived';

/** What settlePayment did. */
export type Settlement =
  /** The payment was waiting and now has this outcome. */
  | { kind: 'settled'; row: TransactionRow }
  /** It had ended before (another answer, the payer, a sweep got there first): nothing changed. */
  | { kind: 'finished'; row: TransactionRow }
  /** It would have paid a single-use link that another payment paid: it is called off instead. */
  | { kind: 'link_paid'; row: TransactionRow };

const resultOf = (row: Pick<TransactionRow, 'method' | 'status' | 'auth_status'>) =>
  recordedPaymentResult({ method: row.method, status: row.status, authStatus: row.auth_status });

const approves = (row: Pick<TransactionRow, 'method'>, outcome: PaymentOutcome) =>
  recordedPaymentResult({ method: row.method, status: outcome.status, authStatus: outcome.authStatus }) === 'APPROVED';

/** Why a waiting payment was called off: the payer chose another way, or another payment paid its single-use link. */
export type CancelReason = 'payer' | 'link_paid';

/** A waiting payment called off: the method's declined code; coins that reached a crypto address are owed back. */
export function cancelledOutcome(row: TransactionRow, reason: CancelReason): PaymentOutcome {
  const refund = row.method === 'crypto' ? cryptoRefundOnCancel(cryptoReceivedOf(row)) : null;
  return {
    status: cancelledStatusOf(row.method), authStatus: CANCELLED_AUTH_STATUS, messageKey: refund ? 'crypto_refund_pending' : 'cancelled',
    details: { cancelledAt: new Date().toISOString(), cancelReason: reason, ...(refund ? { refund } : {}) },
  };
}

/** A payer's status call about a payment called off because another paid its link: 409 request_already_paid. */
export function refuseIfLinkPaidElsewhere(row: TransactionRow): void {
  if (row.auth_status === CANCELLED_AUTH_STATUS && row.details['cancelReason'] === 'link_paid') {
    throw new ApiError(409, 'request_already_paid', 'Another payment paid this single-use link; this one was called off and charges nothing');
  }
}

/**
 * The payer calls off a payment they are waiting for (a Nequi or Yappy push, before paying another
 * way): from then on it cannot be paid. Answers the payment as it stands: called off now, or how
 * it ended first (approved: the payer must see the receipt, not pay again).
 */
export async function cancelWaitingPayment(db: Database, row: TransactionRow): Promise<TransactionRow> {
  const settled = await settlePayment(db, row.cod_oper, cancelledOutcome(row, 'payer'));
  return settled?.row ?? row;
}

/**
 * Once a payment has paid its single-use link, the link's other waiting payments (a Nequi push, a
 * voucher, a 3DS challenge) are called off in the same transaction, so none of them can be paid later.
 */
async function callOffTheOthers(tx: Queryable, paid: Pick<TransactionRow, 'link_code' | 'cod_oper'>): Promise<void> {
  if (!paid.link_code) return;
  for (const other of await lockOtherOpenAttempts(tx, paid.link_code, paid.cod_oper)) {
    if (resultOf(other) === 'PENDING') await writeOutcome(tx, other.cod_oper, cancelledOutcome(other, 'link_paid'));
  }
}

/**
 * The one way a waiting payment gets its outcome (a gateway's answer, the payer's bank page, a
 * kiosk, the chain, a sweep, the payer calling it off), on any node: the row is locked and changed
 * only while it is still pending, and an outcome that pays a single-use link claims the link in the
 * same transaction. Undefined when there is no such payment.
 */
export async function settlePayment(db: Database, codOper: string, outcome: PaymentOutcome): Promise<Settlement | undefined> {
  return db.transaction(async (tx) => {
    // The link before the payment: a card paying the same link at this moment takes them in that order too.
    const singleUseLink = await lockSingleUseLinkOf(tx, codOper);
    const row = await lockTransaction(tx, codOper);
    if (!row) return undefined;
    if (resultOf(row) !== 'PENDING') return { kind: 'finished', row };
    if (singleUseLink && approves(row, outcome)) {
      if (!(await claimSingleUseLink(tx, singleUseLink, codOper))) {
        // What the answer brought (coins that arrived) is kept, and owed back.
        const arrived = { ...row, details: { ...row.details, ...outcome.details } };
        const off = cancelledOutcome(arrived, 'link_paid');
        return { kind: 'link_paid', row: await writeOutcome(tx, codOper, { ...off, details: { ...outcome.details, ...off.details } }) };
      }
      await callOffTheOthers(tx, row);
    }
    return { kind: 'settled', row: await writeOutcome(tx, codOper, outcome) };
  });
}

/**
 * For a payment recorded as paid in the caller's transaction (a card approved at once, the wallet's
 * balance): on a single-use link it claims the link, or throws 409 request_already_paid so the
 * transaction, payment and all, rolls back.
 */
export async function claimLinkOrRefuse(tx: Queryable, row: TransactionRow, singleUse: boolean): Promise<void> {
  if (!singleUse || !row.link_code || resultOf(row) !== 'APPROVED') return;
  if (!(await claimSingleUseLink(tx, row.link_code, row.cod_oper))) throw new ApiError(409, 'request_already_paid', 'This single-use link was paid by another payment');
  await callOffTheOthers(tx, row);
}
