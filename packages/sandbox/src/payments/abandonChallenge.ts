import { CANCELLED_AUTH_STATUS, isAbandonableChallenge, recordedPaymentResult } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import type { TransactionRow } from '../store/transactions';
import { cancelledOutcome, settlePayment } from './settlePayment';
import { withdrawAtGateway } from './withdrawAtGateway';

const attemptOf = (row: TransactionRow) => ({ method: row.method, status: row.status, authStatus: row.auth_status, redirectUrl: row.redirect_url });

export function leftByPayer(row: Pick<TransactionRow, 'method' | 'auth_status' | 'details'>): boolean {
  return row.method === 'card' && row.auth_status === CANCELLED_AUTH_STATUS && row.details['cancelReason'] === 'payer';
}

/**
 * Where the payer left the challenge: the checkout (for another card, or the order paid another way from
 * another browser) or the issuer's own page (its cancel), which the receipt tells apart: only the
 * former may have been another browser's doing.
 */
type ChallengeLeftAt = 'checkout' | 'issuer_page';

/** A card challenge the payer cancelled on the issuer's page, in the browser that shows it. */
export const leftOnIssuerPage = (row: Pick<TransactionRow, 'method' | 'auth_status' | 'details'>): boolean =>
  leftByPayer(row) && row.details['leftAt'] === 'issuer_page';

/**
 * Called off on the locked row while it waits (so a later completion is refused), then withdrawn at the
 * processor; a challenge completed first wins and nothing is withdrawn.
 */
export async function abandonCardChallenge(deps: Pick<Deps, 'db' | 'gateways'>, row: TransactionRow, leftAt: ChallengeLeftAt = 'checkout'): Promise<TransactionRow> {
  if (leftByPayer(row)) return row;
  const settled = await settlePayment(deps, row.cod_oper, (locked) => {
    if (!isAbandonableChallenge(attemptOf(locked))) return undefined;
    const outcome = cancelledOutcome(locked, 'payer');
    return { ...outcome, details: { ...outcome.details, leftAt } };
  });
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
