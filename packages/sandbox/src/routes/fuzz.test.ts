import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeBody } from '@pasarela/core';
import { ENDPOINTS } from '../../test/endpoints';
import { MERCHANT_API_PREFIX } from './merchant/merchantApi';
import { DEMO_WALLET_USER } from '../db/seed';
import { asCaller, cardPayloadOf, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { encodeJsonText, withRawNumber } from '../../test/paymentBodies';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  await newLink(t);
  // Some requests carry a live wallet token, so the handlers behind the login see bad input too.
  token = String((await t.post('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password })).data['token']);
});
afterAll(() => t.close());

/**
 * Text with what no valid text holds mixed in: NUL (PostgreSQL refuses it in text and jsonb) and
 * lone surrogates (no UTF-8 encodes them), among ordinary characters, a SPEC separator and any
 * UTF-16 unit.
 */
const hostileUnit = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
  fc.constantFrom(...'aZ09 |.-_@'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileText = fc.string({ unit: hostileUnit, maxLength: 40 });
/** Any JSON value whose keys and strings are hostile text. */
const { hostileJson } = fc.letrec((tie) => ({
  hostileJson: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.array(tie('hostileJson'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('hostileJson'), { maxKeys: 4 }),
  ),
}));
const anyValue = fc.oneof(fc.anything(), fc.string({ maxLength: 300 }), hostileText, hostileJson, fc.double(), fc.constant(undefined), fc.constant(null));

/** Admin bodies that pass their schema, so a hostile value in one field reaches the handler. */
const ADMIN_TEMPLATES: Readonly<Record<string, Record<string, unknown>>> = {
  '/sandbox/links': { amount: 10, description: 'Prueba', descriptions: { en: 'Test' } },
  '/sandbox/merchants': { name: 'Tienda Hostil' },
  '/sandbox/stations': { stationId: 'HOSTIL-1', description: 'Caja', amount: 5 },
  '/sandbox/plans': { name: 'Plan', amount: 5, period: 'MO' },
  '/sandbox/campaigns': { title: 'Campaña', titles: { en: 'Campaign' }, descriptions: { en: 'Every dollar helps' } },
  '/sandbox/users': { email: 'hostil@example.com', password: 'Hostil1!pass' },
  '/sandbox/email-payments': { to: 'hostil@example.com', amount: 5, description: 'Pedido' },
  '/sandbox/subscriptions': { planId: 1 },
  '/sandbox/validations': { codOper: 'PP000000000000' },
  '/api/v1/subscriptions': { idPlan: 1, email: 'hostil@example.com' },
  '/api/v1/activity/send': { to: 'hostil@example.com', amount: 5 },
  '/api/v1/activity/pay': { sourceSearch: { paymentCode: 'LKX' }, useFunds: true },
  '/api/v1/transactions/check': { option: 'TRANSACTION', action: 'VALID', code: 'X|1.00' },
  '/api/v1/process-tx-info': { code: 'LKX', step: 'card' },
};

/** A card payload around a well-formed token the vault never made: its mutations are checked before any card is looked up. */
const fuzzCardPayload = () => cardPayloadOf('LK' + 'X'.repeat(10), { token: `tok_${'A'.repeat(32)}`, brand: 'VISA', expMonth: 12, expYear: 2034 });

/** The card payload's fields, where each lives, for mutations. */
const CARD_FIELDS = ['amount', 'taxAmount', 'email', 'code', 'lang', 'cardInformation', 'additionalData', 'customFieldValues', 'txChannel', 'cardNumber', 'cvv', 'expMonth', 'expYear', 'cardType', 'trackId'];

/** A valid body for the endpoint (its admin template, else a card payload) with one field replaced by an arbitrary value, or a hostile key added. */
function mutatedPayload(path: string) {
  return fc.tuple(fc.constantFrom(...CARD_FIELDS, ...Object.keys(ADMIN_TEMPLATES[path] ?? {})), anyValue, fc.option(hostileText, { nil: undefined })).map(([field, value, extraKey]) => {
    const template = ADMIN_TEMPLATES[path];
    const body = (template ? structuredClone(template) : fuzzCardPayload()) as unknown as Record<string, Record<string, unknown>>;
    if (field in body || template) (body as Record<string, unknown>)[field] = value;
    else if (field === 'trackId') body['additionalData']![field] = value;
    else body['cardInformation']![field] = value;
    if (extraKey !== undefined) (body as Record<string, unknown>)[extraKey] = value ?? 1;
    return body;
  });
}

/** The strings of a body, at any depth, by path. */
function stringsOf(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...path, key]));
}

/** A valid body for the endpoint with NUL or a lone surrogate slipped into one of its strings, so the rest of the string still passes its format. */
function taintedPayload(path: string) {
  const template = ADMIN_TEMPLATES[path] ?? fuzzCardPayload();
  // A body without strings gets one, so there is somewhere to slip the character in.
  const body = stringsOf(template).length > 0 ? template : { ...template, note: 'nota' };
  return fc.tuple(fc.constantFrom(...stringsOf(body)), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat()).map(([at, bad, position]) => {
    const copy = structuredClone(body) as Record<string, unknown>;
    const parent = at.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
    const key = at[at.length - 1] ?? '';
    const text = String(parent[key]);
    const cut = position % (text.length + 1);
    parent[key] = text.slice(0, cut) + bad + text.slice(cut);
    return copy;
  });
}

/** Bodies for an endpoint: the widget's encoding (text/plain) and plain JSON, well-formed or not. */
function bodyFor(path: string) {
  const mutated = mutatedPayload(path);
  const tainted = taintedPayload(path);
  return fc.oneof(
    fc.string({ maxLength: 200 }).map((s) => ({ type: 'text/plain', text: s })),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 200 }).map((s) => ({ type: 'text/plain', text: s })),
    fc.base64String({ maxLength: 200 }).map((s) => ({ type: 'text/plain', text: Buffer.from(s).toString('hex') })),
    fc.anything().map((v) => ({ type: 'text/plain', text: encodeBody(v) })),
    hostileJson.map((v) => ({ type: 'text/plain', text: encodeBody(v) })),
    fc.jsonValue().map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
    hostileJson.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
    mutated.map((v) => ({ type: 'text/plain', text: encodeBody(v) })),
    mutated.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
    tainted.map((v) => ({ type: 'text/plain', text: encodeBody(v) })),
    tainted.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
    fc.string({ maxLength: 50 }).map((s) => ({ type: 'application/json', text: s })),
    hostileText.map((s) => ({ type: 'application/json', text: `{"a":"${s}"}` })),
    fc.constantFrom('', 'application/xml', 'multipart/form-data', 'application/x-www-form-urlencoded').map((type) => ({ type, text: 'a=1&b' })),
    hostileText.map((s) => ({ type: 'application/x-www-form-urlencoded', text: `result=approve&returnTo=${percentEncoded(`/pf/${s}`)}` })),
  );
}

/**
 * Text as an address carries it, percent-encoded; a lone surrogate as the three bytes a careless
 * encoder (WTF-8) would send (encodeURIComponent throws on it, URLSearchParams makes it U+FFFD).
 */
function percentEncoded(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text.charAt(i));
    }
  }
  return out;
}

const segment = fc.oneof(fc.string({ maxLength: 40 }), hostileText, fc.integer().map(String), fc.constantFrom('1', '0', '-1', 'SANDBOX_', '%', '..', '1e9', 'LKDEMO0001'));
const QUERY_NAMES = ['code', 'type', 'lang', 'group', 'amount', 'taxAmount', 'serviceCode', 'coin', 'cOper', 'props', 'to', 'limit', 'offset', 'sort', 'full', 'idPlan', 'idService', 'returnTo', 'country', 'action'];
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), hostileText), fc.oneof(fc.string({ maxLength: 60 }), hostileText), { maxKeys: 5 });

/** Requests the fuzz tests sent and the answers that were a 5xx, reported when they end. */
const sent = { requests: 0, serverErrors: 0 };
afterAll(() => console.info(`fuzz: ${sent.requests} requests sent, ${sent.serverErrors} answered 5xx (${process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`));

// 50 random requests per endpoint, a new seed each run: most of the input dies in validation
// before any query, and the systematic hostile input below runs in full. FUZZ_RUNS sets more.
const RUNS_PER_ENDPOINT = Number(process.env['FUZZ_RUNS'] ?? 50);

describe('malformed requests never cause a 5xx', () => {
  it('fuzzes every route of the app', () => {
    const listed = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => `${r.method} ${r.path.replace(/:[A-Za-z]+/g, ':x')}`);
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
  });

  it.each(ENDPOINTS)('$method $path answers fuzzed requests with 2xx-4xx and a well-formed body', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(segment, query, bodyFor(endpoint.path), fc.constantFrom(true, true, true, false), fc.boolean(), async (seg, q, b, withKey, withToken) => {
        const path = endpoint.path.replaceAll(':x', percentEncoded(seg));
        const search = Object.entries(q).map(([name, value]) => `${percentEncoded(name)}=${percentEncoded(value)}`).join('&');
        const headers: Record<string, string> = b.type ? { 'content-type': b.type } : {};
        // With a key, the pairing core's authHeaders makes; without one, a bare token may still come.
        if (withKey) Object.assign(headers, asCaller(withToken ? token : undefined));
        else if (withToken) headers['authorization'] = `Bearer ${token}`;
        const init = endpoint.method === 'GET' ? { headers } : { method: endpoint.method, headers, body: b.text };
        const res = await t.app.request(`${path}${search ? `?${search}` : ''}`, init);
        sent.requests += 1;
        if (res.status >= 500) sent.serverErrors += 1;
        expect(res.status, `${endpoint.method} ${path}?${search} ${b.type} ${b.text.slice(0, 80)}`).toBeLessThan(500);
        // Where the request went once '..' segments are resolved (two of them leave /api/v1/ for /api/, where no API route is).
        const served = new URL(path, 'http://checkout.test').pathname;
        if (served.startsWith('/api/v1/') && !served.startsWith(`${MERCHANT_API_PREFIX}/`)) {
          const envelope = (await res.json()) as { header: { code: number } };
          expect(envelope.header.code).toBe(res.status);
        } else if (served.startsWith(`${MERCHANT_API_PREFIX}/`) && res.status >= 400) {
          // The merchant API answers plain JSON errors, not the widget's envelope, naming the request.
          expect(Object.keys((await res.json()) as object)).toEqual(['code', 'message', 'requestId']);
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});

// Hostile input, systematically: control characters and lone surrogates in every path parameter,
// query, body key and body text, numbers no column holds in every numeric field, deep nesting. Each
// must be a 4xx with the catalogue's body.
const HOSTILE_SEGMENTS = ['%00', 'a%00b', 'SANDBOX_%00', '%01', '%0A', '%1F', '%7F', '%C2%85', '%E2%80%AE', '%E2%81%A6', '%', '%zz%00',
  '%ED%A0%80', 'a%ED%BF%BFb', '%C0%80',
  '99999999999999999999', '2147483648', '-2147483649', '1e999', '1.5', 'NaN', '-0'];
const HOSTILE_QUERY_VALUES = ['\u0000', 'a\u0000b', '\u0007', '\u202E', '\u0085', '99999999999999999999', '2147483648', '1e999', '-1', '1.5', 'NaN'];
const QUERY_KEYS = ['code', 'type', 'lang', 'amount', 'taxAmount', 'serviceCode', 'cOper', 'limit', 'offset', 'idPlan', 'idService', 'to', 'returnTo', 'action', 'method', 'outcome'];
const HOSTILE_NUMBERS = ['1e999', '-1e999', '99999999999999999999', '2147483648', '-2147483649', '9007199254740993', '1.5', '0.001', '-0', '-1', '1e-999'];
const NUMERIC_FIELDS = ['amount', 'taxAmount', 'amountToCampaign', 'idCampaignBridge', 'idPlan', 'planId', 'idUsrCard', 'idUsrService', 'merchantId', 'txLimit',
  'balance', 'expiresInSeconds', 'discount', 'minAmount', 'maxAmount', 'amountUSD', 'idMerchant', 'idMerchantService', 'scoreCaptcha', 'status', 'limit', 'offset'];
const DEPTH = 5000;
const DEEP_BODIES = ['['.repeat(DEPTH) + ']'.repeat(DEPTH), '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), `{"customFieldValues":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`];
interface HostileRequest { method: string; url: string; type?: string; text?: string }

function hostileRequests(endpoint: { method: string; path: string }, linkCode: string): HostileRequest[] {
  const plain = endpoint.path.replaceAll(':x', linkCode);
  const out: HostileRequest[] = [];
  if (endpoint.path.includes(':x')) for (const seg of HOSTILE_SEGMENTS) out.push({ method: endpoint.method, url: endpoint.path.replaceAll(':x', seg) });
  for (const value of HOSTILE_QUERY_VALUES) {
    out.push({ method: endpoint.method, url: `${plain}?${new URLSearchParams(QUERY_KEYS.map((k) => [k, value])).toString()}` });
  }
  out.push({ method: endpoint.method, url: `${plain}?code=a%00b&lang=%E2%80%AE` }, { method: endpoint.method, url: `${plain}?%00=1` });
  out.push({ method: endpoint.method, url: `${plain}?code=%ED%A0%80&returnTo=%2Fa%ED%BF%BF` }, { method: endpoint.method, url: `${plain}?%ED%A0%80=1` });
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
  const TEXT_FIELDS = ['code', 'codOper', 'email', 'phone', 'concept', 'description', 'txChannel', 'name', 'title', 'login', 'password', 'to', 'codeProcess', 'currency', 'network', 'trackId', 'nameOnCard'];
  for (const bad of ['x\u0000y', 'x\ud800', '\udfffy']) {
    const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, bad]));
    out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, ...texts }) });
    out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, note: { deep: [bad] } }) });
    out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, [bad]: 1 }) });
    out.push({ method: endpoint.method, url: plain, type: 'text/plain', text: encodeBody({ ...template, note: [{ [bad]: bad }] }) });
  }
  for (const [field, value] of Object.entries(template)) {
    if (typeof value !== 'string') continue;
    // NUL and lone surrogates stop at the body reader; other controls reach each field's schema.
    for (const bad of ['x\u0000y\u202E', 'x\ud800y', 'x\u0007y\u202E', `\u0000${value}`, `\udfff${value}`]) out.push({ method: endpoint.method, url: plain, type: 'application/json', text: JSON.stringify({ ...template, [field]: bad }) });
  }
  for (const deep of DEEP_BODIES) {
    out.push({ method: endpoint.method, url: plain, type: 'application/json', text: deep }, { method: endpoint.method, url: plain, type: 'text/plain', text: encodeJsonText(deep) });
  }
  return out;
}

describe('hostile input never causes a 5xx', () => {
  let linkCode = '';
  beforeAll(async () => {
    linkCode = await newLink(t);
  });

  // One test per endpoint, each with its own limit: about 30,000 requests in all.
  it.each(ENDPOINTS)('$method $path answers NUL, lone surrogates and control characters, numbers too big for a column and deep nesting with a 4xx and the catalogue body', async (endpoint) => {
    const failures: string[] = [];
    for (const r of hostileRequests(endpoint, linkCode)) {
      // A wallet token only where the routes read one, so the handlers behind the login see the input too.
      for (const withToken of /^\/api\/v1\/(users|activity)/.test(r.url) ? [false, true] : [false]) {
        const headers: Record<string, string> = { ...asCaller(withToken ? token : undefined), ...(r.type ? { 'content-type': r.type } : {}) };
        const res = await t.app.request(r.url, r.text === undefined ? { method: r.method, headers } : { method: r.method, headers, body: r.text });
        sent.requests += 1;
        if (res.status >= 500) sent.serverErrors += 1;
        const text = await res.text();
        if (res.status >= 500) failures.push(`${res.status} ${r.method} ${r.url} ${r.type ?? ''} ${(r.text ?? '').slice(0, 100)} -> ${text.slice(0, 160)}`);
        else if (res.status >= 400 && !r.url.startsWith('/api/') && !r.url.startsWith('/images/') && !r.url.startsWith('/sandbox/clave') && !r.url.startsWith('/sandbox/3ds')) {
          // The admin API's errors are plain { code, message, requestId } (static files, such as logos, answer a plain 404).
          expect(Object.keys(JSON.parse(text) as object), `${r.method} ${r.url}`).toEqual(['code', 'message', 'requestId']);
        }
      }
    }
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
  });
});
