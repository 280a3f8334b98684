import { createHmac } from 'node:crypto';
import { chargeIdentityText, trackIdRepeatOf, SPECIFIC_ERROR_CODES, type ChargeIdentity } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { findTransactionByTrackId, type TransactionRow } from '../store/transactions';

/** An HMAC under the shared key, so a row gives away no phone, e-mail or card; the prefix keeps it apart from card fingerprints. */
export function chargeFingerprint(key: Buffer, identity: ChargeIdentity): string {
  return createHmac('sha256', key).update(`charge:${chargeIdentityText(identity)}`).digest('hex');
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
