import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { CRYPTO_STEPS, answerFor, setup, paying, type Handler } from './testing/cryptoStoreSetup';

describe('crypto store: cancelling before anything arrived', () => {
  it('cancel leaves the payment and keeps the payer\'s choice', async () => {
    const t = await paying();
    t.crypto().cancel();
    // Nothing received: one click, no question, nothing owed.
    expect(t.crypto().confirmingCancel).toBe(false);
    expect(t.count('POST', 'crypto/payments/OP1/cancel')).toBe(0);
    expect(t.attempt().phase).toBe('idle');
    expect(t.crypto()).toMatchObject({ quote: null, flow: { currency: 'USDT', network: 'TRX', step: CRYPTO_STEPS.choose } });
    expect(t.saved()).toBeNull();
  });
});

describe('crypto store: cancelling after an under-payment (issue "Money is never wrong")', () => {
  const REFUND = { coin: 'USDT', network: 'TRX', amount: 20, to: 'sbxtrx_payer_1', status: 'pending' as const, refundedAt: null };
  const cancelledAnswer = () => answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true, authStatus: 'CANCELLED', cancelled: true, refund: REFUND });

  async function underpaid(routes: Record<string, Handler> = {}) {
    const t = setup({ routes: { 'POST crypto/payments/OP1/cancel': () => cancelledAnswer(), ...routes } });
    await t.crypto().start();
    await t.choose('USDT', 'TRX');
    await t.crypto().submit();
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true, authStatus: 'UNDERPAID', senderAddress: 'sbxtrx_payer_1' }));
    return t;
  }
  it('asks first; keeping on paying closes the question and changes nothing', async () => {
    const t = await underpaid();
    t.crypto().cancel();
    expect(t.crypto().confirmingCancel).toBe(true);
    expect(t.attempt().phase).toBe('waiting');
    t.crypto().keepPaying();
    expect(t.crypto().confirmingCancel).toBe(false);
    expect(t.attempt().phase).toBe('waiting');
    expect(t.count('POST', 'crypto/payments/OP1/cancel')).toBe(0);
    expect(t.reports).toEqual([]);
  });

  it('confirmed: one cancel call with confirmRefund, the refund screen, the merchant page hears DECLINED with the reason', async () => {
    const t = await underpaid();
    t.crypto().cancel();
    await Promise.all([t.crypto().confirmCancel(), t.crypto().confirmCancel()]);
    expect(t.calls.filter((c) => c.path === 'crypto/payments/OP1/cancel').map((c) => c.body)).toEqual([{ confirmRefund: true }]);
    expect(t.crypto()).toMatchObject({ confirmingCancel: false, cancelling: false, cancelled: { refund: REFUND } });
    expect(t.attempt().phase).toBe('idle');
    expect(t.reports).toEqual([{ result: 'DECLINED', codOper: 'OP1', type: 'CRYPTO', reason: 'crypto_refund_pending' }]);
    expect(t.receipts).toEqual([]);
    expect(t.saved()).toBeNull();
    // The watcher seeing the cancellation late adds nothing.
    t.watcherSays(cancelledAnswer());
    expect(t.reports).toHaveLength(1);
    t.crypto().closeRefund();
    expect(t.crypto().cancelled).toBeNull();
  });

  it('a cancellation the server refuses (paid meanwhile) keeps the payment watched and says why', async () => {
    const t = await underpaid({
      'POST crypto/payments/OP1/cancel': () => { throw new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409 }); },
    });
    t.crypto().cancel();
    await t.crypto().confirmCancel();
    expect(t.crypto()).toMatchObject({ confirmingCancel: false, cancelled: null, failure: { key: 'request_already_paid' } });
    expect(t.attempt().phase).toBe('waiting');
    expect(t.reports).toEqual([]);
  });

  it('cancelled in another tab: the watcher ends the wait, the refund screen shows, the merchant page hears it once', async () => {
    const t = await underpaid();
    t.watcherSays(cancelledAnswer());
    expect(t.crypto().cancelled).toMatchObject({ refund: REFUND });
    expect(t.reports).toEqual([{ result: 'DECLINED', codOper: 'OP1', type: 'CRYPTO', reason: 'crypto_refund_pending' }]);
  });
});
