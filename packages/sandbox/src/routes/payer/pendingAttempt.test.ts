import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { tokenizedCardPayload, createMerchant, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// GET /api/v1/payments/pending?code=: the payment a payer left pending on a link, to wait on again.

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

// What the sandbox's captcha takes for a person (the widget adds its token to every payment).
const PERSON = 'sandbox-test-person';
const pendingOf = (code: string) => t.get(`/payments/pending?code=${encodeURIComponent(code)}`);
// One order, one payer: only a single-use link's pending payment is offered again.
const orderLink = () => newLink(t, { singleUse: true });

describe('the pending attempt of a link', () => {
  it('a Nequi push still waiting: its method, codOper and deadline, and nothing about the payer', async () => {
    const code = await orderLink();
    const push = await t.post('/nequi/push', { code, phone: '63333333', trackId: randomUUID(), captchaToken: PERSON });
    const res = await pendingOf(code);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ method: 'nequi', codOper: push.data['codOper'], expiresAt: push.data['expiresAt'], phone: '****3333' });
  });

  it("takes the link's code in any case, as its address spells it in lower case", async () => {
    const code = await orderLink();
    expect(code.toLowerCase()).not.toBe(code);
    const push = await t.post('/nequi/push', { code, phone: '63333333', trackId: randomUUID(), captchaToken: PERSON });
    expect((await pendingOf(code.toLowerCase())).data).toMatchObject({ method: 'nequi', codOper: push.data['codOper'] });
  });

  it('a cash voucher is pending (SPEC 4 cash 0)', async () => {
    const code = await orderLink();
    const voucher = await t.post('/cash/pay-cash', { code, trackId: randomUUID(), captchaToken: PERSON });
    expect((await pendingOf(code)).data).toMatchObject({ method: 'cash', codOper: voucher.data['Oper'] });
  });

  it('nothing (200, no data) once the payment ended (a declined Nequi push), for a card payment that ended and for a link nobody paid', async () => {
    const declined = await orderLink();
    await t.post('/nequi/push', { code: declined, phone: '62222222', trackId: randomUUID(), captchaToken: PERSON });
    await t.answerPhones();
    expect(await pendingOf(declined)).toMatchObject({ status: 200, data: null });
    const card = await orderLink();
    await t.post('/cards/auth-capture', await tokenizedCardPayload(card, { cardNumber: '4000000000000002', trackId: randomUUID() }));
    expect(await pendingOf(card)).toMatchObject({ status: 200, data: null });
    expect(await pendingOf(await orderLink())).toMatchObject({ status: 200, data: null });
  });

  it("a card payment at its 3DS challenge: its codOper and the issuer's page to open again, until the payer leaves it", async () => {
    const code = await orderLink();
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', trackId: randomUUID() }));
    expect(paid.data).toMatchObject({ status: -1, redirectUrl: expect.any(String) });
    const res = await pendingOf(code);
    // Nothing of the card or the payer: the page the payer was already sent to, and the payment to follow.
    expect(res).toMatchObject({ status: 200, data: { method: 'card', codOper: paid.data['codOper'], expiresAt: null, challengeUrl: paid.data['redirectUrl'], phone: null } });
    expect(Object.keys(res.data as object).sort()).toEqual(['challengeUrl', 'codOper', 'expiresAt', 'method', 'phone']);
    // 'Pay another way' calls the challenge off first (the card port's void): nothing waits then.
    const left = await t.post(`/cards/payments/${String(paid.data['codOper'])}/abandon`, {});
    expect(left.data).toMatchObject({ status: 0, authStatus: 'CANCELLED' });
    expect(await pendingOf(code)).toMatchObject({ status: 200, data: null });
  });

  it("a link many payers share offers nobody else's 3DS challenge", async () => {
    const shared = await newLink(t);
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(shared, { cardNumber: '4000000000003220', trackId: randomUUID() }));
    expect(paid.data['status']).toBe(-1);
    expect(await pendingOf(shared)).toMatchObject({ status: 200, data: null });
  });

  it("a link made with an orderReference is one order's: its Yappy wait is offered from any browser, and the shop's server lists it", async () => {
    const shop = await createMerchant(t, { name: 'Tienda de pedidos' });
    const made = await api.call('POST', '/payment-links', { key: shop.key, body: { amount: 30, taxAmount: 1.5, description: 'Pedido 77', orderReference: 'order-77' } });
    const code = String(made.json['code']);
    const push = await t.post('/yappy/payments', { code, phone: '63333333', trackId: randomUUID(), captchaToken: PERSON });
    expect(push.status).toBe(200);
    const codOper = String(push.data['codOper']);
    // No cookie, no storage: what a second browser asks.
    expect((await pendingOf(code)).data).toEqual({ method: 'yappy', codOper, expiresAt: push.data['expiresAt'], phone: '****3333' });
    const listed = await api.call('GET', '/transactions?orderReference=order-77', { key: shop.key });
    expect(listed.json['data']).toEqual([expect.objectContaining({ codOper, method: 'yappy', result: 'PENDING', orderReference: 'order-77', walletPhone: '****3333' })]);
  });

  it("a link many payers share offers nobody else's pending payment", async () => {
    const shared = await newLink(t);
    await t.post('/nequi/push', { code: shared, phone: '63333333', trackId: randomUUID(), captchaToken: PERSON });
    expect(await pendingOf(shared)).toMatchObject({ status: 200, data: null });
  });

  it.each([[''], ['a b'], ["x'--"], ['a'.repeat(65)]])('400 for a code that is not one (%j)', async (code) => {
    expect(await pendingOf(code)).toMatchObject({ status: 400, data: { code: 'invalid_arguments' } });
  });
});
