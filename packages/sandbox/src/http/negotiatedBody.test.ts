import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '@pasarela/core';
import { asCaller, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { GZIP_MIN_BYTES, negotiatedBody } from './negotiatedBody';

const text = (bytes: number) => Buffer.from('{"a":"' + 'x'.repeat(bytes - 8) + '"}', 'utf8');

describe('negotiatedBody', () => {
  const cases: { name: string; body: Buffer; type: string; accept: string | undefined; gzipped: boolean; vary: boolean }[] = [
    { name: 'a short answer is sent as it is, whatever the client accepts', body: text(GZIP_MIN_BYTES - 1), type: 'application/json', accept: 'gzip, deflate, br', gzipped: false, vary: false },
    { name: 'a long text answer is gzipped for a client that accepts gzip', body: text(GZIP_MIN_BYTES), type: 'application/json', accept: 'gzip, deflate, br', gzipped: true, vary: true },
    { name: 'a long text answer is sent plain to a client that does not, and says it varies', body: text(4000), type: 'text/html; charset=utf-8', accept: 'deflate', gzipped: false, vary: true },
    { name: 'a client that sends no accept-encoding gets it plain', body: text(4000), type: 'text/css; charset=utf-8', accept: undefined, gzipped: false, vary: true },
    { name: 'an image is never gzipped', body: text(4000), type: 'image/png', accept: 'gzip', gzipped: false, vary: false },
  ];
  it.each(cases)('$name', ({ body, type, accept, gzipped, vary }) => {
    const answer = negotiatedBody(body, type, accept);
    expect(answer.headers['content-type']).toBe(type);
    expect(answer.headers['content-encoding']).toBe(gzipped ? 'gzip' : undefined);
    expect(answer.headers['vary']).toBe(vary ? 'Accept-Encoding' : undefined);
    expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
    const sent = Buffer.from(answer.body);
    expect(gzipped ? gunzipSync(sent) : sent).toEqual(body);
  });
  it('compresses through the given function, which may cache', () => {
    let calls = 0;
    const zipped = Buffer.from('zipped');
    const answer = negotiatedBody(text(2000), 'text/plain', 'gzip', () => (calls++, zipped));
    expect(calls).toBe(1);
    expect(Buffer.from(answer.body)).toEqual(zipped);
  });
});

describe('API answers (reply) over the wire encoding', () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp();
    code = await newLink(t, { description: 'Una descripción larga '.repeat(9) });
  });
  afterAll(() => t.close());
  const ask = (path: string, acceptEncoding?: string) =>
    t.app.request(`/api/v1${path}`, { headers: { ...asCaller(), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
  const envelopeOf = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    return JSON.parse((res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')) as { header: { code: number }; data: string };
  };

  it('a long answer is gzipped once for a browser and decodes to what a client without gzip gets', async () => {
    const zipped = await ask(`/payment-info?code=${code}&type=lk`, 'gzip, deflate, br');
    const plain = await ask(`/payment-info?code=${code}&type=lk`);
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('content-type')).toBe('application/json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const [a, b] = [await envelopeOf(zipped), await envelopeOf(plain)];
    expect(a.header.code).toBe(200);
    expect(decodeBody(a.data)).toEqual(decodeBody(b.data));
    expect(decodeBody(a.data)).toMatchObject({ description: expect.stringContaining('Una descripción larga') });
  });
  it('a short answer, an error among them, is sent as it is with its length', async () => {
    const res = await ask('/payment-info?code=NOPE0000&type=lk', 'gzip');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    const envelope = await envelopeOf(res);
    expect(envelope.header.code).toBe(404);
  });
});
