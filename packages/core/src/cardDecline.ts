// SPEC 4 "any other status shows an error": where that error is shown. A decline is put beside the
// form field the payer can change to get past it, so it is read where the focus lands.

/** The card form fields a decline can point to. */
export type DeclineField = 'cardnumber' | 'expirationDate' | 'cvc';

/** The gateway's authStatus of a decline -> the field that can fix it. */
const FIELD_OF_AUTH_STATUS: Readonly<Record<string, DeclineField>> = {
  INCORRECT_CVC: 'cvc',
  INVALID_CVC: 'cvc',
  EXPIRED_CARD: 'cardnumber',
  INSUFFICIENT_FUNDS: 'cardnumber',
  DECLINED: 'cardnumber',
  AUTHENTICATION_FAILED: 'cardnumber',
  LOST_CARD: 'cardnumber',
  STOLEN_CARD: 'cardnumber',
};

/**
 * The field a card decline is shown beside. Another card is the way past a refused or expired one
 * (the card number); a wrong code is typed again (the CVC). Anything else, a processing error
 * included, is retried with the same card, whose CVC is the one field typed again.
 */
export function declineFieldOf(authStatus: string | null | undefined): DeclineField {
  return FIELD_OF_AUTH_STATUS[(authStatus ?? '').trim().toUpperCase()] ?? 'cvc';
}

/**
 * The card form's alert for an attempt that ended unpaid, from its receipt (messageSys and auth
 * status): a payment called off before it was completed (CANCELLED: the payer cancelled their bank's
 * 3DS page, or left it) is no decline, so it is said as such, above the form; any other is the
 * bank's refusal with its reason, beside the field that can fix it.
 */
export function refusalAlertOf(refused: { text: string; authStatus: string }):
  { alert: { key: 'payment_cancelled' | 'payment_declined'; text?: string }; alertField: DeclineField | null } {
  if (refused.authStatus.trim().toUpperCase() === 'CANCELLED') return { alert: { key: 'payment_cancelled' }, alertField: null };
  return { alert: { key: 'payment_declined', ...(refused.text ? { text: refused.text } : {}) }, alertField: declineFieldOf(refused.authStatus) };
}
