// docs/security.md "Card data" and docs/gateways.md "GatewayCallNotSent": a payment's call that never
// left the server (the card vault, or the processor itself, refused the connection at the first
// try; or the vault could not give a token's facts, a read made before anything is sent) charged
// nothing. "The attempt is forgotten at once and the payer is answered 503 card_payments_unavailable"
// (a card) or "503 method_payments_unavailable" (a phone push, a voucher, Clave, crypto) "... only a
// retry of an attempt already recorded under the same trackId (in doubt: its first call may have
// charged)" is not: a refusal now says nothing of that first call. A call that may have left is
// never this rule's: it is in doubt, for the reconciler.

/** What the payment's trackId holds when its call was not sent. */
type RecordedUnderTrackId =
  /** Nothing yet: the vault's read of the card came before any record. */
  | 'nothing'
  /** The attempt this very request recorded: its call is the one not sent. */
  | 'this_request_attempt'
  /** An attempt an earlier request recorded: its call may have reached the processor. */
  | 'earlier_attempt';

interface UnsentPaymentCall {
  recorded: RecordedUnderTrackId;
  /** A payer waits for the answer; a subscription's renewal has none and stays the reconciler's, which, told "never received", forgets it. */
  payerWaiting: boolean;
}

/**
 * What becomes of a payment whose call was not sent. `nothing_charged`: no call under the trackId
 * can have reached the processor, so the attempt this request recorded (if any) is forgotten and the
 * payer told the method is unavailable for now (503), to pay again once it is back.
 * `recorded_stands`: what the trackId holds stays as it is, asked about by its trackId.
 */
export function unsentPaymentCall(call: UnsentPaymentCall): 'nothing_charged' | 'recorded_stands' {
  return call.payerWaiting && call.recorded !== 'earlier_attempt' ? 'nothing_charged' : 'recorded_stands';
}
