/**
 * What a payment service (and the store under it) says went wrong, in the domain's words: the kind
 * of failure and SPEC's catalogue code (`request_already_paid`, `3000`, ...). No HTTP here: onError
 * (http/onError.ts) maps the kind to a status, once, for every route.
 */
export type PaymentErrorKind =
  /** The input breaks a rule of its shape (a field missing, a card number, an amount). */
  | 'invalid'
  /** The caller may not do this (captcha, a merchant's domain or guest rule). */
  | 'forbidden'
  | 'not_found'
  /** The thing is in a state that forbids this (paid already, reused trackId, a duplicate). */
  | 'conflict'
  /** It existed and lapsed: an expired link, a payment's time to pay over. */
  | 'gone'
  /** Well formed but refused by a business rule (a brand not taken, not enough balance). */
  | 'refused'
  /** The gateway answered and refused or failed: nothing was taken. */
  | 'gateway_failed'
  /** A gateway did not answer and nothing was changed: try again. */
  | 'unavailable'
  /** A gateway did not answer and the outcome is unknown: it is being checked. */
  | 'in_doubt';

export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly kind: PaymentErrorKind,
    readonly code: string | number,
    /** Text naming what is wrong (a field, a limit); else the catalogue's text for code is used. */
    readonly detail?: string,
    /** Fields the answer carries beside code and message (a duplicate's earlier payment). */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(detail ?? String(code));
  }
}
