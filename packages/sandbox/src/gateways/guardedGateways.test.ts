import { GatewayOutcomeUnknown, isGatewayOutcomeUnknown, type Gateways } from '@pasarela/gateways';
import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../db/unavailable';
import { PaymentError } from '../errors/PaymentError';
import { callInDoubt } from '../payments/inDoubt';
import { GatewayFailure, guardedGateways } from './guardedGateways';

const card = (lookup: Gateways['card']['lookup']) => guardedGateways({ card: { lookup }, push: {}, voucher: {}, crypto: {}, bank: {}, payout: {} } as unknown as Gateways).card;
const call = (ms: number) => ({ idempotencyKey: 'k', deadline: new Date(Date.now() + ms), reference: null });

describe('guardedGateways', () => {
  it('abandons a call still running at its deadline: an unknown outcome, on time, whatever the adapter does after', async () => {
    const started = Date.now();
    const error = await card(() => new Promise(() => undefined)).lookup(call(150)).catch((e: unknown) => e);
    expect(isGatewayOutcomeUnknown(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('lets an adapter that keeps its deadline end the call with its own unknown outcome, which says what went wrong last', async () => {
    const own = new GatewayOutcomeUnknown('/v1/card/authorize: no answer by the deadline (503 {"code":"no_vault_available"})');
    const error = await card(() => new Promise((_, reject) => setTimeout(() => reject(own), 150))).lookup(call(150)).catch((e: unknown) => e);
    expect(error).toBe(own);
  });

  it('an adapter\'s socket error is the adapter\'s failure, never the database\'s: the payer hears in_doubt, not 503', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const error = await card(() => Promise.reject(reset)).lookup(call(5_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayFailure);
    expect((error as GatewayFailure).cause).toBe(reset);
    expect(isConnectionError(error)).toBe(false);
    await expect(callInDoubt('card processor', () => card(() => Promise.reject(reset)).lookup(call(5_000)))).rejects.toMatchObject({ kind: 'in_doubt' });
  });

  it('passes answers and unknown outcomes through as they are', async () => {
    expect(await card(async () => null).lookup(call(5_000))).toBeNull();
    const unknown = Object.assign(new Error('held'), { [Symbol.for('pasarela.gatewayOutcomeUnknown')]: true });
    expect(await card(() => Promise.reject(unknown)).lookup(call(5_000)).catch((e: unknown) => e)).toBe(unknown);
  });

  it('passes a provider\'s "not sent" through, made by its own copy of the package: a recorded attempt\'s caller forgets it, any other call is in doubt', async () => {
    const notSent = Object.assign(new Error('the processor refused the connection'), { [Symbol.for('pasarela.gatewayCallNotSent')]: true });
    expect(await card(() => Promise.reject(notSent)).lookup(call(5_000)).catch((e: unknown) => e)).toBe(notSent);
    const forgotten = new PaymentError('unavailable', 'card_payments_unavailable');
    await expect(callInDoubt('card processor', () => card(() => Promise.reject(notSent)).lookup(call(5_000)), async (error) => (expect(error).toBe(notSent), forgotten))).rejects.toBe(forgotten);
    await expect(callInDoubt('card processor', () => card(() => Promise.reject(notSent)).lookup(call(5_000)))).rejects.toMatchObject({ kind: 'in_doubt' });
  });
});
