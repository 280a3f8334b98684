import * as v from 'valibot';

// One payment attempt makes at most one charge. A payment request carries a trackId (one per Pay
// click); the server answers a repeat of that request with what the first one did, refuses the same
// trackId on a different charge (409 SPECIFIC_ERROR_CODES.trackIdReused), and lets the payer's widget ask what became
// of an attempt (GET /api/v1/payments/attempts/:trackId).

/** The trackIds the server looks up: 1 to 64 letters, digits and `-_.:` (a v4 UUID is one). */
export const TRACK_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export function isTrackId(value: string): boolean {
  return TRACK_ID_PATTERN.test(value);
}

/**
 * What defines a charge, as the request states it: never the card number or CVC, never volatile
 * fields (captcha token, device fingerprint ids, language, channel), which a retry may change.
 */
export interface ChargeIdentity {
  /** The method that charges: card, nequi, yappy, cash, clave, crypto, balance. */
  method: string;
  /** The link or station code, or the subscription key. */
  target: string;
  /** Amount and tax as sent, in cents; null when the request left them to the link. */
  amountCents: number | null;
  taxCents: number | null;
  /** A card payment's donation to a campaign (SPEC 5), in cents. */
  donationCents: number;
  /** The card: its keyed fingerprint, or the saved card's id; null for other methods. */
  card: string | null;
  phone: string;
  email: string;
  /** What else picks the charge within the method: the Nequi push or QR, the cash network. */
  variant: string;
}

/** The identity as one stable text (fixed field order), to be hashed and stored with the transaction. */
export function chargeIdentityText(identity: ChargeIdentity): string {
  return JSON.stringify([
    identity.method, identity.target, identity.amountCents, identity.taxCents, identity.donationCents,
    identity.card, identity.phone.trim(), identity.email.trim().toLowerCase(), identity.variant,
  ]);
}

/**
 * A trackId seen before: the same charge is a repeat (answer what the first did); another charge
 * under it is refused. A transaction stored without a fingerprint (before they were kept) is
 * answered as a repeat, as it always was.
 */
export function trackIdRepeatOf(storedFingerprint: string | null, fingerprint: string): 'repeat' | 'reused' {
  return storedFingerprint === null || storedFingerprint === fingerprint ? 'repeat' : 'reused';
}

/**
 * GET /api/v1/payments/attempts/:trackId: what became of the attempt. `status` is the method's own
 * code (SPEC 4); `result` reads it through the method's status table, a declined or lapsed payment
 * being DECLINED.
 */
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
