/**
 * What every call to a gateway carries: the attempt's idempotency key (the same key sent again, by
 * a retry or after a crash, never makes a second charge or a second request) and the moment the
 * caller stops waiting. The server abandons a call still running at its deadline: its outcome then
 * counts as unknown, whatever the adapter answers later.
 */
export interface GatewayCall {
  idempotencyKey: string;
  deadline: Date;
}

/** A read that acts on no attempt (the coins a processor takes, a price): only the moment the caller stops waiting. */
export type GatewayRead = Pick<GatewayCall, 'deadline'>;

const UNKNOWN_OUTCOME = Symbol.for('pasarela.gatewayOutcomeUnknown');

/**
 * The gateway did not answer by the deadline, or the connection failed: what it did is unknown.
 * The attempt stays in doubt until the reconciler asks the gateway by its key. Recognised by its
 * brand (isGatewayOutcomeUnknown), never by `instanceof`: the server and an adapter may each hold
 * their own copy of this package.
 */
export class GatewayOutcomeUnknown extends Error {
  override readonly name = 'GatewayOutcomeUnknown';
  readonly [UNKNOWN_OUTCOME] = true;
}

/** True for a GatewayOutcomeUnknown of any copy of this package. */
export function isGatewayOutcomeUnknown(error: unknown): error is GatewayOutcomeUnknown {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[UNKNOWN_OUTCOME] === true;
}
