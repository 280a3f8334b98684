import { SERVER_CODE_KEYS, errorEffect } from './errorCodes';

/**
 * A payer's message of an error that ends what can be paid here (an expired link, no such station):
 * the codes errorEffect sends to their own page, refused whatever is sent again. Shown alone or with
 * the way out, never with a button to try again. A module of its own: only the payment screens loaded
 * later ask it, so the checkout's first load does not carry it.
 */
export function isFinalMessage(message: { key: string }): boolean {
  return Object.entries(SERVER_CODE_KEYS).some(([code, key]) => key === message.key && errorEffect({ code }).route !== null);
}
