import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { amountOwed } from './quote';
import { CRYPTO_STEPS, LATER, answerFor, setup, paying } from './testing/cryptoStoreSetup';

describe('crypto store: one payment per click', () => {
  it('asks for the coin, then the network, before sending anything', async () => {
    const t = setup();
    await t.crypto().start();
    expect(await t.crypto().submit()).toBe('currency');
    await t.choose('USDT');
    expect(await t.crypto().submit()).toBe('network');
    expect(t.crypto().missing).toBe('network');
    expect(t.count('POST', 'crypto/payments')).toBe(0);
  });

  it('a double click creates one payment with one trackId and shows its quote (step 2, rate frozen)', async () => {
    const t = setup();
    await t.crypto().start();
    await t.choose('USDT', 'TRX');
    await Promise.all([t.crypto().submit(), t.crypto().submit()]);
    expect(t.count('POST', 'crypto/payments')).toBe(1);
    expect(t.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      codeProcess: 'LINK1', currency: 'USDT', network: 'TRX', cryptoNetwork: 'Tron (TRC20)', amountUSD: 37, idMerchant: 7, idMerchantService: 12,
      email: 'ana@example.com', trackId: 'track-1',
    });
    expect(t.attempt()).toMatchObject({ phase: 'waiting', codOper: 'OP1' });
    expect(t.crypto().quote).toMatchObject({ address: 'sbxtrx_abc', amountCrypto: 39.59 });
    expect(t.crypto().flow).toMatchObject({ step: CRYPTO_STEPS.pay, rateFrozenAt: Date.parse(LATER) - 600_000 });
    expect(t.saved()).toEqual({ codOper: 'OP1', deadline: null });
    // Nothing is finished yet: the merchant page hears nothing.
    expect(t.reports).toEqual([]);
  });

  it('a payment the server did not accept (REQUESTED_QR_FAILED) shows the message, tells the parent, and a retry is a new request', async () => {
    let status = 'FAILED';
    const t = setup({ routes: { 'POST crypto/payments': () => answerFor('USDT', 'TRX', { status }) } });
    await t.choose('USDT', 'TRX');
    await t.crypto().submit();
    expect(t.attempt()).toMatchObject({ phase: 'failed', message: { key: 'requested_qr_failed' } });
    expect(t.crypto().flow.error?.codeError).toBe('REQUESTED_QR_FAILED');
    expect(t.reports).toEqual([{ result: 'DECLINED', codOper: '', type: 'CRYPTO', reason: 'requested_qr_failed' }]);
    status = 'SUCCESS';
    await t.crypto().submit();
    expect(t.attempt().phase).toBe('waiting');
    expect(t.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { trackId: string }).trackId)).toEqual(['track-1', 'track-2']);
  });

  it('issue 92: the order paid in another browser before this payment was created: that payment named, no decline told to the parent', async () => {
    const t = setup({
      routes: { 'POST crypto/payments': () => { throw new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'PP9', paidWith: 'card' } }); } },
    });
    await t.choose('USDT', 'TRX');
    await t.crypto().submit();
    expect(t.attempt()).toMatchObject({ phase: 'failed', message: { key: 'request_already_paid' }, paidBy: { codOper: 'PP9', method: 'card' } });
    expect(t.reports).toEqual([]);
  });

  it('619 on creating the payment shows payment_expired and goes back to the choice', async () => {
    const t = setup({
      routes: { 'POST crypto/payments': () => { throw new PasarelaError({ code: '619', category: 'api', status: 400 }); } },
    });
    await t.choose('BTC');
    await t.crypto().submit();
    expect(t.attempt().message).toEqual({ key: 'payment_expired' });
    expect(t.crypto().flow).toMatchObject({ step: CRYPTO_STEPS.choose, error: { codeError: '619' } });
  });
});

describe('crypto store: the payment under way', () => {
  it('an under-payment shows what is still owed, keeps waiting and locks the coin', async () => {
    const t = await paying();
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true }));
    const quote = t.crypto().quote;
    expect(quote && amountOwed(quote)).toBe(19.59);
    expect(t.attempt().phase).toBe('waiting');
    await t.choose('BTC');
    expect(t.crypto().flow.currency).toBe('USDT');
  });

  it('the chain confirming shows the receipt and tells the merchant page APPROVED (SPEC 4 crypto: 1 approved)', async () => {
    const t = await paying();
    t.watcherSays(answerFor('USDT', 'TRX', { txStatus: 1, paidCrypto: 39.59 }));
    expect(t.attempt().phase).toBe('approved');
    expect(t.reports).toEqual([{ result: 'APPROVED', codOper: 'OP1', type: 'CRYPTO' }]);
    expect(t.receipts).toEqual(['OP1']);
    expect(t.crypto().flow.step).toBe(CRYPTO_STEPS.done);
    expect(t.saved()).toBeNull();
  });
});

describe('crypto store: the order paid in another browser while coins were on their way', () => {
  it('a part-paid payment called off for the payment that paid: ended as paid elsewhere naming it, no refund screen, nothing told to the parent', async () => {
    const t = await paying();
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 20, underpaid: true, senderAddress: 'sbxtrx_payer_1' }));
    const refund = { coin: 'USDT', network: 'TRX', amount: 20, to: 'sbxtrx_payer_1', status: 'pending' as const, refundedAt: null };
    t.watcherSays(answerFor('USDT', 'TRX', { paidCrypto: 20, authStatus: 'CANCELLED', cancelled: true, refund, paidBy: { codOper: 'PP7', method: 'nequi' } }));
    expect(t.attempt()).toMatchObject({ phase: 'failed', message: { key: 'request_already_paid' }, paidBy: { codOper: 'PP7', method: 'nequi' }, answer: { refund } });
    expect(t.crypto().cancelled).toBeNull();
    expect(t.reports).toEqual([]);
  });
});

describe('crypto store: a reload while waiting', () => {
  it('follows the same payment and shows its coin and network without paying again', async () => {
    const t = setup({ saved: { codOper: 'OP1', deadline: null } });
    expect(t.attempt()).toMatchObject({ phase: 'waiting', codOper: 'OP1' });
    await t.crypto().start();
    t.watcherSays(answerFor('USDT', 'ETH'));
    expect(t.crypto()).toMatchObject({ networksFor: 'USDT', flow: { currency: 'USDT', network: 'ETH' }, quote: { network: 'ETH' } });
    expect(t.crypto().flow.coins).toHaveLength(4);
    expect(t.count('POST', 'crypto/payments')).toBe(0);
  });
});
