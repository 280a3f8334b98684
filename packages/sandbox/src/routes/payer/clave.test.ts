import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { claveReturnUrl } from '../pages/clavePage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Clave bank page return address', () => {
  it('sends the payer back to the address the widget gave, keeping its query and naming the operation', async () => {
    const start = await t.post('/clave/payments', { code: await newLink(t) });
    const codOper = String(start.data['codOper']);
    const returnTo = '/pf/widget/returnclavesdk?parentOrigin=http%3A%2F%2Fshop.test&lang=en&from=%2Fpf%2Fwidget%3Ftype%3Dlk%26code%3DA';
    // The bank's page, on the simulator's origin, carries the widget's returnTo back through this origin's way back.
    const page = new URL(String(start.data['redirectUrl']));
    page.searchParams.set('returnTo', returnTo);
    const html = await (await fetch(page)).text();
    expect(html).toContain('name="returnTo"');
    const done = await fetch(page, { method: 'POST', body: new URLSearchParams({ result: 'fail', returnTo }), redirect: 'manual' });
    expect(done.status).toBe(303);
    const hop = new URL(done.headers.get('location') ?? '');
    const onward = await t.app.request(hop.pathname + hop.search);
    expect(onward.status).toBe(303);
    const back = new URL(onward.headers.get('location') ?? '', 'http://checkout.test');
    expect(back.pathname).toBe('/pf/widget/returnclavesdk');
    expect(Object.fromEntries(back.searchParams)).toEqual({ parentOrigin: 'http://shop.test', lang: 'en', from: '/pf/widget?type=lk&code=A', Oper: codOper });
    expect(await t.gateways.bank.outcome({ idempotencyKey: codOper, deadline: new Date(Date.now() + 5_000) })).toBe('declined');
  });

  it.each([
    [undefined, '/pf/widget/returnclave?Oper=OP1'],
    ['', '/pf/widget/returnclave?Oper=OP1'],
    ['//evil.test/x', '/pf/widget/returnclave?Oper=OP1'],
    ['https://evil.test/x', '/pf/widget/returnclave?Oper=OP1'],
    ['/pf/widget/returnclave?Oper=OTHER&lang=es', '/pf/widget/returnclave?Oper=OP1&lang=es'],
    ['/pf/widget/returnclave?x=\u0000', '/pf/widget/returnclave?Oper=OP1'],
    ['/pf/widget/returnclave?x=a\r\nb', '/pf/widget/returnclave?Oper=OP1'],
  ])('returnTo %j goes to %s', (returnTo, expected) => {
    expect(claveReturnUrl('OP1', returnTo)).toBe(expected);
  });
});

describe('the checkout gives up a Clave wait (POST /clave/payments/:codOper/cancel)', () => {
  const rowOf = async (codOper: string) =>
    (await t.db.query<{ status: number; auth_status: string; details: Record<string, unknown> }>('select status, auth_status, details from transactions where cod_oper = $1', [codOper]))[0];

  it("calls the pending payment off as the payer's and withdraws the bank's page, so the bank cannot approve it after; again, the same answer", async () => {
    const start = await t.post('/clave/payments', { code: await newLink(t, { amount: 41 }), trackId: `give-up-${Math.random()}` });
    const codOper = String(start.data['codOper']);
    const cancelled = await t.post(`/clave/payments/${codOper}/cancel`, {});
    expect([cancelled.status, cancelled.data]).toEqual([200, { codOper, status: 0, authStatus: 'CANCELLED' }]);
    expect(await rowOf(codOper)).toMatchObject({ status: 0, auth_status: 'CANCELLED', details: { cancelReason: 'payer' } });
    const bank = new URL(String(start.data['redirectUrl']));
    expect((await fetch(bank, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'approve' }) })).status).toBe(410);
    expect(await rowOf(codOper)).toMatchObject({ status: 0, auth_status: 'CANCELLED' });
    expect((await t.post(`/clave/payments/${codOper}/cancel`, {})).data).toEqual({ codOper, status: 0, authStatus: 'CANCELLED' });
  });

  it.each([
    ['approve', { status: 1, authStatus: 'APPROVED' }],
    ['fail', { status: 0 }],
  ] as const)('the bank answered first (%s): what it decided stands and is answered', async (result, expected) => {
    const start = await t.post('/clave/payments', { code: await newLink(t, { amount: 42 }), trackId: `first-${Math.random()}` });
    const codOper = String(start.data['codOper']);
    // The bank's answer settled (the admin settle call plays the payer on the bank's page and its notification).
    const settled = await t.app.request(`/sandbox/clave/${codOper}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: `result=${result}` });
    expect(settled.status).toBe(200);
    const answer = await t.post(`/clave/payments/${codOper}/cancel`, {});
    expect(answer.data).toMatchObject({ codOper, ...expected });
    expect(answer.data['authStatus']).not.toBe('CANCELLED');
  });

  it('no such Clave payment: 404 PAYMENT_NOT_FOUND; a malformed code: 400', async () => {
    expect((await t.post('/clave/payments/PPNOPE/cancel', {})).status).toBe(404);
    expect((await t.post(`/clave/payments/${encodeURIComponent('a b')}/cancel`, {})).status).toBe(400);
  });
});

describe('reading a Clave payment (GET /clave/payments/:codOper)', () => {
  it("tells the bank's refusal from a wait called off by its auth status: both are status 0", async () => {
    const called = String((await t.post('/clave/payments', { code: await newLink(t) })).data['codOper']);
    await t.post(`/clave/payments/${called}/cancel`, {});
    expect((await t.get(`/clave/payments/${called}`)).data).toEqual({ codOper: called, status: 0, authStatus: 'CANCELLED' });
    const refused = String((await t.post('/clave/payments', { code: await newLink(t) })).data['codOper']);
    await t.app.request(`/sandbox/clave/${refused}`, { method: 'POST', body: new URLSearchParams({ result: 'fail' }) });
    expect((await t.get(`/clave/payments/${refused}`)).data).toEqual({ codOper: refused, status: 0, authStatus: 'DECLINED' });
  });
});
