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
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[UNKNOWN_OUTCOME] === true;
}
