import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBody } from '@pasarela/core';
import { asCaller, cardPayload, createTestApp, newLink, testCardNumber, withCaptcha, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = async (body: unknown) => t.app.request('/api/v1/cards/auth-capture', {
  method: 'POST', body: encodeBody(withCaptcha('/cards/auth-capture', body)), headers: { 'content-type': 'text/plain', ...asCaller() },
});

/** The header's parts by name: duration and description. */
const partsOf = (header: string | null): Record<string, { dur: number; desc: string | undefined }> => Object.fromEntries((header ?? '').split(/,\s*/).filter(Boolean).map((part) => {
  const [name, ...params] = part.split(';');
  const param = (key: string) => params.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
  return [name, { dur: Number(param('dur')), desc: param('desc')?.replace(/^"|"$/g, '') }];
}));

describe('every answer says where its server time went (Server-Timing)', () => {
  it('an approved card payment: the database (statements, transactions), the card processor (one call) and the whole', async () => {
    const res = await pay(cardPayload(await newLink(t)));
    expect(res.status).toBe(200);
    const parts = partsOf(res.headers.get('server-timing'));
    expect(Object.keys(parts)).toEqual(['db', 'processor', 'total']);
    // The attempt's insert (under the duplicate rule's lock) and settlePayment's transaction.
    expect(parts['db']?.desc).toMatch(/^\d+ statements \(2 transactions\)$/);
    expect(parts['processor']?.desc).toBe('the card processor: 1 call');
    for (const part of Object.values(parts)) expect(part.dur).toBeGreaterThanOrEqual(0);
    expect(parts['total']!.dur).toBeGreaterThanOrEqual(parts['db']!.dur + parts['processor']!.dur);
  });
  it('a refusal too (a possible duplicate): no processor called', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber('server-timing-duplicate');
    expect((await pay(cardPayload(link, { cardNumber }))).status).toBe(200);
    const res = await pay(cardPayload(link, { cardNumber }));
    expect(res.status).toBe(409);
    expect(Object.keys(partsOf(res.headers.get('server-timing')))).toEqual(['db', 'total']);
  });
  it('any other route too: a payment\'s status call, a 404', async () => {
    const res = await t.app.request('/api/v1/cash/payments/no-such-voucher', { headers: asCaller() });
    expect(res.status).toBe(404);
    const parts = partsOf(res.headers.get('server-timing'));
    expect(Object.keys(parts)).toEqual(['db', 'total']);
    expect(parts['db']?.desc).toBe('1 statement (0 transactions)');
  });
});
