import type { Queryable } from '../../db/Database';
import type { CountedMail } from '@pasarela/core';
import { ApiError } from '../../errors/ApiError';
import { takeMailAllowance } from '../../mail/mailAllowance';

/** 429 with Retry-After when this e-mail is past one of its limits (docs/api.md); nothing is sent or recorded then. */
export async function allowMailOr429(db: Queryable, kind: CountedMail, whom: { recipient: string; senderUserId?: number }): Promise<void> {
  const refusal = await takeMailAllowance(db, kind, whom);
  if (!refusal) return;
  const seconds = refusal.retryAfterSeconds;
  const code = refusal.limit.per === 'recipient' ? 'too_many_emails' : 'too_many_payment_requests';
  throw new ApiError(429, code, `Too many e-mail requests: try again in ${seconds} s`, { 'retry-after': String(seconds) });
}
