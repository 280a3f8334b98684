import * as v from 'valibot';
import { isLinkExpired } from './linkExpiry';

// SPEC 2 "/pf/emailPayment | Email payment page"; SPEC 7 "send/list/pending activities"; SPEC 8
// "3000 expired link", "request_already_paid", "PAYMENT_NOT_FOUND". A payment request sent by
// e-mail is opened from its link and paid once.

type EmailPaymentState = 'payable' | 'paid' | 'expired' | 'unknown';

/** The request's state: unknown, paid once already, past its link's EXPIRES_AT, or payable. */
export function emailPaymentState(request: { paid: boolean; expiresAt: string | number | null } | null | undefined, now: Date | number): EmailPaymentState {
  if (!request) return 'unknown';
  if (request.paid) return 'paid';
  return isLinkExpired(request.expiresAt, now) ? 'expired' : 'payable';
}

/** The response-message code each refused state answers with (the page /pf/responseMessage?code= shows it). */
export const EMAIL_PAYMENT_REFUSALS = {
  unknown: 'PAYMENT_NOT_FOUND',
  paid: 'request_already_paid',
  expired: '3000',
} as const satisfies Record<Exclude<EmailPaymentState, 'payable'>, string>;

/** The response-message page for a refused request's error code, or null when the code is none of them. */
export function emailPaymentRefusalPath(code: string): string | null {
  const known = Object.values(EMAIL_PAYMENT_REFUSALS) as string[];
  return known.includes(code) ? `/pf/responseMessage?code=${encodeURIComponent(code)}` : null;
}

/** What GET email-payments/:token answers for a payable request. */
export const EmailPaymentRequestSchema = v.object({
  token: v.string(),
  /** The payment link the request pays (type lk). */
  code: v.string(),
  to: v.string(),
  amount: v.number(),
  taxAmount: v.optional(v.number(), 0),
  description: v.optional(v.string(), ''),
  sentAt: v.optional(v.string(), ''),
});
export type EmailPaymentRequest = v.InferOutput<typeof EmailPaymentRequestSchema>;
