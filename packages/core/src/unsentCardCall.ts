// docs/security.md "Card data": a card payment's call that never left the server (the card vault
// refused the connection of its forwarding, or could not give a token's facts, a read made before
// anything is sent) charged nothing. "The attempt is forgotten at once and the payer is answered 503
// card_payments_unavailable ... only a retry of an attempt already recorded under the same trackId
// (in doubt: its first call may have charged)" is not: a refusal now says nothing of that first call.
// A call that may have left is never this rule's: it is in doubt, for the reconciler.

/** What the payment's trackId holds when its card call was not sent. */
type RecordedUnderTrackId =
  /** Nothing yet: the vault's read of the card came before any record. */
  | 'nothing'
  /** The attempt this very request recorded: its call is the one not sent. */
  | 'this_request_attempt'
  /** An attempt an earlier request recorded: its call may have reached the processor. */
  | 'earlier_attempt';

interface UnsentCardCall {
  recorded: RecordedUnderTrackId;
  /** A payer waits for the answer; a subscription's renewal has none and stays the reconciler's, which, told "never received", forgets it. */
  payerWaiting: boolean;
}

/**
 * What becomes of a card payment whose call was not sent. `nothing_charged`: no call under the
 * trackId can have reached the processor, so the attempt this request recorded (if any) is forgotten
 * and the payer told card payments are unavailable (503 card_payments_unavailable), to pay again once
 * they are back. `recorded_stands`: what the trackId holds stays as it is, asked about by its trackId.
 */
export function unsentCardCall(call: UnsentCardCall): 'nothing_charged' | 'recorded_stands' {
  return call.payerWaiting && call.recorded !== 'earlier_attempt' ? 'nothing_charged' : 'recorded_stands';
}
