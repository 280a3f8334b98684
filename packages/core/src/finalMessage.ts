import type { PayerMessageKey } from './errorCodes';

/**
 * The payer's words of the codes errorEffect sends to their own page (3000 an expired link, 3001 no
 * such station): refused whatever is sent again. Written out here, not read from errorEffect, so the
 * checkout's first load (which holds errorEffect) carries none of it; errorCodes.test.ts checks they agree.
 */
const FINAL_KEYS: readonly PayerMessageKey[] = ['expired_link', 'link_not_found'];

/** Shown alone or with the way out, never with a button to try again. */
export function isFinalMessage(message: { key: string }): boolean {
  return (FINAL_KEYS as readonly string[]).includes(message.key);
}
