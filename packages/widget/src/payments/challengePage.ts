import * as v from 'valibot';
import { waitingPaymentCall } from '@pasarela/core';
import type { ApiClient } from '../api/client';

/** A 3DS challenge's page as the server names it: a web page only, as it is opened in place of the checkout. */
export const ChallengePageSchema = v.pipe(v.string(), v.maxLength(2048), v.url(), v.regex(/^https?:\/\//i));

/** The server's word on a payment (GET payments/waiting/:codOper), of which only the challenge's page is read here. */
const WaitingAnswerSchema = v.object({ challengeUrl: v.fallback(v.optional(ChallengePageSchema), undefined) });

/**
 * The issuer's page of a card payment still at its 3DS challenge, as the server recorded it; null
 * when it names none (no longer waiting, or not a challenge). For a wait reached where no history
 * entry kept the page: a reopened checkout, another browser.
 */
export async function challengePageOf(api: ApiClient, codOper: string): Promise<string | null> {
  const answer = await api.get(waitingPaymentCall(codOper).path, WaitingAnswerSchema);
  return answer.challengeUrl ?? null;
}
