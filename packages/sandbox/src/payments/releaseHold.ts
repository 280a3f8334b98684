import { voidCheck } from '@pasarela/core';
import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { gatewayCall } from '../gateways/GatewayCall';
import { holdOf } from '../merchantView/paymentHold';
import { releaseHold as writeRelease } from '../store/holds';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { cardReferenceOf } from './cardReference';
import { holdRefusalError, notAHold } from './holdErrors';

/**
 * An uncaptured hold released at the card processor (core voidCheck: only uncaptured), then recorded
 * by a conditional write: by the merchant (`transaction.voided`) or by the reconciler at its deadline.
 */
export async function releaseHold(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow, how: 'released' | 'expired'): Promise<TransactionRow> {
  const hold = holdOf(row);
  if (!hold) throw notAHold();
  const check = voidCheck(hold);
  if ('refusal' in check) throw holdRefusalError(check.refusal, hold.heldCents);
  let answer: 'voided' | 'refused';
  try {
    const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
    // Never received by the processor: nothing is held there.
    answer = reference === null ? 'voided' : await deps.gateways.card.void({ ...gatewayCall(`void:${row.cod_oper}`), reference });
  } catch (error) {
    if (isGatewayOutcomeUnknown(error)) throw new PaymentError('unavailable', 'connection_error', 'The card processor did not answer: the hold was not released; try again');
    throw error;
  }
  if (answer === 'refused') throw new PaymentError('gateway_failed', 'void_refused', 'The card processor refused to release the hold; nothing changed');
  const released = await deps.db.transaction((tx) => writeRelease(tx, row.cod_oper, how));
  if (released) return released;
  // Changed meanwhile (a capture began, another release): what it is now decides the answer.
  const now = (await findTransaction(deps.db, row.cod_oper)) ?? row;
  const after = holdOf(now);
  if (after?.state === 'released' || after?.state === 'expired') return now;
  const refusal = after ? voidCheck(after) : undefined;
  throw holdRefusalError(refusal && 'refusal' in refusal ? refusal.refusal : 'capture_in_progress', hold.heldCents);
}
