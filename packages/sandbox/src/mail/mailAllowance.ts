import { isPastMailLimit, MAIL_LIMITS, secondsUntil, type CountedMail, type MailLimit } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { giveBackWindowCount, takeWindowCount } from '../store/windowCounts';

export interface MailRefusal {
  limit: MailLimit;
  retryAfterSeconds: number;
}

/**
 * Takes this e-mail from each count of its kind (core MAIL_LIMITS) before it is sent, in the
 * database, so callers racing on any node cannot send past a limit. The first count past its limit
 * refuses it, and the counts taken before that one are given back: a refused e-mail uses up nothing.
 */
export async function takeMailAllowance(db: Queryable, kind: CountedMail, whom: { recipient: string; senderUserId?: number }): Promise<MailRefusal | null> {
  const taken: Array<{ purpose: string; who: string }> = [];
  for (const limit of MAIL_LIMITS[kind]) {
    const who = limit.per === 'recipient' ? whom.recipient.toLowerCase() : whom.senderUserId === undefined ? undefined : `user:${whom.senderUserId}`;
    if (who === undefined) continue;
    const purpose = `mail:${kind}:${limit.per}`;
    const { count, windowEndsAt } = await takeWindowCount(db, purpose, who, limit.windowMs);
    if (isPastMailLimit(count, limit)) {
      for (const earlier of taken) await giveBackWindowCount(db, earlier.purpose, earlier.who);
      return { limit, retryAfterSeconds: secondsUntil(windowEndsAt.getTime(), Date.now()) };
    }
    taken.push({ purpose, who });
  }
  return null;
}
