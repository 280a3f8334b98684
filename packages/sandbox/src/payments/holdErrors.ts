import { minorUnitsText, type CaptureRefusal, type Currency, type VoidRefusal } from '@pasarela/core';
import { PaymentError } from '../errors/PaymentError';

/** A hold captured or being captured: refused alike to a capture and to a void. */
function capturedError(refusal: 'already_captured' | 'capture_in_progress'): PaymentError {
  return refusal === 'already_captured'
    ? new PaymentError('conflict', 'transaction_already_captured', 'The payment was captured already: to give money back to the payer, refund it')
    : new PaymentError('conflict', 'transaction_already_captured', 'A capture of this payment is being made');
}

/** Why a capture of a hold is refused. */
export function holdRefusalError(refusal: CaptureRefusal, heldCents: number, currency: Currency): PaymentError {
  switch (refusal) {
    case 'already_captured':
    case 'capture_in_progress': return capturedError(refusal);
    case 'release_in_progress': return new PaymentError('conflict', 'transaction_not_capturable', 'The hold is being released');
    case 'hold_released': return new PaymentError('conflict', 'transaction_not_capturable', 'The hold was released: nothing is left to capture');
    case 'hold_expired': return new PaymentError('conflict', 'transaction_not_capturable', 'The hold was not captured in time and was released');
    case 'exceeds_hold': return new PaymentError('refused', 'capture_exceeds_hold', `amount is more than the hold (${minorUnitsText(heldCents, currency)})`);
    case 'amount_not_positive': return new PaymentError('invalid', 'invalid_amount', 'amount must be more than 0');
    case 'amount_not_whole': return new PaymentError('invalid', 'invalid_amount', 'amount must be whole pesos: COP has no centavos');
    case 'donation_needs_whole': return new PaymentError('refused', 'capture_must_be_whole', `The payment carries a donation: capture all of it (${minorUnitsText(heldCents, currency)}) or void it`);
  }
}

/** Why a void of a hold is refused: a hold no longer held is said so as a void, not as a capture ("only ... can be captured"). */
export function voidRefusalError(refusal: VoidRefusal): PaymentError {
  switch (refusal) {
    case 'already_captured':
    case 'capture_in_progress': return capturedError(refusal);
    case 'release_in_progress': return new PaymentError('conflict', 'transaction_not_pending', 'The hold is being released already');
    case 'hold_released':
    case 'hold_expired': return new PaymentError('conflict', 'transaction_not_pending', 'The hold was released already: nothing is left to void');
  }
}

export const notAHold = () => new PaymentError('conflict', 'transaction_not_capturable', 'Only an approved payment of a manual-capture link holds money to capture');
