import { captureCheck } from '@pasarela/core';
import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { gatewayCall } from '../gateways/GatewayCall';
import { holdOf } from '../merchantView/paymentHold';
import { finishCapture, reopenHold, startCapture } from '../store/holds';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { lockTransaction } from '../store/transactionUpdates';
import { cardReferenceOf } from './cardReference';
import { holdRefusalError, notAHold } from './holdErrors';

/** The capture's key names its amount: asked again (the reconciler, a lost answer), the processor captures once. */
const captureKeyOf = (row: Pick<TransactionRow, 'cod_oper' | 'captured_cents'>) => `capture:${row.cod_oper}:${row.captured_cents}`;

/**
 * A merchant captures a manual payment's hold, in part or whole, once (core captureCheck). The amount
 * is recorded first by a conditional write (a second capture at once finds it taken), then asked of
 * the card processor; its answer books the part and announces `transaction.captured`; the rest is released there.
 */
export async function capturePayment(deps: Pick<Deps, 'db' | 'gateways'>, merchantId: number, codOper: string, amountCents: number | undefined): Promise<TransactionRow | undefined> {
  const started = await deps.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, codOper);
    if (!row || row.merchant_id !== merchantId) return undefined;
    const hold = holdOf(row);
    if (!hold) throw notAHold();
    const check = captureCheck({ ...hold, currency: row.currency }, amountCents);
    if ('refusal' in check) throw holdRefusalError(check.refusal, hold.heldCents);
    const capturing = await startCapture(tx, codOper, check.cents);
    if (!capturing) throw holdRefusalError('capture_in_progress', hold.heldCents);
    return capturing;
  });
  if (!started) return undefined;
  return askCapture(deps, started);
}

/** A capture recorded as asked: asked of the processor under its key (again, for the reconciler), its answer recorded. */
export async function askCapture(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow): Promise<TransactionRow> {
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
    await reopenHold(deps.db, row.cod_oper);
    throw new PaymentError('gateway_failed', 'capture_refused', 'The card processor refused the capture; the hold is as it was');
  }
  const done = await deps.db.transaction((tx) => finishCapture(tx, row.cod_oper));
  return done ?? (await findTransaction(deps.db, row.cod_oper)) ?? row;
}
