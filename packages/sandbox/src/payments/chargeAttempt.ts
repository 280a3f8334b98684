import { createHmac } from 'node:crypto';
import { chargeIdentityText, trackIdRepeatOf, SPECIFIC_ERROR_CODES, type ChargeIdentity } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { findTransactionByTrackId, type TransactionRow } from '../store/transactions';

/**
 * What is stored of a charge's identity: an HMAC under the card fingerprint key (shared by every
 * node), so a row does not give away the phone, e-mail or card behind it any more than it already
 * says. The prefix keeps it apart from the card fingerprints made with the same key.
 */
export function chargeFingerprint(key: Buffer, identity: ChargeIdentity): string {
  return createHmac('sha256', key).update(`charge:${chargeIdentityText(identity)}`).digest('hex');
}

/** Defaults of a ChargeIdentity for the fields a method does not have. */
export function identityOf(fields: Pick<ChargeIdentity, 'method' | 'target'> & Partial<ChargeIdentity>): ChargeIdentity {
  return { amountCents: null, taxCents: null, donationCents: 0, card: null, phone: '', email: '', variant: '', ...fields };
}

/**
 * The transaction an earlier request with this trackId made, when it made the same charge: the
 * caller answers it again. Another charge under the same trackId is conflict track_id_reused. The
 * database is the arbiter: track_id is unique, so this holds across nodes.
 */
export async function earlierAttempt(db: Queryable, trackId: string | undefined, fingerprint: string): Promise<TransactionRow | undefined> {
  if (!trackId) return undefined;
  const earlier = await findTransactionByTrackId(db, trackId);
  return earlier && sameChargeOrRefuse(earlier, fingerprint);
}

/** The row of a trackId seen before, when it made this charge; else conflict track_id_reused. */
export function sameChargeOrRefuse(earlier: TransactionRow, fingerprint: string): TransactionRow {
  if (trackIdRepeatOf(earlier.request_fingerprint, fingerprint) === 'reused') {
    throw new PaymentError('conflict', SPECIFIC_ERROR_CODES.trackIdReused, 'trackId was already used for another payment: send a new trackId for a new payment');
  }
  return earlier;
}

/** After an insert that found the trackId taken: the row that took it (same charge), or a conflict. */
export async function attemptThatWon(db: Queryable, trackId: string, fingerprint: string): Promise<TransactionRow> {
  const row = await earlierAttempt(db, trackId, fingerprint);
  if (!row) throw new Error('transaction neither inserted nor found');
  return row;
}
