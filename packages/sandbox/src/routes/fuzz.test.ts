import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeBody } from '@pasarela/core';
import { ENDPOINTS } from '../test/endpoints';
import { MERCHANT_API_PREFIX } from './merchantApi';
import { DEMO_WALLET_USER } from '../db/seed';
import { asCaller, cardPayload, createTestApp, newLink, type TestApp } from '../test/testApp';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  await newLink(t);
  // Some requests carry a live wallet token, so the handlers behind the login see bad input too.
  token = String((await t.post('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password })).data['token']);
});
afterAll(() => t.close());

/** A valid card payload with one field replaced by an arbitrary value (wrong type, huge, missing...). */
const mutatedPayload = fc
  .tuple(
    fc.constantFrom('amount', 'taxAmount', 'email', 'code', 'lang', 'cardInformation', 'additionalData', 'customFieldValues', 'txChannel', 'cardNumber', 'cvv', 'expMonth', 'expYear', 'cardType', 'trackId'),
    fc.oneof(fc.anything(), fc.string({ maxLength: 300 }), fc.double(), fc.constant(undefined), fc.constant(null)),
  )
  .map(([field, value]) => {
    const body = cardPayload('LK' + 'X'.repeat(10)) as unknown as Record<string, Record<string, unknown>>;
    if (field in body) (body as Record<string, unknown>)[field] = value;
    else if (field === 'trackId') body['additionalData']![field] = value;
    else body['cardInformation']![field] = value;
    return body;
  });

const body = fc.oneof(
  fc.string({ maxLength: 200 }).map((s) => ({ type: 'text/plain', text: s })),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 200 }).map((s) => ({ type: 'text/plain', text: s })),
  fc.base64String({ maxLength: 200 }).map((s) => ({ type: 'text/plain', text: Buffer.from(s).toString('hex') })),
  fc.anything().map((v) => ({ type: 'text/plain', text: encodeBody(v) })),
  fc.jsonValue().map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  mutatedPayload.map((v) => ({ type: 'text/plain', text: encodeBody(v) })),
  fc.string({ maxLength: 50 }).map((s) => ({ type: 'application/json', text: s })),
  fc.constantFrom('', 'application/xml', 'multipart/form-data', 'application/x-www-form-urlencoded').map((type) => ({ type, text: 'a=1&b' })),
);

const segment = fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String), fc.constantFrom('1', '0', '-1', 'SANDBOX_', '%', '..', '1e9', 'LKDEMO0001'));
const query = fc.dictionary(fc.constantFrom('code', 'type', 'lang', 'group', 'amount', 'taxAmount', 'serviceCode', 'coin', 'cOper', 'props', 'to', 'limit', 'offset', 'sort', 'full', 'idPlan', 'idService', 'returnTo', 'country', 'action'), fc.string({ maxLength: 60 }), { maxKeys: 5 });

const RUNS_PER_ENDPOINT = Number(process.env['FUZZ_RUNS'] ?? 150);

describe('malformed requests never cause a 5xx', () => {
  it.each(ENDPOINTS)('$method $path answers fuzzed requests with 2xx-4xx and a well-formed body', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(segment, query, body, fc.constantFrom(true, true, true, false), fc.boolean(), async (seg, q, b, withKey, withToken) => {
        const path = endpoint.path.replaceAll(':x', encodeURIComponent(seg));
        const search = new URLSearchParams(q).toString();
        const headers: Record<string, string> = b.type ? { 'content-type': b.type } : {};
        // With a key, the pairing core's authHeaders makes; without one, a bare token may still come.
        if (withKey) Object.assign(headers, asCaller(withToken ? token : undefined));
        else if (withToken) headers['authorization'] = `Bearer ${token}`;
        const init = endpoint.method === 'GET' ? { headers } : { method: endpoint.method, headers, body: b.text };
        const res = await t.app.request(`${path}${search ? `?${search}` : ''}`, init);
        expect(res.status, `${endpoint.method} ${path}?${search} ${b.type} ${b.text.slice(0, 80)}`).toBeLessThan(500);
        if (path.startsWith('/api/') && !path.startsWith(`${MERCHANT_API_PREFIX}/`)) {
          const envelope = (await res.json()) as { header: { code: number } };
          expect(envelope.header.code).toBe(res.status);
        } else if (path.startsWith(`${MERCHANT_API_PREFIX}/`) && res.status >= 400) {
          // The merchant API answers plain JSON errors, not the widget's envelope.
          expect(Object.keys((await res.json()) as object)).toEqual(['code', 'message']);
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});
