import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrimedAnswersSchema, catalogs, themePalette, wrapEnvelope } from '@pasarela/core';
import * as v from 'valibot';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { DEMO_MERCHANT_BRAND } from '../../db/seed';
import { checkoutOfAddress, firstScreenAnswers } from './firstScreen';
import { startAfterFirstFrame } from './widgetPageMarkup';
import { CHALLENGE_RETURN_SCRIPT_HASH } from './challengeReturn';

describe('checkoutOfAddress: the checkout a widget address opens (SPEC 2), as the widget routes it', () => {
  it.each([
    ['/pf/widget', 'type=lk&code=LK1', { type: 'lk', code: 'LK1' }],
    ['/pf/widget/crypto', 'type=lk&code=LK1', { type: 'lk', code: 'LK1' }],
    ['/pf/widget', 'type=ps&code=EST-001', { type: 'ps', code: 'EST-001' }],
    ['/', 'code=LK1', { type: 'lk', code: 'LK1' }],
    ['/stationPayment', 'stationId=EST-001', { type: 'ps', code: 'EST-001' }],
    ['/tienda', '', { type: 'slug', code: 'tienda' }],
    ['/tienda/A1', '', { type: 'slugCode', code: 'tienda/A1' }],
    ['/', '', null],
    ['/pf/widget', 'type=lk', null],
    ['/pf/widget/login', 'type=lk&code=LK1', null],
    ['/tienda/receive', 'Oper=1', null],
    ['/pf/default-receipt/PP1', '', null],
    ['/404', '', null],
    ['/%E0%A4%A', '', null],
  ])('%s?%s', (path, query, expected) => {
    expect(checkoutOfAddress(path, new URLSearchParams(query))).toEqual(expected);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'pasarela-first-screen-'));
mkdirSync(join(dir, 'widget', 'assets'), { recursive: true });
writeFileSync(join(dir, 'widget', 'index.html'), '<!doctype html><html><head><!--pasarela-config--></head><body></body></html>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paths: { widgetDist: join(dir, 'widget') } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}) {
  const html = await (await t.app.request(path, { headers })).text();
  const json = /<script type="application\/json" id="pasarela-primed">(.*?)<\/script>/.exec(html)?.[1];
  const answers = v.parse(PrimedAnswersSchema, JSON.parse(json ?? 'null'));
  const address = /<script type="application\/json" id="pasarela-catalog">(.*?)<\/script>/.exec(html)?.[1];
  const hint = address ? (JSON.parse(address) as { lang: string; href: string }) : null;
  return { html, answers, byKey: new Map(answers.map((a) => [a.key, a])), hint };
}

describe('the widget page answers its first screen ahead', () => {
  it('carries the link checkout calls with the answers the API gives', async () => {
    const code = await newLink(t);
    const { answers, byKey, hint } = await page(`/pf/widget?type=lk&code=${code}`);
    expect(answers.map((a) => a.key)).toEqual([
      'translations/version',
      `payment-info?code=${code}&type=lk`,
      'system-config?props=props%3A%3AGOOGLE',
      'system-config?props=props%3A%3AFINGERPRINT',
      'merchants/1?amount=25&serviceCode=LK',
      'merchants/1/payment-methods',
      'merchants/1/campaign-bridges',
      // this link's own payment still waiting, whichever browser started it: none here
      `payments/pending?code=${code}`,
    ]);
    expect(byKey.get(`payments/pending?code=${code}`)).toMatchObject({ code: 200, data: null });
    const api = await t.get(`/payment-info?code=${code}&type=lk`);
    expect(byKey.get(`payment-info?code=${code}&type=lk`)).toEqual({ key: `payment-info?code=${code}&type=lk`, code: 200, description: 'OK', data: api.data });
    expect(hint).toEqual({ lang: 'es', href: expect.stringMatching(/^\/api\/v1\/translations\?lang=es&group=widget&v=[0-9a-f]{16}$/) });
  });

  // Issue 92: WebKit downloaded the catalogue twice when the widget's request did not match a preload;
  // the page names its fingerprinted address instead, cached for good.
  it("answers the named catalogue address as cacheable for good, and any other as asked again", async () => {
    const { hint } = await page(`/pf/widget?type=lk&code=${await newLink(t)}&lang=en`);
    const href = hint?.href ?? '';
    expect(href).toMatch(/lang=en&group=widget&v=[0-9a-f]{16}$/);
    const hinted = await t.app.request(href);
    expect(hinted.status).toBe(200);
    expect(hinted.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hinted.headers.get('vary')).toBe('Accept-Encoding');
    expect(((await hinted.json()) as { header: { code: number } }).header.code).toBe(200);
    // another language's fingerprint, a stale one, or none: not cached for good
    const es = (await page(`/pf/widget?type=lk&code=${await newLink(t)}&lang=es`)).hint?.href ?? '';
    expect(new URL(es, 'http://x').searchParams.get('v')).not.toBe(new URL(href, 'http://x').searchParams.get('v'));
    for (const other of [href.replace(/v=\w+$/, 'v=0000000000000000'), href.replace(/&v=\w+$/, ''), href.replace('lang=en', 'lang=es')]) {
      expect((await t.app.request(other)).headers.get('cache-control'), other).toBe('no-cache');
    }
  });

  // Issue 48: the merchant's brand is the default, open()'s appearance overrides it; the first screen
  // shows in those colours without waiting for the widget's theme code.
  it('carries the merchant\'s palette (its stored brand colour, then ?appearance=) as a style its CSP allows', async () => {
    const code = await newLink(t);
    const styleOf = (html: string) => /<style id="pasarela-palette" data-brand="([^"]*)">(.*?)<\/style><\/head>/.exec(html);
    const res = await t.app.request(`/pf/widget?type=lk&code=${code}`);
    const branded = styleOf(await res.text());
    expect(branded?.[1]).toBe(DEMO_MERCHANT_BRAND.colorPrimary);
    const light = themePalette(undefined, DEMO_MERCHANT_BRAND.colorPrimary, false).variables;
    expect(branded?.[2]).toContain(`--brand:${light.brand};`);
    const hash = createHash('sha256').update(branded?.[2] ?? '', 'utf8').digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);

    const appearance = encodeURIComponent(JSON.stringify({ theme: 'auto', variables: { colorPrimary: '#0e6e5c' } }));
    const css = styleOf(await (await t.app.request(`/pf/widget?type=lk&code=${code}&appearance=${appearance}`)).text())?.[2] ?? '';
    expect(css).toContain(`--brand:${themePalette({ variables: { colorPrimary: '#0e6e5c' } }, DEMO_MERCHANT_BRAND.colorPrimary, false).variables.brand};`);
    expect(css).toContain('@media (prefers-color-scheme:dark){:root{');
    expect(css).toContain('color-scheme:dark');
    // A value core's rules refuse is no appearance at all, as in the widget; never CSS from the address.
    const bad = encodeURIComponent(JSON.stringify({ variables: { colorPrimary: 'red;}body{display:none' } }));
    expect(styleOf(await (await t.app.request(`/pf/widget?type=lk&code=${code}&appearance=${bad}`)).text())?.[2]).toContain(`--brand:${light.brand};`);
  });

  it('names the catalog in the language the widget will pick: ?lang=, then Accept-Language', async () => {
    expect((await page(`/pf/widget?type=lk&code=LKANY&lang=en`)).hint?.lang).toBe('en');
    expect((await page(`/pf/widget?type=lk&code=LKANY`, { 'accept-language': 'fr-FR, en;q=0.8, es;q=0.5' })).hint?.lang).toBe('en');
  });

  it('carries an error answer as the API gives it, and nothing after it', async () => {
    const { answers } = await page('/pf/widget?type=lk&code=NOSUCHLINK');
    expect(answers.map((a) => a.key)).toEqual(['translations/version', 'payment-info?code=NOSUCHLINK&type=lk', 'system-config?props=props%3A%3AGOOGLE', 'system-config?props=props%3A%3AFINGERPRINT']);
    const api = await t.get('/payment-info?code=NOSUCHLINK&type=lk');
    expect(answers[1]).toEqual({ key: 'payment-info?code=NOSUCHLINK&type=lk', code: api.header.code, description: api.header.description, data: api.data });
    expect(api.header.code).not.toBe(200);
  });

  it('answers a station checkout from its station and merchant', async () => {
    const id = 'CAJA-FS';
    expect((await t.admin('POST', '/stations', { stationId: id, description: 'Caja', amount: 10 })).status).toBe(201);
    const { answers } = await page(`/pf/widget?type=ps&code=${id}`);
    expect(answers.map((a) => a.key)).toContain(`stations/${id}`);
    expect(answers.some((a) => a.key.endsWith('/payment-methods'))).toBe(true);
  });

  it('answers only the catalog version on pages that are not a checkout or a receipt', async () => {
    for (const path of ['/pf/widget/login', '/404']) {
      expect((await page(path)).answers.map((a) => a.key)).toEqual(['translations/version']);
    }
    // A receipt's page: its answer, a 404 for an unknown operation (the widget then shows SPEC 2's /404).
    const unknown = await page('/pf/default-receipt/PP1');
    expect(unknown.answers.map((a) => [a.key, a.code])).toEqual([['translations/version', 200], ['receipts/PP1', 404]]);
  });

  it('cannot be made to close its script element by a description', async () => {
    const code = await newLink(t, { description: '</script><script>alert(1)</script>' });
    const { html, answers } = await page(`/pf/widget?type=lk&code=${code}`);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(JSON.stringify(answers)).toContain('</script><script>alert(1)</script>');
  });
});

describe('the calls whose answer is fixed for the process', () => {
  /** An API that answers every call 200 (or 503 while `failing`), counting the calls by path. */
  function countingApi() {
    const calls = new Map<string, number>();
    const state = { failing: false };
    const request = (url: string) => {
      const path = new URL(url, 'http://in.process').pathname.replace('/api/v1/', '');
      calls.set(path, (calls.get(path) ?? 0) + 1);
      const code = state.failing ? 503 : 200;
      return Response.json(wrapEnvelope(code, code === 200 ? 'OK' : 'Unavailable', path === 'payment-info' ? { idMerchant: 1 } : { version: 1 }, false));
    };
    return { calls, state, answers: firstScreenAnswers(request, { clientKey: 'pk_test' }) };
  }

  it('asks the catalog version and the captcha and fingerprint keys once per language, the link every time', async () => {
    const api = countingApi();
    for (const code of ['LK1', 'LK2', 'LK3']) await api.answers('/pf/widget', new URLSearchParams({ type: 'lk', code }), 'es');
    await api.answers('/pf/widget', new URLSearchParams({ type: 'lk', code: 'LK4', lang: 'en' }), undefined);
    expect(api.calls.get('translations/version')).toBe(2);
    expect(api.calls.get('system-config')).toBe(4);
    expect(api.calls.get('payment-info')).toBe(4);
  });

  it('gives the same answers from memory as asked, and asks again after an answer that was not 200', async () => {
    const api = countingApi();
    api.state.failing = true;
    const failed = await api.answers('/pf/widget', new URLSearchParams({ type: 'lk', code: 'LK1' }), 'es');
    api.state.failing = false;
    const asked = await api.answers('/pf/widget', new URLSearchParams({ type: 'lk', code: 'LK1' }), 'es');
    const remembered = await api.answers('/pf/widget', new URLSearchParams({ type: 'lk', code: 'LK1' }), 'es');
    expect(failed.answers[0]).toMatchObject({ key: 'translations/version', code: 503 });
    expect(remembered).toEqual(asked);
    expect(api.calls.get('translations/version')).toBe(2);
  });
});

describe('the widget page gzipped', () => {
  it('sends the page gzipped to a browser that takes it, the answers at the end of the body', async () => {
    const { gunzipSync } = await import('node:zlib');
    const code = await newLink(t);
    const res = await t.app.request(`/pf/widget?type=lk&code=${code}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toMatch(/<script type="application\/json" id="pasarela-config">.*<script type="application\/json" id="pasarela-catalog">/);
    expect(html).toMatch(/<body><script type="application\/json" id="pasarela-primed">\[.*\]<\/script><\/body><\/html>$/);
    expect(html).toContain(`payment-info?code=${code}&type=lk`);
  });
});

describe('the first screen rendered into the page (the widget\'s server entry)', () => {
  // A widget build whose server entry answers from what it is given; `?slow` and `?broken` play a
  // render that takes too long and one that fails.
  const built = mkdtempSync(join(tmpdir(), 'pasarela-prerender-'));
  mkdirSync(join(built, 'widget', 'assets'), { recursive: true });
  mkdirSync(join(built, 'widget', 'server'), { recursive: true });
  writeFileSync(join(built, 'widget', 'index.html'), '<!doctype html><html><head><!--pasarela-config--></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(built, 'widget', 'server', 'prerender.mjs'),
    `export async function prerenderFirstScreen(input) {
      const url = new URL(input.url);
      if (url.searchParams.has('broken')) throw new Error('render failed');
      if (url.searchParams.has('slow')) await new Promise((r) => setTimeout(r, 2000));
      if (url.pathname.startsWith('/pf/widget/returnclave')) return { html: '<main>receipt from ' + (input.referrer ?? 'nowhere') + '</main>', texts: {}, laterStyles: true };
      // As the widget's entry: a card back from its challenge is drawn (the form with the bank's reason, when its receipt says it failed); any other wait is not.
      const pending = url.searchParams.get('pending');
      if (pending) return JSON.parse(pending).method === 'card' ? { html: '<main>form after ' + input.answers.filter((a) => a.key.startsWith('receipts/')).map((a) => a.key).join() + '</main>', texts: {} } : null;
      const html = '<main data-lang="' + input.lang + '" data-answers="' + input.answers.length + '" data-splash="' + input.config.splashMs + '" data-catalog="' + (typeof input.entries.card_form_title) + '">form</main>';
      return { html, texts: { card_form_title: input.entries.card_form_title } };
    }`,
  );
  const html = async (app: TestApp, path: string) => gunzipped(await app.app.request(path, { headers: { 'accept-encoding': 'gzip', 'accept-language': 'en' } }));
  const gunzipped = async (res: Response) => (await import('node:zlib')).gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');

  let noSplash: TestApp;
  let withSplash: TestApp;
  beforeAll(async () => {
    noSplash = await createTestApp({ paths: { widgetDist: join(built, 'widget') }, splashMs: 0 });
    withSplash = await createTestApp({ paths: { widgetDist: join(built, 'widget') }, splashMs: 3000 });
  });
  afterAll(async () => {
    await Promise.all([noSplash.close(), withSplash.close()]);
    rmSync(built, { recursive: true, force: true });
  });

  it('with no splash, puts the rendered screen in the root, in the payer\'s language, from the page\'s answers and catalog', async () => {
    const code = await newLink(noSplash);
    const page = await html(noSplash, `/pf/widget?type=lk&code=${code}`);
    expect(page).toMatch(/<div id="root" data-prerendered="en"><main data-lang="en" data-answers="\d+" data-splash="0" data-catalog="string">form<\/main><\/div><script type="application\/json" id="pasarela-primed">/);
    // The texts the screen shows, for the widget's first render before its catalogue is downloaded.
    expect(page).toContain(`<script type="application/json" id="pasarela-texts">${JSON.stringify({ card_form_title: catalogs.en.card_form_title })}</script>`);
    expect(page.endsWith('</script></body></html>')).toBe(true);
  });

  it('with a splash, leaves the root empty and marked: the page\'s CSS draws the splash from its first paint, as far along as the app\'s start clock', async () => {
    const code = await newLink(withSplash);
    const res = await withSplash.app.request(`/pf/widget?type=lk&code=${code}`, { headers: { 'accept-language': 'en' } });
    const page = await res.text();
    // right after the root, the script that sets the bar's start from the page's own start
    const script = /<div id="root" data-splash><\/div><script>([^<]+)<\/script><script type="application\/json" id="pasarela-primed">/.exec(page)?.[1];
    expect(script).toContain('"--splash-shown",-Math.round(performance.now())+"ms"');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(script ?? '', 'utf8').digest('base64')}';`);
    // a page with no splash has an unmarked root
    expect(await html(noSplash, `/pf/widget?type=lk&code=${code}&broken`)).not.toContain('data-splash>');
  });

  it.each(['reopen=1', 'from=card'])('with a splash, still puts the screen in a page that shows none (core splashMsFor: ?%s)', async (mark) => {
    const code = await newLink(withSplash);
    const page = await html(withSplash, `/pf/widget?type=lk&code=${code}&${mark}`);
    expect(page).toMatch(/<div id="root" data-prerendered="en"><main data-lang="en" data-answers="\d+" data-splash="3000" data-catalog="string">form<\/main><\/div>/);
  });

  it('carries where the payments the loader hands over from this shop\'s other links stand (?waiting=), so the first screen renders there too', async () => {
    const old = await newLink(t);
    const push = await t.post('/yappy/payments', { code: old, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    const code = await newLink(t);
    const waiting = encodeURIComponent(JSON.stringify([
      { merchant: 1, link: old, method: 'yappy', codOper, deadline: null },
      { merchant: 9, link: 'LKOTHER', method: 'nequi', codOper: 'PPNQ9', deadline: null },
    ]));
    const { byKey } = await page(`/pf/widget?type=lk&code=${code}&waiting=${waiting}`);
    expect(byKey.get(`payments/waiting/${codOper}`)).toMatchObject({ code: 200, data: { method: 'yappy', codOper, state: 'waiting', merchant: 1, link: old } });
    // Another merchant's is not asked about, as the checkout does not ask.
    expect(byKey.has('payments/waiting/PPNQ9')).toBe(false);
  });

  it('asks the widget\'s entry for a page whose address names a payment left waiting, with its receipt among the answers; the root stays empty when the entry draws none', async () => {
    const code = await newLink(noSplash);
    const card = encodeURIComponent(JSON.stringify({ method: 'card', codOper: 'PP1', deadline: null }));
    const nequi = encodeURIComponent(JSON.stringify({ method: 'nequi', codOper: 'PP2', deadline: null }));
    // A return has no splash, whatever the deployment's.
    for (const app of [noSplash, withSplash]) {
      expect(await html(app, `/pf/widget?type=lk&code=${code}&pending=${card}`)).toContain('<div id="root" data-prerendered="en"><main>form after receipts/PP1</main></div>');
      expect(await html(app, `/pf/widget?type=lk&code=${code}&pending=${nequi}`)).toContain('<div id="root"></div><script type="application/json" id="pasarela-primed">');
    }
  });

  it('links the later style sheet before a screen it styles (a receipt), so it shows styled from the first paint; and the render knows the Referer', async () => {
    const path = '/pf/widget/returnclave?Oper=PP0123456789AB';
    writeFileSync(join(built, 'widget', 'manifest.json'), JSON.stringify({ entry: 'assets/main-A.js', laterStyles: 'assets/later-Xy_1.css' }));
    // Read with the page, once per build: a new build (the page's time) reads the manifest again.
    writeFileSync(join(built, 'widget', 'index.html'), '<!doctype html><html><head><!--pasarela-config--></head><body><div id="root"></div></body></html>');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await noSplash.app.request(path, { headers: { 'accept-language': 'es', referer: 'https://shop.test/cart' } });
    expect(await res.text()).toContain('<link rel="stylesheet" href="/widget/assets/later-Xy_1.css"><div id="root" data-prerendered="es"><main>receipt from https://shop.test/cart</main></div>');
    // Without the sheet's address the browser renders it (never unstyled).
    rmSync(join(built, 'widget', 'manifest.json'));
    writeFileSync(join(built, 'widget', 'index.html'), '<!doctype html><html><head><!--pasarela-config--></head><body><div id="root"></div></body></html>');
    await new Promise((r) => setTimeout(r, 1100));
    const bare = await (await noSplash.app.request(path, { headers: { 'accept-language': 'es' } })).text();
    expect(bare).toContain('<div id="root"></div><script type="application/json" id="pasarela-primed">');
    expect(bare).not.toContain('stylesheet');
  });

  it('sends the page without it when the render fails or is too slow', async () => {
    const code = await newLink(noSplash);
    expect(await html(noSplash, `/pf/widget?type=lk&code=${code}&broken`)).toContain('<div id="root"></div><script type="application/json" id="pasarela-primed">');
    const started = Date.now();
    expect(await html(noSplash, `/pf/widget?type=lk&code=${code}&slow`)).toContain('<div id="root"></div><script type="application/json" id="pasarela-primed">');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('startAfterFirstFrame: a page with its first screen in starts the widget through its boot chunk', () => {
  it('points the script at the boot chunk, naming the entry in its address', () => {
    expect(startAfterFirstFrame('<head><script type="module" src="/widget/assets/main-Ab_1.js" data-boot="/widget/assets/boot-Cd2.js"></script></head>')).toBe(
      '<head><script type="module" src="/widget/assets/boot-Cd2.js?main=%2Fwidget%2Fassets%2Fmain-Ab_1.js"></script></head>',
    );
  });
  it('leaves a page without a boot chunk as it is', () => {
    const html = '<head><script type="module" src="/widget/assets/main-Ab_1.js"></script></head>';
    expect(startAfterFirstFrame(html)).toBe(html);
  });
});

// Issue 47: a return from a bank or 3DS page waits for no round trip before what the payer sees next.
describe('the pages a 3DS challenge or the bank returns to', () => {
  /** A card payment at its 3DS challenge, then the bank's answer; its operation code. */
  async function challenged(amount: number, result: 'approve' | 'fail' | null): Promise<string> {
    const code = await newLink(t, { amount });
    const res = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount }));
    const codOper = String(res.data['codOper']);
    if (result) {
      // The bank's answer played from a script: the settle call (the issuer's page is the simulator's).
      const done = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ result }) });
      expect(done.status).toBe(200);
    }
    return codOper;
  }
  const challengeReturn = (codOper: string, extra = '') => `/pf/default-receipt/${codOper}?challenge=1&entries=3&from=%2Fpf%2Fwidget%3Ftype%3Dlk${extra}`;

  it('carries the receipt\'s answer on a receipt and on the bank\'s return addresses', async () => {
    const codOper = await challenged(51, 'approve');
    const api = await t.get(`/receipts/${codOper}`);
    for (const path of [challengeReturn(codOper), `/pf/default-receipt/${codOper}`, `/pf/widget/returnclavesdk?Oper=${codOper}`]) {
      const { byKey } = await page(path);
      expect(byKey.get(`receipts/${codOper}`)).toEqual({ key: `receipts/${codOper}`, code: 200, description: 'OK', data: api.data });
    }
  });

  it('carries the merchant\'s palette on those pages, so the receipt waits for no theme code', async () => {
    const codOper = await challenged(56, 'approve');
    for (const path of [challengeReturn(codOper), `/pf/widget/returnclavesdk?Oper=${codOper}`]) {
      const res = await t.app.request(path);
      const style = /<style id="pasarela-palette" data-brand="([^"]*)">(.*?)<\/style><\/head>/.exec(await res.text());
      expect(style?.[1]).toBe(DEMO_MERCHANT_BRAND.colorPrimary);
      expect(res.headers.get('content-security-policy')).toContain(`'sha256-${createHash('sha256').update(style?.[2] ?? '', 'utf8').digest('base64')}'`);
    }
    // No receipt, no palette.
    expect(await (await t.app.request('/pf/default-receipt/PP1')).text()).not.toContain('pasarela-palette');
  });

  it('carries the receipt of a card payment its checkout\'s address names as waiting at its challenge', async () => {
    const codOper = await challenged(52, null);
    const pending = encodeURIComponent(JSON.stringify({ method: 'card', codOper, deadline: null }));
    const { byKey } = await page(`/pf/widget?type=lk&code=LK1&pending=${pending}`);
    expect(byKey.get(`receipts/${codOper}`)?.code).toBe(200);
  });

  it('a refused challenge\'s return goes straight back to the form\'s history entry, with its one script allowed by its hash', async () => {
    const codOper = await challenged(53, 'fail');
    const res = await t.app.request(challengeReturn(codOper));
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('pasarela-config');
    const script = /<script>(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('history.go(');
    expect(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`).toBe(CHALLENGE_RETURN_SCRIPT_HASH);
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' ${CHALLENGE_RETURN_SCRIPT_HASH};`);
  });

  it('an approved challenge, a refused one marked to stay, or one without the form\'s count gets the widget\'s page', async () => {
    const approved = await challenged(54, 'approve');
    const refused = await challenged(55, 'fail');
    for (const path of [challengeReturn(approved), challengeReturn(refused, '&stay=1'), `/pf/default-receipt/${refused}?challenge=1`]) {
      const res = await t.app.request(path);
      expect(await res.text()).toContain('pasarela-config');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    }
  });
});
