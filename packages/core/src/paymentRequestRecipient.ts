/** The refusal of a wallet payment request e-mailed to its own sender (SPEC 7 "send activities"). */
export const PAYMENT_REQUEST_TO_SELF = 'payment_request_to_self';

/**
 * Whether a payment request asks its own sender: the recipient's address is the sender's account
 * e-mail, whatever its case or the spaces around it (mail limits count addresses the same way).
 * Asking yourself for money pays nobody, and it would spend the hourly and daily request counts.
 */
export function requestsOwnAddress(to: string, senderEmail: string): boolean {
  const own = senderEmail.trim().toLowerCase();
  return own !== '' && to.trim().toLowerCase() === own;
}
