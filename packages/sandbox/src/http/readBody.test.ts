import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '@pasarela/core';
import { asCaller, createTestApp, type TestApp } from '../../test/testApp';
import { encodeJsonText } from '../../test/paymentBodies';

// Text no storage holds: PostgreSQL refuses NUL in text and jsonb, and a UTF-16 surrogate without
// its pair has no UTF-8 form. The body reader refuses both, in any key or string, for every route.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A POST of raw JSON text, as the widget encodes it (text/plain) or as plain JSON. */
async function post(path: string, json: string, type: 'text/plain' | 'application/json') {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { ...(path.startsWith('/api/') ? asCaller() : {}), 'content-type': type },
    body: type === 'text/plain' ? encodeJsonText(json) : json,
  });
  return { status: res.status, text: await res.text() };
}

/** The `{ code, message }` of an answer, out of the envelope under /api. */
function errorOf(path: string, text: string): { code: unknown; message: unknown } {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (!path.startsWith('/api/')) return { code: parsed['code'], message: parsed['message'] };
  const data = decodeBody(String(parsed['data'])) as Record<string, unknown>;
  return { code: data['code'], message: data['message'] };
}

describe('the body reader refuses NUL and lone surrogates', () => {
  // The three answers that were 500 (NUL reached SQL; a lone surrogate key reached jsonb).
  it.each<[string, string, string]>([
    ['/api/v1/transactions/check', '{"option":"TRANSACTION","action":"VALID","code":"PP\\u0000|1.00"}', 'code tiene'],
    ['/sandbox/validations', '{"codOper":"PP\\u0000"}', 'codOper tiene'],
    ['/api/v1/process-tx-info', '{"\\ud800":"x"}', 'una clave del cuerpo tiene'],
  ])('POST %s with %s -> 400 invalid_characters naming the field', async (path, json, named) => {
    for (const type of ['text/plain', 'application/json'] as const) {
      if (type === 'text/plain' && path.startsWith('/sandbox/')) continue;
      const res = await post(path, json, type);
      expect(res.status, `${type} ${res.text}`).toBe(400);
      const error = errorOf(path, res.text);
      expect(error.code).toBe('invalid_characters');
      expect(String(error.message)).toContain(named);
    }
  });

  it.each<[string, string]>([
    ['a NUL in a nested value', '{"a":{"b":[1,"x\\u0000y"]}}'],
    ['a NUL in a custom field value', '{"customFieldValues":[{"name":"talla","value":"M\\u0000"}]}'],
    ['a NUL in a nested key', '{"a":[{"k\\u0000":1}]}'],
    ['a lone high surrogate at the end', '{"a":"x\\ud800"}'],
    ['a lone low surrogate', '{"a":"\\udfffx"}'],
    ['two high surrogates', '{"a":"\\ud800\\ud800"}'],
    ['swapped pair', '{"a":"\\udc00\\ud800"}'],
    ['a string body', '"\\u0000"'],
    ['an array body', '["ok","\\udc00"]'],
  ])('%s -> 400 invalid_characters', async (_what, json) => {
    const res = await post('/api/v1/process-tx-info', json, 'application/json');
    expect(res.status).toBe(400);
    expect(errorOf('/api/v1/process-tx-info', res.text).code).toBe('invalid_characters');
  });

  it('lets a paired surrogate (an emoji), tab and line breaks through to the route', async () => {
    const res = await post('/api/v1/process-tx-info', JSON.stringify({ note: 'línea uno\nlínea dos\tfin 😀', ['clave 😀']: 'a\r\nb' }), 'text/plain');
    expect(res.status, res.text).toBe(200);
  });
});

describe('a gzip-compressed body (Content-Encoding: gzip, as the widget sends its longer bodies)', () => {
  const sendPacked = async (packed: Uint8Array, coding = 'gzip') => {
    const res = await t.app.request('/api/v1/process-tx-info', {
      method: 'POST',
      headers: { ...asCaller(), 'content-type': 'text/plain', 'content-encoding': coding },
      body: new Uint8Array(packed),
    });
    return { status: res.status, text: await res.text() };
  };

  it('is unpacked and read as the same encoded text', async () => {
    const json = JSON.stringify({ note: 'Café de altura, 250 g. '.repeat(60) });
    const res = await sendPacked(gzipSync(encodeJsonText(json)));
    expect(res.status, res.text).toBe(200);
  });

  it('larger than 64 KB once unpacked -> 413 payload_too_large, however small it came', async () => {
    const bomb = gzipSync(encodeJsonText(JSON.stringify({ note: 'a'.repeat(200_000) })));
    expect(bomb.length).toBeLessThan(8 * 1024);
    const res = await sendPacked(bomb);
    expect(res.status).toBe(413);
    expect(errorOf('/api/v1/process-tx-info', res.text).code).toBe('payload_too_large');
  });

  it('not gzip data -> 400 invalid_body; another coding -> 415 unsupported_media_type', async () => {
    const notGzip = await sendPacked(new TextEncoder().encode(encodeJsonText('{"a":1}')));
    expect(notGzip.status).toBe(400);
    expect(errorOf('/api/v1/process-tx-info', notGzip.text)).toEqual({ code: 'invalid_body', message: expect.stringContaining('no viene en gzip') });
    const brotli = await sendPacked(gzipSync(encodeJsonText('{"a":1}')), 'br');
    expect(brotli.status).toBe(415);
    expect(errorOf('/api/v1/process-tx-info', brotli.text)).toEqual({ code: 'unsupported_media_type', message: expect.stringContaining('br') });
  });
});
