import type { GatewayCall, GatewayRead } from '@pasarela/gateways';

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

/**
 * The currency a wallet card is saved in (ISO 4217): no money moves. A payment's calls name its own
 * currency (the transaction's `currency`, its merchant's).
 */
export const PAYMENT_CURRENCY = 'USD';
