import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { isChanging } from './quote';
import { CRYPTO_STEPS, answerFor, paying } from './testing/cryptoStoreSetup';

describe('crypto store: another coin or network for the payment under way', () => {
  it('another coin moves the same payment with the PUT, never a second POST; late answers for the old coin are ignored', async () => {
    const t = await paying();
    await t.choose('BTC');
    expect(isChanging(t.crypto())).toBe(true);
    await t.crypto().submit();
    expect(t.count('POST', 'crypto/payments')).toBe(1);
    expect(t.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: 'crypto/payments/OP1', body: { currency: 'BTC', network: 'BTC' }, query: undefined }]);
    expect(t.crypto().quote).toMatchObject({ currency: 'BTC', amountCrypto: 0.0007918 });
    expect(isChanging(t.crypto())).toBe(false);
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 1 }));
    expect(t.crypto().quote?.currency).toBe('BTC');
  });

  it('going back to the payment\'s coin brings its network back and needs no request', async () => {
    const t = await paying();
    await t.choose('BTC');
    await t.choose('USDT');
    expect(t.crypto().flow).toMatchObject({ currency: 'USDT', network: 'TRX' });
    expect(isChanging(t.crypto())).toBe(false);
    await t.crypto().submit();
    expect(t.count('PUT', 'crypto/payments/OP1')).toBe(0);
  });

  it('619 on a change drops the payment: payment_expired, back to the choice, the next click makes a new one', async () => {
    const t = await paying({
      routes: { 'PUT crypto/payments/OP1': () => { throw new PasarelaError({ code: '619', category: 'api', status: 400 }); } },
    });
    await t.choose('BTC');
    await t.crypto().submit();
    expect(t.crypto()).toMatchObject({ failure: { key: 'payment_expired' }, quote: null, flow: { step: CRYPTO_STEPS.choose, currency: 'BTC' } });
    expect(t.attempt().phase).toBe('idle');
    await t.crypto().submit();
    expect(t.count('POST', 'crypto/payments')).toBe(2);
  });

  it('a click on the change before the new coin\'s networks arrive waits for them and moves the payment to its only network', async () => {
    const t = await paying();
    const networks = t.crypto().chooseCoin('BTC');
    expect(t.crypto().flow).toMatchObject({ currency: 'BTC', network: null });
    expect(await t.crypto().submit()).toBeNull();
    await networks;
    expect(t.crypto().missing).toBeNull();
    expect(t.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: 'crypto/payments/OP1', body: { currency: 'BTC', network: 'BTC' }, query: undefined }]);
    expect(t.crypto().quote).toMatchObject({ currency: 'BTC', network: 'BTC' });
  });

  it('a double click on the change sends one PUT', async () => {
    const t = await paying();
    await t.choose('BTC');
    await Promise.all([t.crypto().submit(), t.crypto().submit()]);
    expect(t.count('PUT', 'crypto/payments/OP1')).toBe(1);
  });
});
