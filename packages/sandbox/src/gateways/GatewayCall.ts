/**
 * What every call to a gateway carries: the attempt's idempotency key (the same key sent again, by
 * a retry or after a crash, never makes a second charge or a second request) and the moment the
 * caller stops waiting.
 */
export interface GatewayCall {
  idempotencyKey: string;
  deadline: Date;
}

/** A read that acts on no attempt (the coins a processor takes, a price): only the moment the caller stops waiting. */
export type GatewayRead = Pick<GatewayCall, 'deadline'>;

/**
 * The gateway did not answer by the deadline, or the connection failed: what it did is unknown.
 * The attempt stays in doubt until the reconciler asks the gateway by its key.
 */
export class GatewayOutcomeUnknown extends Error {
  override readonly name = 'GatewayOutcomeUnknown';
}

/** How long a payment call waits for a gateway before its outcome counts as unknown. */
export const GATEWAY_DEADLINE_MS = 10_000;

/** A read made now, with the standard deadline. */
export function gatewayRead(now = Date.now()): GatewayRead {
  return { deadline: new Date(now + GATEWAY_DEADLINE_MS) };
}

/** A call made now, with the standard deadline. */
export function gatewayCall(idempotencyKey: string, now = Date.now()): GatewayCall {
  return { idempotencyKey, deadline: new Date(now + GATEWAY_DEADLINE_MS) };
}
