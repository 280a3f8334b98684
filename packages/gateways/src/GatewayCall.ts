/**
 * The same idempotency key sent again (a retry, after a crash) never makes a second charge. The server
 * abandons a call still running at its deadline: its outcome then counts as unknown.
 */
export interface GatewayCall {
  idempotencyKey: string;
  deadline: Date;
}

/** A read that acts on no attempt (the coins a processor takes, a price): only the moment the caller stops waiting. */
export type GatewayRead = Pick<GatewayCall, 'deadline'>;

/** Whether a value carries a brand: a registered symbol, so an error made by any copy of this module has it. */
function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

const UNKNOWN_OUTCOME = Symbol.for('pasarela.gatewayOutcomeUnknown');

/**
 * What the gateway did is unknown until the reconciler asks it by key. Recognised by its brand
 * (isGatewayOutcomeUnknown), never `instanceof`: the server and an adapter may hold their own copies.
 */
export class GatewayOutcomeUnknown extends Error {
  override readonly name = 'GatewayOutcomeUnknown';
  readonly [UNKNOWN_OUTCOME] = true;
}

export function isGatewayOutcomeUnknown(error: unknown): error is GatewayOutcomeUnknown {
  return hasBrand(error, UNKNOWN_OUTCOME);
}

const NOT_SENT = Symbol.for('pasarela.gatewayCallNotSent');

/**
 * The call never left: nothing of it can have reached the processor under its key (its first
 * connection refused, say), so nothing was charged, and the server forgets a payer's attempt at once
 * and tells the payer to pay again. Only for a call of which every try so far was never sent: once a
 * try may have been written, whatever follows (a time-out, a reset, a refusal on a later try) is
 * GatewayOutcomeUnknown, settled by its key; said of a call that reached the processor, it makes a
 * second charge. Recognised by its brand (isGatewayCallNotSent), as GatewayOutcomeUnknown is.
 */
export class GatewayCallNotSent extends Error {
  override readonly name = 'GatewayCallNotSent';
  readonly [NOT_SENT] = true;
}

export function isGatewayCallNotSent(error: unknown): error is GatewayCallNotSent {
  return hasBrand(error, NOT_SENT);
}
