import { describe, expect, it } from 'vitest';
import { answerFor, paying } from './testing/cryptoStoreSetup';

describe('crypto store: a new quote when the frozen rate runs out', () => {
  it('after the 10 minutes the new quote replaces the old one and the payer is told', async () => {
    const next = '2026-11-21T12:20:00.000Z';
    const bodies: unknown[] = [];
    const t = await paying({ routes: { 'PUT crypto/payments/OP1': (body) => {
      bodies.push(body);
      return answerFor('USDT', 'TRX', { rateExpiresAt: next, amountCrypto: 39.6 });
    } } });
    expect(t.crypto().requoted).toBe(false);
    await t.crypto().requote();
    expect(t.crypto()).toMatchObject({ requoted: true, quote: { amountCrypto: 39.6, rateExpiresAt: next } });
    // The renewal is the explicit PUT of the payment's own coin and network, never a read.
    expect(bodies).toEqual([{ currency: 'USDT', network: 'TRX' }]);
    expect(t.count('GET', 'crypto/payments/OP1')).toBe(0);
    expect(t.wait).not.toHaveBeenCalled();
  });

  it('a re-quote asked a little early (device clock ahead) asks again until the server quotes anew', async () => {
    const answers = [answerFor('USDT', 'TRX'), answerFor('USDT', 'TRX', { rateExpiresAt: '2026-11-21T12:20:00.000Z' })];
    const t = await paying({ routes: { 'PUT crypto/payments/OP1': () => answers.shift() ?? answerFor('USDT', 'TRX') } });
    await t.crypto().requote();
    expect(t.count('PUT', 'crypto/payments/OP1')).toBe(2);
    expect(t.wait).toHaveBeenCalledTimes(1);
    expect(t.crypto().requoted).toBe(true);
  });
});
