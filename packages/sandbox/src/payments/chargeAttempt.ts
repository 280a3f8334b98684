import { createHash } from 'node:crypto';
import { chargeIdentityText, trackIdRepeatOf, SPECIFIC_ERROR_CODES, type ChargeIdentity } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { findTransactionByTrackId, type TransactionRow } from '../store/transactions';

/**
 * A digest of what the charge is, compared when a trackId comes again. The card in it is the vault's
 * fingerprint (keyed by the vault alone), so a row leads back to no card; the phone and e-mail are in
 * the attempt's row anyway. The same on every node with no key of the server's.
 */
export function chargeFingerprint(identity: ChargeIdentity): string {
  return createHash('sha256').update(`charge:${chargeIdentityText(identity)}`).digest('hex');
}

export function identityOf(fields: Pick<ChargeIdentity, 'method' | 'target'> & Partial<ChargeIdentity>): ChargeIdentity {
  return { amountCents: null, taxCents: null, donationCents: 0, card: null, phone: '', email: '', variant: '', ...fields };
}

/** Another charge under the same trackId is track_id_reused; track_id is unique, so this holds across nodes. */
export async function earlierAttempt(db: Queryable, trackId: string | undefined, fingerprint: string): Promise<TransactionRow | undefined> {
  if (!trackId) return undefined;
  const earlier = await findTransactionByTrackId(db, trackId);
  return earlier && sameChargeOrRefuse(earlier, fingerprint);
}

export function sameChargeOrRefuse(earlier: TransactionRow, fingerprint: string): TransactionRow {
  if (trackIdRepeatOf(earlier.request_fingerprint, fingerprint) === 'reused') {
    throw new PaymentError('conflict', SPECIFIC_ERROR_CODES.trackIdReused, 'trackId was already used for another payment: send a new trackId for a new payment');
  }
  return earlier;
}

export async function attemptThatWon(db: Queryable, trackId: string, fingerprint: string): Promise<TransactionRow> {
  const row = await earlierAttempt(db, trackId, fingerprint);
  if (!row) throw new Error('transaction neither inserted nor found');
  return row;
}
