export type DeclineField = 'cardnumber' | 'expirationDate' | 'cvc';

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

/** Where a decline shows: beside the field that gets past it, where focus lands. A processing error retries the same card. */
export function declineFieldOf(authStatus: string | null | undefined): DeclineField {
  return FIELD_OF_AUTH_STATUS[(authStatus ?? '').trim().toUpperCase()] ?? 'cvc';
}

/** CANCELLED (the payer left the bank's 3DS page) is no decline: said above the form, not beside a field. */
export function refusalAlertOf(refused: { text: string; authStatus: string }):
  { alert: { key: 'payment_cancelled' | 'payment_declined'; text?: string }; alertField: DeclineField | null } {
  if (refused.authStatus.trim().toUpperCase() === 'CANCELLED') return { alert: { key: 'payment_cancelled' }, alertField: null };
  return { alert: { key: 'payment_declined', ...(refused.text ? { text: refused.text } : {}) }, alertField: declineFieldOf(refused.authStatus) };
}
