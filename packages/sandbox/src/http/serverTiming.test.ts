import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBody } from '@pasarela/core';
import { asCaller, cardPayload, createTestApp, newLink, testCardNumber, withCaptcha, type TestApp } from '../test/testApp';

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

describe('a card payment says where its server time went (Server-Timing)', () => {
  it('an approved payment: the database (statements, transactions), the card processor (one call) and the whole', async () => {
    const res = await pay(cardPayload(await newLink(t)));
    expect(res.status).toBe(200);
    const parts = partsOf(res.headers.get('server-timing'));
    expect(Object.keys(parts)).toEqual(['db', 'processor', 'total']);
    expect(parts['db']?.desc).toMatch(/^\d+ statements \(1 transaction\)$/);
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
});
