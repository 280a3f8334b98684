import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeBody } from '@pasarela/core';
import { ENDPOINTS } from '../test/endpoints';
import { MERCHANT_API_PREFIX } from './merchantApi';
import { DEMO_WALLET_USER } from '../db/seed';
import { asCaller, cardPayload, createTestApp, newLink, type TestApp } from '../test/testApp';
import { encodeJsonText, withRawNumber } from '../test/paymentBodies';

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

// 150 random requests per endpoint on PGlite, 50 more on PostgreSQL (a new seed each run): most of
// the input dies in validation before any query, which is the same code on both databases, and the
// systematic hostile input below runs in full on both. FUZZ_RUNS sets both.
const RUNS_PER_ENDPOINT = Number(process.env['FUZZ_RUNS'] ?? (process.env['TEST_DATABASE_URL'] ? 50 : 150));

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

// Hostile input, systematically: control characters in every path parameter and query, numbers no
// column holds in every numeric field, deep nesting. Each must be a 4xx with the catalogue's body.
const HOSTILE_SEGMENTS = ['%00', 'a%00b', 'SANDBOX_%00', '%01', '%0A', '%1F', '%7F', '%C2%85', '%E2%80%AE', '%E2%81%A6', '%', '%zz%00',
  '99999999999999999999', '2147483648', '-2147483649', '1e999', '1.5', 'NaN', '-0'];
const HOSTILE_QUERY_VALUES = ['\u0000', 'a\u0000b', '\u0007', '\u202E', '\u0085', '99999999999999999999', '2147483648', '1e999', '-1', '1.5', 'NaN'];
const QUERY_KEYS = ['code', 'type', 'lang', 'amount', 'taxAmount', 'serviceCode', 'cOper', 'limit', 'offset', 'idPlan', 'idService', 'to', 'returnTo', 'action', 'method', 'outcome'];
const HOSTILE_NUMBERS = ['1e999', '-1e999', '99999999999999999999', '2147483648', '-2147483649', '9007199254740993', '1.5', '0.001', '-0', '-1', '1e-999'];
const NUMERIC_FIELDS = ['amount', 'taxAmount', 'amountToCampaign', 'idCampaignBridge', 'idPlan', 'planId', 'idUsrCard', 'idUsrService', 'merchantId', 'txLimit',
  'balance', 'expiresInSeconds', 'discount', 'minAmount', 'maxAmount', 'amountUSD', 'idMerchant', 'idMerchantService', 'scoreCaptcha', 'status', 'limit', 'offset'];
const DEPTH = 5000;
const DEEP_BODIES = ['['.repeat(DEPTH) + ']'.repeat(DEPTH), '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), `{"customFieldValues":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`];
/** Admin bodies that pass their schema, so a hostile number in one field reaches the handler. */
const ADMIN_TEMPLATES: Readonly<Record<string, Record<string, unknown>>> = {
  '/sandbox/links': { amount: 10, description: 'Prueba' },
  '/sandbox/merchants': { name: 'Tienda Hostil' },
  '/sandbox/stations': { stationId: 'HOSTIL-1', description: 'Caja', amount: 5 },
  '/sandbox/plans': { name: 'Plan', amount: 5, period: 'MO' },
  '/sandbox/campaigns': { title: 'Campaña' },
  '/sandbox/users': { email: 'hostil@example.com', password: 'Hostil1!pass' },
  '/sandbox/email-payments': { to: 'hostil@example.com', amount: 5, description: 'Pedido' },
  '/sandbox/subscriptions': { planId: 1 },
  '/api/v1/subscriptions': { idPlan: 1, email: 'hostil@example.com' },
  '/api/v1/activity/send': { to: 'hostil@example.com', amount: 5 },
  '/api/v1/activity/pay': { sourceSearch: { paymentCode: 'LKX' }, useFunds: true },
  '/api/v1/transactions/check': { option: 'TRANSACTION', action: 'VALID', code: 'X|1.00' },
};

interface HostileRequest { method: string; url: string; type?: string; text?: string }

function hostileRequests(endpoint: { method: string; path: string }, linkCode: string): HostileRequest[] {
  const plain = endpoint.path.replaceAll(':x', linkCode);
  const out: HostileRequest[] = [];
  if (endpoint.path.includes(':x')) for (const seg of HOSTILE_SEGMENTS) out.push({ method: endpoint.method, url: endpoint.path.replaceAll(':x', seg) });
  for (const value of HOSTILE_QUERY_VALUES) {
    out.push({ method: endpoint.method, url: `${plain}?${new URLSearchParams(QUERY_KEYS.map((k) => [k, value])).toString()}` });
  }
  out.push({ method: endpoint.method, url: `${plain}?code=a%00b&lang=%E2%80%AE` }, { method: endpoint.method, url: `${plain}?%00=1` });
  if (endpoint.method === 'GET') return out;
  const template = ADMIN_TEMPLATES[endpoint.path] ?? Object.fromEntries(NUMERIC_FIELDS.map((f) => [f, 1]));
  for (const field of NUMERIC_FIELDS) {
    for (const n of HOSTILE_NUMBERS) {
      const json = withRawNumber(template, field, n);
      out.push({ method: endpoint.method, url: plain, type: 'application/json', text: json });
      // The widget's encoding decodes to the same text; a few numbers through it are enough.
      if (n === '1e999' || n === '2147483648') out.push({ method: endpoint.method, url: plain, type: 'text/plain', text: encodeJsonText(json) });
    }
  }
  const texts = Object.fromEntries(['code', 'email', 'phone', 'concept', 'description', 'txChannel', 'name', 'title', 'login', 'password', 'to', 'codeProcess', 'currency', 'network', 'trackId', 'nameOnCard']
    .map((f) => [f, `x\u0000y`]));
  out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, ...texts }) });
  out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, note: { deep: ['a\u0000'] } }) });
  for (const [field, value] of Object.entries(template)) {
    if (typeof value === 'string') out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, [field]: `x\u0000y\u202E` }) });
  }
  for (const deep of DEEP_BODIES) {
    out.push({ method: endpoint.method, url: plain, type: 'application/json', text: deep }, { method: endpoint.method, url: plain, type: 'text/plain', text: encodeJsonText(deep) });
  }
  return out;
}

describe('hostile input never causes a 5xx', () => {
  it('answers NUL and control characters, numbers too big for a column and deep nesting with a 4xx and the catalogue body', async () => {
    const linkCode = await newLink(t);
    let made = 0;
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const r of hostileRequests(endpoint, linkCode)) {
        // A wallet token only where the routes read one, so the handlers behind the login see the input too.
        for (const withToken of /^\/api\/v1\/(users|activity)/.test(r.url) ? [false, true] : [false]) {
          const headers: Record<string, string> = { ...asCaller(withToken ? token : undefined), ...(r.type ? { 'content-type': r.type } : {}) };
          const res = await t.app.request(r.url, r.text === undefined ? { method: r.method, headers } : { method: r.method, headers, body: r.text });
          made += 1;
          const text = await res.text();
          if (res.status >= 500) failures.push(`${res.status} ${r.method} ${r.url} ${r.type ?? ''} ${(r.text ?? '').slice(0, 100)} -> ${text.slice(0, 160)}`);
          else if (res.status >= 400 && !r.url.startsWith('/api/') && !r.url.startsWith('/sandbox/clave') && !r.url.startsWith('/sandbox/3ds')) {
            // The admin API's errors are plain { code, message }.
            expect(Object.keys(JSON.parse(text) as object), `${r.method} ${r.url}`).toEqual(['code', 'message']);
          }
        }
      }
    }
    console.info(`hostile requests: ${made}, answered 5xx: ${failures.length}`);
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
  }, 240_000);
});
