import { CANCELLED_AUTH_STATUS, isAbandonableChallenge, recordedPaymentResult } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import type { TransactionRow } from '../store/transactions';
import { cancelledOutcome, settlePayment } from './settlePayment';
import { withdrawAtGateway } from './withdrawAtGateway';

const attemptOf = (row: TransactionRow) => ({ method: row.method, status: row.status, authStatus: row.auth_status, redirectUrl: row.redirect_url });

/** A card payment whose 3DS challenge the payer left for another card or method. */
export function leftByPayer(row: Pick<TransactionRow, 'method' | 'auth_status' | 'details'>): boolean {
  return row.method === 'card' && row.auth_status === CANCELLED_AUTH_STATUS && row.details['cancelReason'] === 'payer';
}

/**
 * The payer leaves a card payment's 3DS challenge to pay with another card or method: called off
 * on its locked row while it still waits at the challenge (settlePayment), so a challenge completed
 * after is refused, then withdrawn at the processor (its port's void). A challenge completed first
 * wins: its payment is answered as it stands (the receipt, or the bank's refusal), and nothing is
 * withdrawn. Asked twice, the same answer.
 */
export async function abandonCardChallenge(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow): Promise<TransactionRow> {
  if (leftByPayer(row)) return row;
  const settled = await settlePayment(deps, row.cod_oper, (locked) => isAbandonableChallenge(attemptOf(locked)) ? cancelledOutcome(locked, 'payer') : undefined);
  const after = settled?.row ?? row;
  if (settled?.kind === 'settled') {
    // The call-off is committed: any later answer is refused here whatever the processor says; this stops it asking the payer.
    await withdrawAtGateway(deps, after).catch(() => undefined);
    return after;
  }
  if (recordedPaymentResult(attemptOf(after)) === 'PENDING') {
    throw new PaymentError('conflict', 'not_at_challenge', 'This card payment is not waiting at a 3D Secure challenge: its issuer decides it');
  }
  return after;
}
