import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { afterChallengeUrl } from './threeDs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('where the 3DS page sends the payer back (afterChallengeUrl)', () => {
  it.each<[string | undefined, string]>([
    [undefined, '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/default-receipt/PP1?challenge=1&lang=en', '/pf/default-receipt/PP1?challenge=1&lang=en'],
    ['//evil.test/x', '/pf/default-receipt/processing?Oper=PP1'],
    ['/\\evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['https://evil.test/x', '/pf/default-receipt/processing?Oper=PP1'],
    // A header cannot carry NUL or a line break: such a returnTo would answer 500, or split the header.
    ['/pf/x\u0000y', '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/x\r\nSet-Cookie: a=b', '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/x\ty', '/pf/default-receipt/processing?Oper=PP1'],
    // Beyond Latin-1 a header is not a byte string: percent-encoded, as a browser would.
    ['/pf/recibo?nombre=José', '/pf/recibo?nombre=Jos%C3%A9'],
  ])('returnTo %j -> %s', (returnTo, expected) => {
    expect(afterChallengeUrl('PP1', returnTo)).toBe(expected);
  });

  it('answers a form whose returnTo holds NUL with the default receipt, not a 500', async () => {
    const code = await newLink(t, { amount: 31 });
    const res = await t.post('/cards/auth-capture', cardPayload(code, { cardNumber: '4000000000003220', amount: 31 }));
    const path = new URL(String(res.data['redirectUrl'])).pathname;
    const done = await t.app.request(path, { method: 'POST', body: new URLSearchParams({ result: 'approve', returnTo: '/pf/x\u0000y' }) });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/^\/pf\/default-receipt\/processing\?Oper=PP/);
  });
});

describe("the checkout's X and Escape on the 3DS page (inside the modal)", () => {
  it('the page carries a close in its cancel form, hidden until the page finds itself framed, in the payment language', async () => {
    const code = await newLink(t, { amount: 33 });
    const res = await t.post('/cards/auth-capture', cardPayload(code, { cardNumber: '4000000000003220', amount: 33 }));
    const path = new URL(String(res.data['redirectUrl'])).pathname;
    const html = await (await t.app.request(path)).text();
    expect(html).toMatch(/<button class="close" type="submit" name="close" value="1" aria-label="Cerrar" hidden>/);
    expect(html).toContain('window.parent===window');
    expect(html).toContain("e.key==='Escape'");
  });

  it("closing calls the attempt off as the payer's cancel does and goes back marked close (and stay, not the form)", async () => {
    const code = await newLink(t, { amount: 34 });
    const res = await t.post('/cards/auth-capture', cardPayload(code, { cardNumber: '4000000000003220', amount: 34 }));
    const path = new URL(String(res.data['redirectUrl'])).pathname;
    const done = await t.app.request(path, { method: 'POST', body: new URLSearchParams({ result: 'cancel', close: '1', returnTo: '/pf/default-receipt/PP9?challenge=1&entries=2' }) });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') ?? '', 'http://x');
    expect(back.pathname).toBe('/pf/default-receipt/PP9');
    expect(back.searchParams.get('close')).toBe('1');
    expect(back.searchParams.get('stay')).toBe('1');
    expect(back.searchParams.get('challenge')).toBe('1');
    // The plain cancel (another attempt) is unchanged: no close mark.
    const other = await t.post('/cards/auth-capture', cardPayload(await newLink(t, { amount: 36 }), { cardNumber: '4000000000003220', amount: 36 }));
    const plain = await t.app.request(new URL(String(other.data['redirectUrl'])).pathname, { method: 'POST', body: new URLSearchParams({ result: 'cancel', returnTo: '/pf/default-receipt/PP9?challenge=1' }) });
    expect(plain.headers.get('location')).toBe('/pf/default-receipt/PP9?challenge=1');
  });
});

describe("the checkout's X and Escape on the Clave page (inside the modal)", () => {
  it('closing declines on the bank page, as its own cancel does, and goes back marked close', async () => {
    const code = await newLink(t, { amount: 35 });
    const clave = String((await t.post('/clave/payments', { code, trackId: `close-${Math.random()}` })).data['codOper']);
    const html = await (await t.app.request(`/sandbox/clave/${clave}`)).text();
    expect(html).toMatch(/<button class="close" type="submit" name="close" value="1" aria-label="Cerrar" hidden>/);
    const done = await t.app.request(`/sandbox/clave/${clave}`, { method: 'POST', body: new URLSearchParams({ result: 'fail', close: '1', returnTo: '/pf/widget/returnclavesdk?lang=en' }) });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') ?? '', 'http://x');
    expect(back.pathname).toBe('/pf/widget/returnclavesdk');
    expect(back.searchParams.get('close')).toBe('1');
    expect(back.searchParams.get('Oper')).toBe(clave);
    expect((await t.get(`/clave/payments/${clave}`)).data['status']).toBe(0);
  });
});
