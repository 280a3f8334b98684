import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { PaymentAttemptSchema, SANDBOX_CLIENT_KEY } from '@pasarela/core';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

// GET /api/v1/payments/attempts/:trackId: what became of the attempt a trackId made.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookUp = (trackId: string, headers?: Record<string, string>) => t.get(`/payments/attempts/${encodeURIComponent(trackId)}`, headers);

describe('the attempt lookup', () => {
  it.each([
    ['an approved card', '4242424242424242', { method: 'card', status: 1, result: 'APPROVED', authStatus: 'APPROVED', messageSys: 'Transacción aprobada', redirectUrl: null, expiresAt: null }],
    ['a declined card', '4000000000000002', { method: 'card', status: 0, result: 'DECLINED', authStatus: 'DECLINED' }],
    ['a card waiting for 3DS', '4000000000003220', { method: 'card', status: -1, result: 'PENDING', authStatus: 'PENDING_3DS', redirectUrl: expect.stringContaining('/3ds/') }],
  ])('%s: its codOper, status as stored and result (SPEC 4 card table)', async (_name, cardNumber, expected) => {
    const trackId = randomUUID();
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t), { cardNumber, trackId }));
    const res = await lookUp(trackId);
    expect(res.status).toBe(200);
    expect(v.safeParse(PaymentAttemptSchema, res.data).success).toBe(true);
    expect(res.data).toMatchObject({ trackId, codOper: paid.data['codOper'], ...expected });
  });

  it('a Nequi push: pending with its expiry; declined once the payer refuses (Nequi 0 has no row in SPEC 4\'s table)', async () => {
    const trackId = randomUUID();
    const push = await t.post('/nequi/push', { code: await newLink(t), phone: '62222222', trackId });
    expect((await lookUp(trackId)).data).toMatchObject({ method: 'nequi', status: -1, result: 'PENDING', expiresAt: push.data['expiresAt'] });
    // 399 222 2222 is PRODUCT.md's Nequi phone that declines.
    await t.answerPhones();
    expect((await lookUp(trackId)).data).toMatchObject({ status: 0, result: 'DECLINED', authStatus: 'DECLINED' });
  });

  it('a cash voucher is PENDING (SPEC 4 cash 0), in English when asked', async () => {
    const trackId = randomUUID();
    await t.post('/cash/pay-cash', { code: await newLink(t), trackId });
    expect((await t.get(`/payments/attempts/${trackId}?lang=en`)).data).toMatchObject({ method: 'cash', status: 0, result: 'PENDING', messageSys: expect.any(String) });
  });

  it('404 PAYMENT_NOT_FOUND for a trackId no request made', async () => {
    expect(await lookUp(randomUUID())).toMatchObject({ status: 404, data: { code: 'PAYMENT_NOT_FOUND' } });
  });

  it.each([['a'.repeat(65)], ['a b'], ["x'--"], ['ñ']])('400 for a trackId that is not one (%j)', async (trackId) => {
    expect(await lookUp(trackId)).toMatchObject({ status: 400, data: { code: 'invalid_arguments' } });
  });

  it('needs the API key, as every /api/v1 call', async () => {
    const res = await t.app.request(`/api/v1/payments/attempts/${randomUUID()}`);
    expect(res.status).toBe(403);
    const withKey = await t.app.request(`/api/v1/payments/attempts/${randomUUID()}`, { headers: { 'x-api-key': SANDBOX_CLIENT_KEY } });
    expect(withKey.status).toBe(404);
  });

  it('a wallet user\'s attempt is theirs alone', async () => {
    await t.admin('POST', '/users', { email: 'mio@example.com', login: 'mio', password: 'Segura#2026', balance: 100 });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login: 'mio', password: 'Segura#2026' })).data['token'])}` };
    const trackId = randomUUID();
    await t.post('/activity/pay', { sourceSearch: { paymentCode: await newLink(t) }, useFunds: true, trackId }, auth);
    expect((await lookUp(trackId, auth)).data).toMatchObject({ method: 'balance', result: 'APPROVED' });
    expect((await lookUp(trackId)).status).toBe(404);
  });
});
