import { cancelledByPayer, cancelReasonOf, isAbandonableBankPage, isAbandonableChallenge, recordedPaymentResult, type CancelReason } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import type { TransactionRow } from '../store/transactions';
import { cancelledOutcome, settlePayment } from './settlePayment';
import { withdrawAtGateway } from './withdrawAtGateway';

const attemptOf = (row: TransactionRow) => ({ method: row.method, status: row.status, authStatus: row.auth_status, redirectUrl: row.redirect_url });

/** A card challenge the payer left: from the checkout (for another card or method, maybe from another browser) or on the issuer's page. */
export function leftByPayer(row: Pick<TransactionRow, 'method' | 'auth_status' | 'details'>): boolean {
  return row.method === 'card' && cancelledByPayer(cancelReasonOf({ authStatus: row.auth_status, details: row.details }));
}

/** A card challenge called off for any reason (the payer's, another payment that paid its order, the shop's void): it takes no answer. */
export const calledOffChallenge = (row: Pick<TransactionRow, 'method' | 'auth_status' | 'details'>): boolean =>
  row.method === 'card' && cancelReasonOf({ authStatus: row.auth_status, details: row.details }) !== null;

/**
 * Called off on the locked row while it waits (so a later completion is refused), then withdrawn at the
 * processor; a challenge completed first wins and nothing is withdrawn. `payer_on_issuer_page`: cancelled
 * there, in the browser that shows it, so its receipt never reads as called off from elsewhere.
 */
export async function abandonCardChallenge(
  deps: Pick<Deps, 'db' | 'gateways'>,
  row: TransactionRow,
  reason: Extract<CancelReason, 'payer' | 'payer_on_issuer_page'> = 'payer',
): Promise<TransactionRow> {
  if (leftByPayer(row)) return row;
  const settled = await settlePayment(deps, row.cod_oper, (locked) => (isAbandonableChallenge(attemptOf(locked)) ? cancelledOutcome(locked, reason) : undefined));
  const after = settled?.row ?? row;
  if (settled?.kind === 'settled') {
    // Committed: any later answer is refused here; this stops the processor asking the payer.
    await withdrawAtGateway(deps, after).catch(() => undefined);
    return after;
  }
  if (recordedPaymentResult(attemptOf(after)) === 'PENDING') {
    throw new PaymentError('conflict', 'not_at_challenge', 'This card payment is not waiting at a 3D Secure challenge: its issuer decides it');
  }
  return after;
}

/**
 * The payer left the Clave bank's page without answering (its X, Escape or "Cancelar y volver"), or
 * gave up its wait in the checkout ("Cancelar y usar otro método", `payer`): called off on the locked
 * row as the payer's cancel (`payer_on_issuer_page` on the bank's page, told the merchant as `payer`),
 * never as the bank's refusal, then withdrawn at the bank, so the page takes no later answer. A bank
 * that answered first wins: nothing changes, and the row as locked says what it decided.
 */
export async function abandonBankPage(
  deps: Pick<Deps, 'db' | 'gateways'>,
  row: TransactionRow,
  reason: Extract<CancelReason, 'payer' | 'payer_on_issuer_page'> = 'payer_on_issuer_page',
): Promise<TransactionRow> {
  const settled = await settlePayment(deps, row.cod_oper, (locked) => (isAbandonableBankPage(attemptOf(locked)) ? cancelledOutcome(locked, reason) : undefined));
  const after = settled?.row ?? row;
  if (settled?.kind === 'settled') await withdrawAtGateway(deps, after).catch(() => undefined);
  return after;
}
