import { captureCheck, type MethodPrice } from '@pasarela/core';
import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { gatewayCall } from '../gateways/GatewayCall';
import { holdOf } from '../merchantView/paymentHold';
import { merchantPrices } from '../store/balanceTransactions';
import { finishCapture, readHold, reopenHold, startCapture } from '../store/holds';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { cardReferenceOf } from './cardReference';
import { holdRefusalError, notAHold } from './holdErrors';
import { receiptOfSettled, type ReceiptTo } from './receiptMail';
import { announceAdminChange } from '../changes/announcements';

/** Reads of a hold that changed under a capture before the capture gives up. */
const MAX_HOLD_READS = 3;

/** The capture's key names its amount: asked again (the reconciler, a lost answer), the processor captures once. */
const captureKeyOf = (row: Pick<TransactionRow, 'cod_oper' | 'captured_cents'>) => `capture:${row.cod_oper}:${row.captured_cents}`;

/**
 * A merchant captures a manual payment's hold, in part or whole, once (core captureCheck). The amount
 * is recorded first by a conditional write (a second capture at once finds it taken), then asked of
 * the card processor; its answer books the part, announces `transaction.captured` and mails the payer
 * the receipt of the part (linked on `receiptOrigin`); the rest is released there.
 */
export async function capturePayment(deps: Pick<Deps, 'db' | 'gateways'>, merchantId: number, codOper: string, amountCents: number | undefined, receiptOrigin: string): Promise<TransactionRow | undefined> {
  // A capture that finds the hold changed since its read (a void or another capture got there first)
  // reads it again: its refusal says what the hold is now, released or captured.
  for (let read = 0; read < MAX_HOLD_READS; read++) {
    const found = await readHold(deps.db, codOper);
    if (!found || found.row.merchant_id !== merchantId) return undefined;
    const held = holdOf(found.row);
    if (!held) throw notAHold();
    const hold = { ...held, currency: found.row.currency };
    const check = captureCheck(hold, amountCents, { captureBefore: found.row.capture_before, now: new Date() });
    if ('refusal' in check) throw holdRefusalError(check.refusal, hold.heldCents, hold.currency);
    // Written only while the hold is as read and before its deadline, by the database's clock: of two
    // captures or a capture and a void, one starts; a capture that crossed the deadline meanwhile, none.
    const started = await startCapture(deps.db, found.row, check.cents);
    if (started) return askCapture(deps, started, { origin: receiptOrigin, shop: found.shop }, found.prices);
    if (found.row.capture_before && found.row.capture_before.getTime() <= Date.now() + 1_000) throw holdRefusalError('hold_expired', hold.heldCents, hold.currency);
  }
  throw new PaymentError('conflict', 'transaction_not_capturable', 'The payment kept changing while it was being captured: read it and try again');
}

/**
 * A capture recorded as asked: asked of the processor under its key (again, for the reconciler), its
 * answer recorded. The payer's receipt, of what was captured, is written by the statement that
 * records the capture (finishCapture's conditional write): once, whichever node records it.
 */
export async function askCapture(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow, receiptTo: ReceiptTo | undefined, prices?: Record<string, MethodPrice>): Promise<TransactionRow> {
  let answer: 'captured' | 'refused';
  try {
    const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
    answer = reference === null ? 'refused'
      : await deps.gateways.card.capture({ ...gatewayCall(captureKeyOf(row)), reference, amountCents: row.captured_cents, currency: row.currency });
  } catch (error) {
    // Unknown what the processor did: left being captured, the reconciler asks again under the same key.
    if (isGatewayOutcomeUnknown(error)) throw new PaymentError('in_doubt', 'payment_error_try_again', 'The card processor did not answer; the capture is being checked');
    throw error;
  }
  if (answer === 'refused') {
    await reopenHold(deps.db, row);
    throw new PaymentError('gateway_failed', 'capture_refused', 'The card processor refused the capture; the hold is as it was');
  }
  const booksPrices = prices ?? (await merchantPrices(deps.db, row.merchant_id));
  // The receipt made from the row the capture makes (its part, captured_cents, written when it started).
  const receipt = receiptTo && (await receiptOfSettled(receiptTo)(deps.db, { ...row, hold_state: 'captured' }));
  const done = await deps.db.transaction((tx) => finishCapture(tx, row, booksPrices, receipt));
  if (done?.mailed) announceAdminChange(deps.db, { type: 'mail', ...done.mailed });
  return done?.row ?? (await findTransaction(deps.db, row.cod_oper)) ?? row;
}
