import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { PasarelaError, decodeBody, wrapEnvelope } from '@pasarela/core';
import { createApiClient } from './client';

const BASE = 'https://checkout.test/api/v1';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A fetch that records each request and answers from the queue (or repeats the last answer). */
function fakeFetch(...answers: Array<() => Response>) {
  const seen: Seen[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const bytes = new Uint8Array(await request.arrayBuffer());
    seen.push({ url: request.url, method: request.method, headers: request.headers, body: new TextDecoder().decode(bytes), bytes });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('no answer queued');
    return answer();
  });
  return { fetch: fn as unknown as typeof fetch, seen, calls: () => fn.mock.calls.length };
}

const envelope = (code: number, payload: unknown, encoded = true, description = code === 200 ? 'OK' : 'Error') => () =>
  new Response(JSON.stringify(wrapEnvelope(code, description, payload, encoded)), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });

const PersonSchema = v.object({ name: v.string() });

function client(fetch: typeof globalThis.fetch, wireEncoding = true) {
  return createApiClient({ apiBase: BASE, wireEncoding, clientKey: 'pk_test', lang: 'es', fetch });
}

describe('api client', () => {
  it('decodes an encoded envelope, Unicode intact, and sends the client key', async () => {
    const net = fakeFetch(envelope(200, { name: 'José Ñúñez 🇵🇦' }));
    const data = await client(net.fetch).get('people/1', PersonSchema, { lang: 'es' });
    expect(data).toEqual({ name: 'José Ñúñez 🇵🇦' });
    expect(net.seen[0]?.url).toBe(`${BASE}/people/1?lang=es`);
    expect(net.seen[0]?.headers.get('x-api-key')).toBe('pk_test');
  });

  it('encodes a POST body as hex of base64 text/plain that decodes back, Unicode intact', async () => {
    const net = fakeFetch(envelope(200, { name: 'ok' }));
    await client(net.fetch).post('people', PersonSchema, { name: 'María Peña' });
    const sent = net.seen[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('content-type')).toBe('text/plain');
    expect(sent?.body).toMatch(/^[0-9a-f]+$/);
    expect(decodeBody(sent?.body ?? '')).toEqual({ name: 'María Peña' });
  });

  it('sends a body of 1 KB or more gzip-compressed, which unpacks to the same SPEC 7 text; a shorter one as it is', async () => {
    const net = fakeFetch(envelope(200, { name: 'ok' }));
    // A card payment's fields: about 1.1 KB of JSON, 3 KB once encoded.
    const payment = { name: 'María José Núñez', email: 'maria.nunez@example.com', note: 'Café de altura, 250 g, molido fino. '.repeat(30) };
    await client(net.fetch).post('cards/auth-capture', PersonSchema, payment);
    const sent = net.seen[0];
    expect(sent?.headers.get('content-encoding')).toBe('gzip');
    expect(sent?.headers.get('content-type')).toBe('text/plain');
    const unpacked = await new Response(new Blob([sent?.bytes ?? new Uint8Array()]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(decodeBody(unpacked)).toEqual(payment);
    expect(sent?.bytes.length).toBeLessThan(unpacked.length / 2);

    await client(net.fetch).post('people', PersonSchema, { name: 'Ana' });
    expect(net.seen[1]?.headers.get('content-encoding')).toBeNull();
    expect(decodeBody(net.seen[1]?.body ?? '')).toEqual({ name: 'Ana' });
  });

  it('sends plain JSON and reads JSON data when wire encoding is off', async () => {
    const net = fakeFetch(envelope(200, { name: 'Ana' }, false));
    const data = await client(net.fetch, false).post('people', PersonSchema, { name: 'Ana' });
    expect(data).toEqual({ name: 'Ana' });
    expect(net.seen[0]?.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(net.seen[0]?.body ?? '')).toEqual({ name: 'Ana' });
  });

  it('maps a non-200 header to the server code and message (SPEC 8)', async () => {
    const net = fakeFetch(envelope(410, { code: 3000, message: 'El enlace expiró' }));
    const error = await client(net.fetch).get('payment-info', PersonSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ code: '3000', status: 410, serverMessage: 'El enlace expiró', category: 'api' });
  });

  it.each([401, 420, 500, 520])('header %i is a session expiry (SPEC 8)', async (status) => {
    const net = fakeFetch(envelope(status, { code: 'x', message: 'y' }));
    await expect(client(net.fetch).get('a', PersonSchema)).rejects.toMatchObject({ code: 'session_expired', category: 'session' });
  });

  it('rejects a 200 answer whose data does not match the schema', async () => {
    const net = fakeFetch(envelope(200, { name: 42 }));
    await expect(client(net.fetch).get('a', PersonSchema)).rejects.toMatchObject({ code: 'happen_error_try_again' });
  });

  it('maps a response that is not an envelope by its HTTP status', async () => {
    const net = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client(net.fetch).get('a', PersonSchema)).rejects.toMatchObject({ code: 'happen_error_try_again', status: 502 });
    const missing = fakeFetch(() => new Response('<html>Not found</html>', { status: 404, statusText: 'Not Found' }));
    await expect(client(missing.fetch).get('a', PersonSchema)).rejects.toMatchObject({ status: 404 });
  });

  it('retries a failed connection once with the same body, then reports connection_error', async () => {
    const net = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client(net.fetch).post('cards/auth-capture', PersonSchema, { trackId: 't-1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'connection_error', category: 'network' });
    expect(net.calls()).toBe(2);
    expect(net.seen[0]?.body).toBe(net.seen[1]?.body);
  });

  it('does not retry an answered error', async () => {
    const net = fakeFetch(envelope(502, { code: 'payment_error_try_again', message: 'Error' }));
    await expect(client(net.fetch).post('x', PersonSchema, {})).rejects.toMatchObject({ code: 'payment_error_try_again' });
    expect(net.calls()).toBe(1);
  });

  it('a logged-in call carries the widget key and the token; a session-type answer (SPEC 8) ends the login', async () => {
    const net = fakeFetch(envelope(200, { name: 'ok' }), envelope(401, { code: 'session_expired', message: 'x' }));
    const onSessionExpired = vi.fn();
    const auth = { headers: () => ({ 'x-api-key': 'pk_widget', Authorization: 'Bearer tok' }), onSessionExpired };
    const api = createApiClient({ apiBase: BASE, wireEncoding: true, clientKey: 'pk_test', lang: 'es', fetch: net.fetch, auth });
    await api.post('people', PersonSchema, { a: 1 });
    expect(net.seen[0]?.headers.get('x-api-key')).toBe('pk_widget');
    expect(net.seen[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(net.seen[0]?.headers.get('content-type')).toBe('text/plain');
    await expect(api.get('people/1', PersonSchema)).rejects.toMatchObject({ code: 'session_expired' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a guest call that gets 401 ends no login', async () => {
    const net = fakeFetch(envelope(401, { code: 'session_expired', message: 'x' }));
    const onSessionExpired = vi.fn();
    const api = createApiClient({ apiBase: BASE, wireEncoding: true, clientKey: 'pk_test', lang: 'es', fetch: net.fetch, auth: { headers: () => null, onSessionExpired } });
    await expect(api.get('people/1', PersonSchema)).rejects.toMatchObject({ code: 'session_expired' });
    expect(net.seen[0]?.headers.get('x-api-key')).toBe('pk_test');
    expect(net.seen[0]?.headers.get('authorization')).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('api client with answers given ahead in the page (core firstScreen)', () => {
  const primedClient = (fetch: typeof globalThis.fetch, primed: Parameters<typeof createApiClient>[0]['primed']) =>
    createApiClient({ apiBase: BASE, wireEncoding: true, clientKey: 'pk_test', lang: 'es', fetch, primed });

  it('answers the first matching GET from the page, whatever the query order, then asks the API', async () => {
    const net = fakeFetch(envelope(200, { name: 'from the API' }));
    const api = primedClient(net.fetch, [{ key: 'people?a=1&b=2', code: 200, description: 'OK', data: { name: 'from the page' } }]);
    expect(await api.get('people', PersonSchema, { b: 2, a: 1 })).toEqual({ name: 'from the page' });
    expect(net.calls()).toBe(0);
    expect(await api.get('people', PersonSchema, { b: 2, a: 1 })).toEqual({ name: 'from the API' });
    expect(net.calls()).toBe(1);
  });

  it('gives a primed error the same meaning as a fetched one', async () => {
    const net = fakeFetch(envelope(200, { name: 'unused' }));
    const api = primedClient(net.fetch, [{ key: 'payment-info?code=X&type=lk', code: 404, description: 'Not found', data: { code: 'error_to_load' } }]);
    const error = await api.get('payment-info', PersonSchema, { code: 'X', type: 'lk' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect((error as PasarelaError).code).toBe('error_to_load');
    expect(net.calls()).toBe(0);
  });

  it('checks primed data against the schema like any answer', async () => {
    const api = primedClient(fakeFetch(envelope(200, { name: 'x' })).fetch, [{ key: 'people', code: 200, description: 'OK', data: { name: 42 } }]);
    await expect(api.get('people', PersonSchema)).rejects.toMatchObject({ code: 'happen_error_try_again' });
  });

  it('never answers a POST from the page', async () => {
    const net = fakeFetch(envelope(200, { name: 'posted' }));
    const api = primedClient(net.fetch, [{ key: 'people', code: 200, description: 'OK', data: { name: 'primed' } }]);
    expect(await api.post('people', PersonSchema, { x: 1 })).toEqual({ name: 'posted' });
    expect(net.calls()).toBe(1);
  });
});
