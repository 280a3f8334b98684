import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

// GET /api/v1/payments/waiting/:codOper: where a payment the loader remembered stands, for the
// checkout of another link of the same merchant.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const yappy = async (code: string, phone: string) => String((await t.post('/yappy/payments', { code, phone })).data['codOper']);
const waiting = (codOper: string) => t.get(`/payments/waiting/${encodeURIComponent(codOper)}`);

describe('a remembered payment, read from another link of its merchant', () => {
  it('a Yappy request still waiting: its method, total, merchant, link and deadline, nothing about the payer', async () => {
    const code = await newLink(t, { amount: 82.5, taxAmount: 5.78 });
    const codOper = await yappy(code, '63333333');
    const res = await waiting(codOper);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ method: 'yappy', codOper, state: 'waiting', ended: null, total: 88.28, merchant: expect.any(Number), link: code, expiresAt: expect.any(String) });
    const info = await t.get(`/payment-info?type=lk&code=${code}`);
    expect(res.data['merchant']).toBe(info.data['idMerchant']);
    expect(JSON.stringify(res.data)).not.toContain('6333');
  });

  it('paid while the checkout was closed: paid', async () => {
    const codOper = await yappy(await newLink(t), '61111111');
    await t.answerPhones();
    expect((await waiting(codOper)).data).toMatchObject({ state: 'paid', ended: null });
  });

  it('called off, declined or past its window: over, and which of them (for a page following it from another browser to say)', async () => {
    const cancelled = await yappy(await newLink(t), '63333333');
    await t.post(`/yappy/payments/${cancelled}/cancel`, {});
    expect((await waiting(cancelled)).data).toMatchObject({ state: 'over', ended: 'calledOff' });
    const declined = await yappy(await newLink(t), '62222222');
    await t.answerPhones();
    expect((await waiting(declined)).data).toMatchObject({ state: 'over', ended: 'declined' });
    const lapsed = await yappy(await newLink(t), '63333333');
    await t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [lapsed]);
    expect((await waiting(lapsed)).data).toMatchObject({ state: 'over', ended: 'lapsed' });
  });

  it("a card payment at its 3DS challenge: waiting, with its issuer's page to open again; none once it is called off", async () => {
    const code = await newLink(t, { amount: 31 });
    const card = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 31 }));
    const codOper = String(card.data['codOper']);
    expect((await waiting(codOper)).data).toMatchObject({ method: 'card', state: 'waiting', challengeUrl: card.data['redirectUrl'] });
    await t.post(`/cards/payments/${codOper}/abandon`, {});
    const over = await waiting(codOper);
    expect(over.data).toMatchObject({ state: 'over' });
    expect(over.data).not.toHaveProperty('challengeUrl');
  });

  it('a crypto payment part-paid: the coins received (coin, network, amount; never where from), which calling it off sends back', async () => {
    const code = await newLink(t, { singleUse: true });
    const codOper = String((await t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX', trackId: crypto.randomUUID() })).data['codOper']);
    expect((await waiting(codOper)).data['received']).toBeUndefined();
    await t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 20, fromAddress: 'sbxtrx_payer_wallet_1' });
    const res = await waiting(codOper);
    expect(res.data).toMatchObject({ method: 'crypto', state: 'waiting', received: { coin: 'USDT', network: 'TRX', amount: 20 } });
    expect(JSON.stringify(res.data)).not.toContain('sbxtrx_payer_wallet_1');
  });

  it('an unknown payment is 404 PAYMENT_NOT_FOUND; a malformed codOper 400', async () => {
    expect(await waiting('PP000000000000')).toMatchObject({ status: 404, data: { code: 'PAYMENT_NOT_FOUND' } });
    expect((await waiting('a b<')).status).toBe(400);
  });
});
