import { recordedPaymentResult } from './status';

// Issue 90: the vault "drops the CVC after authorization" (`DELETE /v1/cards/:token/cvc`), PCI DSS
// 3.3.1.2: no CVC is kept once the authorization is done. Every call of a typed card's payment
// carries its CVC until the payment's outcome is final (approved, declined, failed, called off by
// another payment); in doubt, at a 3DS challenge or pending, a later call of it may still need it.

/** A card payment as recorded. */
interface RecordedCardPayment {
  method: string;
  status: number;
  authStatus: string | null;
}

/** "After authorization": the recorded outcome is final, so no call of the payment carries the CVC again. */
export function cardOutcomeFinal(payment: RecordedCardPayment): boolean {
  return recordedPaymentResult(payment) !== 'PENDING';
}

/**
 * How a card call that failed ended, in the payment services' error kinds: the processor's failure
 * (`gateway_failed`, nothing taken) or the payment called off by another meanwhile (`conflict`)
 * ended it; anything else (no answer, a store or vault away, a refusal before the call) leaves it
 * for a retry that carries the CVC again.
 */
export function cardCallEnded(failureKind: string): boolean {
  return CARD_CALL_ENDINGS.has(failureKind);
}

const CARD_CALL_ENDINGS: ReadonlySet<string> = new Set(['gateway_failed', 'conflict']);
