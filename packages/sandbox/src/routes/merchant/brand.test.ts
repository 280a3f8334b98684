import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_UPLOAD_WINDOW_MS, LOGO_UPLOADS_PER_WINDOW } from '../../brand/logoImage';
import { jpegImage, pngImage, webpImage } from '../../../test/images';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';

// The merchant's brand (docs/merchant-api.md "Brand"): set with its secret key, each answer checked
// against the OpenAPI document; the logo checked by its bytes and served by its hash.

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

const newMerchant = (name = 'Café Brand') => createMerchant(t, { name });

const upload = (key: string | undefined, bytes: Uint8Array<ArrayBuffer>, type = 'image/png', idempotencyKey?: string) =>
  api.call('POST', '/brand/logo', { key, bytes, headers: { 'content-type': type }, ...(idempotencyKey ? { idempotencyKey } : {}) });

const merchantData = async (id: number) => (await t.get(`/merchants/${id}`)).data;

/** Which of these images are stored. */
const storedLogos = async (hashes: string[]) =>
  (await t.db.query<{ sha256: string }>('select sha256 from merchant_logos where sha256 = any($1::text[]) order by sha256', [hashes])).map((r) => r.sha256);
/** Stored images no merchant uses. */
const unusedLogos = async () =>
  (await t.db.query<{ sha256: string }>('select sha256 from merchant_logos l where not exists (select 1 from merchants m where m.logo_sha256 = l.sha256)')).map((r) => r.sha256);

describe('the brand: colour and display name', () => {
  it('starts unset, sets the colour (normalised) and the name, keeps what is left out, and removes with null', async () => {
    const m = await newMerchant();
    expect((await api.call('GET', '/brand', { key: m.key })).json).toEqual({ colorPrimary: null, displayName: null, logoUrl: null });
    expect(await merchantData(m.id)).not.toHaveProperty('brand');

    const set = await api.call('POST', '/brand', { key: m.key, body: { colorPrimary: '#6B3E26', displayName: '  Tostadores del Casco ' } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ colorPrimary: '#6b3e26', displayName: 'Tostadores del Casco', logoUrl: null });
    expect((await api.call('POST', '/brand', { key: m.key, body: { colorPrimary: '#a52' } })).json).toMatchObject({ colorPrimary: '#aa5522', displayName: 'Tostadores del Casco' });
    // The data the checkout loads carries it, only the parts set.
    expect((await merchantData(m.id))['brand']).toEqual({ colorPrimary: '#aa5522', displayName: 'Tostadores del Casco' });

    expect((await api.call('POST', '/brand', { key: m.key, body: { displayName: null } })).json).toEqual({ colorPrimary: '#aa5522', displayName: null, logoUrl: null });
    expect((await api.call('GET', '/brand', { key: m.key })).json).toEqual({ colorPrimary: '#aa5522', displayName: null, logoUrl: null });
  });

  it('refuses bad values with a { code, message } naming the field', async () => {
    const m = await newMerchant();
    const bad = async (body: unknown, message: RegExp) => {
      const res = await api.call('POST', '/brand', { key: m.key, body, headers: { 'accept-language': 'en' } });
      expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
      expect(String(res.json['message'])).toMatch(message);
    };
    await bad({ colorPrimary: 'red' }, /colorPrimary must be a hex colour/);
    await bad({ colorPrimary: 'url(javascript:x)' }, /colorPrimary/);
    await bad({ colorPrimary: '#12345' }, /colorPrimary/);
    await bad({ displayName: 'x'.repeat(61) }, /displayName is longer than 60/);
    await bad({ displayName: 'Tienda\u202Eabc' }, /displayName must not hold/);
    await bad({ displayName: '   ' }, /displayName must not be empty/);
    // core shownNameRefusal: no bidi mark, and something to see.
    await bad({ displayName: '\u200E\u200F' }, /displayName must not hold bidi characters/);
    await bad({ displayName: 'Tienda\u200F' }, /displayName must not hold bidi characters/);
    await bad({ displayName: 'Caf\u061Cé' }, /displayName must not hold bidi characters/);
    await bad({ displayName: '\u200B\u200C\u200D' }, /displayName must show something/);
    await bad({ displayName: '\u3164\u3164' }, /displayName must show something/);
    await bad({ displayName: '\u2060\u00AD\uFE0F' }, /displayName must show something/);
    await bad({ logo: '/images/x.png' }, /logo may only be null/);
    await bad({ font: 'Comic Sans' }, /font is not a field/);
    expect((await api.call('GET', '/brand', { key: m.key })).json).toEqual({ colorPrimary: null, displayName: null, logoUrl: null });
  });

  it('wants the merchant\'s key, and a key changes its own merchant\'s brand only', async () => {
    const a = await newMerchant('A');
    const b = await newMerchant('B');
    expect((await api.call('GET', '/brand')).json['code']).toBe('missing_secret_key');
    expect((await api.call('POST', '/brand', { body: { displayName: 'X' } })).status).toBe(401);
    expect((await api.call('POST', '/brand', { key: 'sk_test_nobody', body: { displayName: 'X' } })).json['code']).toBe('invalid_secret_key');
    expect((await upload(undefined, pngImage(64, 64))).status).toBe(401);
    await api.call('POST', '/brand', { key: a.key, body: { displayName: 'Solo A' } });
    expect((await api.call('GET', '/brand', { key: b.key })).json['displayName']).toBeNull();
    // The admin API with B's key: A is as absent as a merchant that does not exist.
    const other = await t.app.request(`/sandbox/merchants/${a.id}/brand`, { method: 'POST', headers: { authorization: `Bearer ${b.key}`, 'content-type': 'application/json' }, body: '{"displayName":"B was here"}' });
    expect([other.status, ((await other.json()) as { code: string }).code]).toEqual([404, 'merchant_not_found']);
    const otherLogo = await t.app.request(`/sandbox/merchants/${a.id}/brand/logo`, { method: 'POST', headers: { authorization: `Bearer ${b.key}`, 'content-type': 'image/png' }, body: pngImage(64, 64) });
    expect(otherLogo.status).toBe(404);
    expect((await api.call('GET', '/brand', { key: a.key })).json).toMatchObject({ displayName: 'Solo A', logoUrl: null });
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, and another body with 409', async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const first = await api.call('POST', '/brand', { key: m.key, body: { displayName: 'Uno' }, idempotencyKey: key });
    await api.call('POST', '/brand', { key: m.key, body: { displayName: 'Dos' } });
    const again = await api.call('POST', '/brand', { key: m.key, body: { displayName: 'Uno' }, idempotencyKey: key });
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.call('POST', '/brand', { key: m.key, body: { displayName: 'Tres' }, idempotencyKey: key })).json['code']).toBe('idempotency_key_reused');
  });

  it('takes no Idempotency-Key as well (it makes nothing payable and moves no money)', async () => {
    const m = await newMerchant();
    const res = await api.call('POST', '/brand', { key: m.key, body: { displayName: 'Sin clave' }, idempotencyKey: null });
    expect([res.status, res.json['displayName']]).toEqual([200, 'Sin clave']);
  });

  it('keeps a display name of right-to-left script, or with a zero-width joiner between visible characters', async () => {
    const m = await newMerchant();
    for (const displayName of ['مقهى القاهرة', 'Familia 👨\u200D👩\u200D👧']) {
      expect((await api.call('POST', '/brand', { key: m.key, body: { displayName } })).json['displayName']).toBe(displayName);
    }
  });
});

describe('the brand: logo upload', () => {
  it('takes a PNG, serves it from the checkout origin under its hash (immutable, its type, nosniff), and the merchant data points at it', async () => {
    const m = await newMerchant();
    const png = pngImage(96, 64);
    const res = await upload(m.key, png);
    expect(res.status).toBe(201);
    const hash = createHash('sha256').update(png).digest('hex');
    expect(res.json['logoUrl']).toBe(`http://checkout.test/images/logos/${hash}`);
    expect((await merchantData(m.id))['brand']).toEqual({ logoUrl: `/images/logos/${hash}` });

    const served = await t.app.request(`/images/logos/${hash}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    expect((await t.app.request(`/images/logos/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await t.app.request(`/images/logos/${hash}.svg`)).status).toBe(404);

    // The type is read from the bytes: a PNG sent as image/jpeg is still a PNG.
    const other = pngImage(64, 64, [0, 0, 0]);
    await upload(m.key, other, 'image/jpeg');
    const otherHash = createHash('sha256').update(other).digest('hex');
    expect((await t.app.request(`/images/logos/${otherHash}`)).headers.get('content-type')).toBe('image/png');
    // The replaced logo, which no other merchant uses, is deleted with the change; removing the logo deletes it too.
    expect((await t.app.request(`/images/logos/${hash}`)).status).toBe(404);
    expect((await api.call('POST', '/brand', { key: m.key, body: { logo: null } })).json['logoUrl']).toBeNull();
    expect((await t.app.request(`/images/logos/${otherHash}`)).status).toBe(404);
    expect(await storedLogos([hash, otherHash])).toEqual([]);
  });

  it('takes a JPEG and a WebP, with their types', async () => {
    const m = await newMerchant();
    for (const [bytes, type] of [[jpegImage(120, 80), 'image/jpeg'], [webpImage(200, 100), 'image/webp']] as const) {
      const res = await upload(m.key, bytes, type);
      expect(res.status).toBe(201);
      const served = await t.app.request(new URL(String(res.json['logoUrl'])).pathname);
      expect(served.headers.get('content-type')).toBe(type);
    }
  });

  it('refuses an SVG, a PNG header over garbage, other files, empty, out-of-bounds sizes and an oversized body, each with { code, message }', async () => {
    const m = await newMerchant();
    const refused = async (bytes: Uint8Array<ArrayBuffer>, type: string, status: number, code: string, message: RegExp) => {
      const res = await upload(m.key, bytes, type);
      expect([res.status, res.json['code']], String(res.json['message'])).toEqual([status, code]);
      expect(String(res.json['message'])).toMatch(message);
    };
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>');
    await refused(svg, 'image/svg+xml', 415, 'logo_type_not_allowed', /SVG/);
    // Sent as a PNG, it is still an SVG by its bytes.
    await refused(svg, 'image/png', 415, 'logo_type_not_allowed', /SVG/);
    await refused(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 415, 'logo_type_not_allowed', /SVG/);
    const garbage = new Uint8Array([...pngImage(64, 64).subarray(0, 8), ...new TextEncoder().encode('<html><script>alert(1)</script></html>'.repeat(4))]);
    await refused(garbage, 'image/png', 400, 'logo_unreadable', /PNG/);
    // A real PNG cut short: no IEND.
    const png = pngImage(64, 64);
    await refused(png.slice(0, png.length - 12), 'image/png', 400, 'logo_unreadable', /PNG/);
    await refused(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, 1, 2, 3, 4]), 'image/jpeg', 400, 'logo_unreadable', /JPEG/);
    await refused(new TextEncoder().encode('GIF89a\x40\x00\x40\x00'), 'image/gif', 415, 'logo_type_not_allowed', /PNG, JPEG o WebP/);
    await refused(new Uint8Array(0), 'image/png', 400, 'logo_empty', /imagen del logo/);
    await refused(pngImage(16, 16), 'image/png', 400, 'logo_dimensions', /16x16 px/);
    await refused(webpImage(4000, 100), 'image/webp', 400, 'logo_dimensions', /4000x100/);
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(pngImage(64, 64).subarray(0, 33));
    await refused(big, 'image/png', 413, 'payload_too_large', /524288/);
    expect((await api.call('GET', '/brand', { key: m.key })).json['logoUrl']).toBeNull();
  });

  it('answers a repeated upload with the same Idempotency-Key with its first answer; other bytes with 409', async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const first = await upload(m.key, pngImage(64, 64), 'image/png', key);
    const again = await upload(m.key, pngImage(64, 64), 'image/png', key);
    expect([again.status, again.json, again.headers.get('idempotent-replayed')]).toEqual([201, first.json, 'true']);
    expect((await upload(m.key, pngImage(80, 80), 'image/png', key)).json['code']).toBe('idempotency_key_reused');
  });
});

describe('the brand: a replaced logo is deleted once no merchant uses it; uploads are capped', () => {
  const served = async (url: unknown) => (await t.app.request(new URL(String(url)).pathname)).status;

  it('keeps an image two merchants share until the last one replaces or removes it', async () => {
    const [a, b] = [await newMerchant('A'), await newMerchant('B')];
    const shared = pngImage(72, 72, [14, 110, 92]);
    const sharedHash = createHash('sha256').update(shared).digest('hex');
    const sharedUrl = (await upload(a.key, shared)).json['logoUrl'];
    expect((await upload(b.key, shared)).json['logoUrl']).toBe(sharedUrl);
    expect(await storedLogos([sharedHash])).toEqual([sharedHash]);

    // A moves to its own logo: B still uses the shared one, which stays.
    const own = (await upload(a.key, pngImage(72, 72, [160, 20, 40]))).json['logoUrl'];
    expect([await served(sharedUrl), await served(own)]).toEqual([200, 200]);
    // The same bytes again change nothing and delete nothing.
    expect((await upload(b.key, shared)).json['logoUrl']).toBe(sharedUrl);
    expect(await served(sharedUrl)).toBe(200);
    // B removes its logo: nobody uses the shared image any more.
    await api.call('POST', '/brand', { key: b.key, body: { logo: null } });
    expect([await served(sharedUrl), await served(own)]).toEqual([404, 200]);
    // A colour or name change leaves the logo alone.
    await api.call('POST', '/brand', { key: a.key, body: { colorPrimary: '#123456', displayName: 'A' } });
    expect(await served(own)).toBe(200);
    // B takes up the deleted image again: it is stored afresh.
    expect((await upload(b.key, shared)).json['logoUrl']).toBe(sharedUrl);
    expect(await served(sharedUrl)).toBe(200);
    expect(await unusedLogos()).toEqual([]);
  });

  it(`takes ${LOGO_UPLOADS_PER_WINDOW} uploads a window, then 429 logo_upload_limit with Retry-After and nothing changed; refused images and replays are not counted`, async () => {
    const m = await newMerchant();
    const replayKey = randomUUID();
    expect((await upload(m.key, pngImage(40, 40), 'image/png', replayKey)).status).toBe(201);
    expect((await upload(m.key, pngImage(16, 16))).json['code']).toBe('logo_dimensions');
    let last: unknown;
    for (let i = 1; i < LOGO_UPLOADS_PER_WINDOW; i++) last = (await upload(m.key, pngImage(40 + i, 40))).json['logoUrl'];
    expect((await upload(m.key, pngImage(40, 40), 'image/png', replayKey)).headers.get('idempotent-replayed')).toBe('true');

    const over = await upload(m.key, pngImage(99, 99));
    expect([over.status, over.json['code']]).toEqual([429, 'logo_upload_limit']);
    expect(String(over.json['message'])).toMatch(new RegExp(`como máximo ${LOGO_UPLOADS_PER_WINDOW} subidas de logo en 24 horas`));
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(LOGO_UPLOAD_WINDOW_MS / 1000 - 120);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(LOGO_UPLOAD_WINDOW_MS / 1000);
    expect((await api.call('GET', '/brand', { key: m.key })).json['logoUrl']).toBe(last);
    expect(await storedLogos([createHash('sha256').update(pngImage(99, 99)).digest('hex')])).toEqual([]);
    // The admin API counts against the same cap; another merchant has its own.
    expect((await t.app.request(`/sandbox/merchants/${m.id}/brand/logo`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: pngImage(98, 98) })).status).toBe(429);
    expect((await upload((await newMerchant()).key, pngImage(99, 99))).status).toBe(201);

    // Once the window is over, the count starts again.
    await t.db.query("update logo_uploads set window_ends_at = now() - interval '1 second' where merchant_id = $1", [m.id]);
    expect((await upload(m.key, pngImage(99, 99))).status).toBe(201);
    expect((await upload(m.key, pngImage(97, 97))).status).toBe(201);
    // Of all these uploads, only the logo in use is kept.
    expect(await unusedLogos()).toEqual([]);
  });
});

describe('the brand in the admin API', () => {
  it('sets a merchant\'s colour, name and logo as the console does', async () => {
    const m = await newMerchant();
    expect((await t.admin('GET', `/merchants/${m.id}/brand`)).json).toEqual({ colorPrimary: null, displayName: null, logoUrl: null });
    expect((await t.admin('POST', `/merchants/${m.id}/brand`, { colorPrimary: '#0e6e5c', displayName: 'Verde' })).json).toMatchObject({ colorPrimary: '#0e6e5c', displayName: 'Verde' });
    expect((await t.admin('POST', `/merchants/${m.id}/brand`, { colorPrimary: 'green' })).status).toBe(400);
    const logo = await t.app.request(`/sandbox/merchants/${m.id}/brand/logo`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: pngImage(64, 64) });
    expect(logo.status).toBe(201);
    const svg = await t.app.request(`/sandbox/merchants/${m.id}/brand/logo`, { method: 'POST', headers: { 'content-type': 'image/svg+xml' }, body: '<svg/>' });
    expect([svg.status, ((await svg.json()) as { code: string }).code]).toEqual([415, 'logo_type_not_allowed']);
    expect((await t.admin('GET', '/merchants/999999/brand')).status).toBe(404);
    expect((await merchantData(m.id))['brand']).toMatchObject({ colorPrimary: '#0e6e5c', displayName: 'Verde', logoUrl: expect.stringMatching(/^\/images\/logos\/[0-9a-f]{64}$/) });
  });
});
