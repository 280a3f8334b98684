import * as v from 'valibot';
import { isLinkExpired } from './linkExpiry';

type EmailPaymentState = 'payable' | 'paid' | 'expired' | 'unknown';

export function emailPaymentState(request: { paid: boolean; expiresAt: string | number | null } | null | undefined, now: Date | number): EmailPaymentState {
  if (!request) return 'unknown';
  if (request.paid) return 'paid';
  return isLinkExpired(request.expiresAt, now) ? 'expired' : 'payable';
}

export const EMAIL_PAYMENT_REFUSALS = {
  unknown: 'PAYMENT_NOT_FOUND',
  paid: 'request_already_paid',
  expired: '3000',
} as const satisfies Record<Exclude<EmailPaymentState, 'payable'>, string>;

export function emailPaymentRefusalPath(code: string): string | null {
  const known = Object.values(EMAIL_PAYMENT_REFUSALS) as string[];
  return known.includes(code) ? `/pf/responseMessage?code=${encodeURIComponent(code)}` : null;
}

export const EmailPaymentRequestSchema = v.object({
  token: v.string(),
  code: v.string(),
  to: v.string(),
  amount: v.number(),
  taxAmount: v.optional(v.number(), 0),
  description: v.optional(v.string(), ''),
  sentAt: v.optional(v.string(), ''),
});
export type EmailPaymentRequest = v.InferOutput<typeof EmailPaymentRequestSchema>;
