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
