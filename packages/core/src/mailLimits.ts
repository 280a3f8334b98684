// docs/api.md "POST register", "POST recovery password", "send activities": the e-mails anyone can
// have the provider send (a code, a payment request) are held to a few per address and per account,
// so the wallet is no relay for mail to strangers. Counted per window from its first e-mail.

const HOUR_MS = 60 * 60 * 1000;

/** What a caller can have e-mailed: each counts apart, so payment requests never use up a payer's codes. */
export type CountedMail = 'registration_code' | 'recovery_code' | 'payment_request';

export interface MailLimit {
  /** Whose count: the address written to, or the wallet account that sends. */
  per: 'recipient' | 'sender';
  max: number;
  windowMs: number;
}

export const MAIL_LIMITS: Readonly<Record<CountedMail, readonly MailLimit[]>> = {
  registration_code: [{ per: 'recipient', max: 5, windowMs: HOUR_MS }],
  recovery_code: [{ per: 'recipient', max: 5, windowMs: HOUR_MS }],
  payment_request: [
    { per: 'recipient', max: 5, windowMs: HOUR_MS },
    { per: 'sender', max: 20, windowMs: 24 * HOUR_MS },
  ],
};

/** The `count`th e-mail of its window (counted before it is sent) is refused past the limit. */
export function isPastMailLimit(count: number, limit: MailLimit): boolean {
  return count > limit.max;
}

/** Whole seconds until a window ends, at least 1: the Retry-After of a refusal. */
export function secondsUntil(endsAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((endsAtMs - nowMs) / 1000));
}
