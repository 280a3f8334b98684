import { voidCheck } from '@pasarela/core';
import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { gatewayCall } from '../gateways/GatewayCall';
import { holdOf } from '../merchantView/paymentHold';
import { finishRelease, reopenHold, startRelease } from '../store/holds';
import { freeSingleUseLink, lockSingleUseLinkOf } from '../store/links';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { lockTransaction } from '../store/transactionUpdates';
import { cardReferenceOf } from './cardReference';
import { notAHold, voidRefusalError } from './holdErrors';

/**
 * An uncaptured hold released (core voidCheck: only uncaptured): claimed first by a conditional write
 * (a capture or another release at once finds it taken), released at the card processor, then
 * recorded: by the merchant (`transaction.voided`) or by the reconciler at its deadline.
 */
export async function releaseHold(deps: Pick<Deps, 'db' | 'gateways'>, codOper: string, how: 'released' | 'expired'): Promise<TransactionRow> {
  const started = await deps.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, codOper);
    const hold = row ? holdOf(row) : null;
    if (!row || !hold) throw notAHold();
    const check = voidCheck(hold);
    if ('refusal' in check) throw voidRefusalError(check.refusal);
    const releasing = await startRelease(tx, codOper);
    if (!releasing) throw notAHold();
    return releasing;
  });
  return askRelease(deps, started, how);
}

async function releasedAtProcessor(deps: Pick<Deps, 'gateways'>, row: TransactionRow): Promise<boolean> {
  try {
    const said = await deps.gateways.card.lookup({ ...gatewayCall(row.cod_oper), reference: row.gateway_reference });
    return said?.status === 'voided';
  } catch {
    return false;
  }
}

/** A release recorded as asked: asked of the processor under its key (again, for the reconciler), its answer recorded. */
export async function askRelease(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow, how: 'released' | 'expired'): Promise<TransactionRow> {
  let answer: 'voided' | 'refused';
  try {
    const reference = await cardReferenceOf(deps, row.cod_oper, row.gateway_reference);
    // Never received by the processor: nothing is held there.
    answer = reference === null ? 'voided' : await deps.gateways.card.void({ ...gatewayCall(`void:${row.cod_oper}`), reference });
  } catch (error) {
    // Unknown what the processor did: left being released, the reconciler asks again under the same key.
    if (isGatewayOutcomeUnknown(error)) throw new PaymentError('in_doubt', 'payment_error_try_again', 'The card processor did not answer; the release of the hold is being checked');
    throw error;
  }
  // Refused, yet the processor's books may say the hold is let go already (released under another
  // key: its dashboard, an earlier release whose answer was lost): then it is released here too.
  if (answer === 'refused' && (await releasedAtProcessor(deps, row))) answer = 'voided';
  if (answer === 'refused') {
    await reopenHold(deps.db, row);
    throw new PaymentError('gateway_failed', 'void_refused', 'The card processor refused to release the hold; nothing changed');
  }
  const released = await deps.db.transaction(async (tx) => {
    // The link's lock first, the order a payer of the link takes them in; a released hold paid nothing,
    // so a single-use link it claimed is open again in the same transaction.
    const singleUseLink = await lockSingleUseLinkOf(tx, row.cod_oper);
    const done = await finishRelease(tx, row.cod_oper, how);
    if (done && singleUseLink) await freeSingleUseLink(tx, singleUseLink, row.cod_oper);
    return done;
  });
  return released ?? (await findTransaction(deps.db, row.cod_oper)) ?? row;
}
