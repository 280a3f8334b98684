import * as v from 'valibot';

// One attempt, at most one charge: a repeated trackId is answered with what the first did; on a different charge it is refused (409).

export const TRACK_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export function isTrackId(value: string): boolean {
  return TRACK_ID_PATTERN.test(value);
}

/**
 * A payment's trackId as the payment routes take it (issue 89: "an empty trackId answers 500"): it
 * keys the attempt, so an empty or blank one is refused (400), never stored; at most 64 characters.
 */
export const TrackIdSchema = v.pipe(v.string('missing_arguments'), v.maxLength(64, 'missing_arguments'), v.check((s) => s.trim() !== '', 'missing_arguments'));

/** Never the card number or CVC, nor volatile fields a retry may change (captcha, fingerprint, language). */
export interface ChargeIdentity {
  method: string;
  target: string;
  /** Amount and tax as sent, in cents; null when the request left them to the link. */
  amountCents: number | null;
  taxCents: number | null;
  donationCents: number;
  /** Its keyed fingerprint, or the saved card's id; null for other methods. */
  card: string | null;
  phone: string;
  email: string;
  /** What else picks the charge within the method: the Nequi push or QR, the cash network. */
  variant: string;
}

export function chargeIdentityText(identity: ChargeIdentity): string {
  return JSON.stringify([
    identity.method, identity.target, identity.amountCents, identity.taxCents, identity.donationCents,
    identity.card, identity.phone.trim(), identity.email.trim().toLowerCase(), identity.variant,
  ]);
}

/** A transaction stored without a fingerprint (before they were kept) is answered as a repeat. */
export function trackIdRepeatOf(storedFingerprint: string | null, fingerprint: string): 'repeat' | 'reused' {
  return storedFingerprint === null || storedFingerprint === fingerprint ? 'repeat' : 'reused';
}

export const PaymentAttemptSchema = v.object({
  trackId: v.string(),
  codOper: v.string(),
  method: v.string(),
  status: v.number(),
  result: v.picklist(['APPROVED', 'PENDING', 'DECLINED']),
  authStatus: v.string(),
  messageSys: v.string(),
  redirectUrl: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
});
export type PaymentAttempt = v.InferOutput<typeof PaymentAttemptSchema>;
