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
