import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHashesOf, styleHashesOf, vaultOriginOf, widgetSecurityHeaders } from '../../http/widgetSecurity';
import { configScript } from './widgetPageMarkup';
import { createTestApp, newLink, type TestApp } from '../../../test/testApp';

const dir = mkdtempSync(join(tmpdir(), 'pasarela-csp-'));
mkdirSync(join(dir, 'assets'), { recursive: true });
const CSS = 'body{margin:0}.splash__bar{height:4px}';
writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><!--pasarela-config--><style>${CSS}</style></head><body></body></html>`);
const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

const policyWith = (styles: string) =>
  `default-src 'self'; script-src 'self'; style-src ${styles}; img-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; object-src 'none'`;
const POLICY = policyWith(`'self' ${CSS_HASH}`);
/** The frame-ancestors of a page whose policy allows its styles and nothing else (a checkout's page also has the merchant's palette: pagePalette.ts). */
const ancestorsOf = async (res: Response) => {
  const csp = res.headers.get('content-security-policy') ?? '';
  const palette = /<style id="pasarela-palette"[^>]*>(.*?)<\/style>/.exec(await res.clone().text())?.[1];
  const policy = palette === undefined ? POLICY : policyWith(`'self' ${CSS_HASH} 'sha256-${createHash('sha256').update(palette).digest('base64')}'`);
  const prefix = `${policy}; frame-ancestors `;
  expect(csp.startsWith(prefix)).toBe(true);
  return csp.slice(prefix.length);
};

let t: TestApp;
let guarded: { code: string; slug: string; station: string; subscription: string; emailPayment: string; emailPaymentCode: string };
beforeAll(async () => {
  t = await createTestApp({ paths: { widgetDist: dir } });
  const merchant = await t.admin('POST', '/merchants', {
    name: 'Con Dominio', domainValidation: true, allowedDomains: ['tienda.pa', 'Shop.Example.com:8443', "evil.pa; script-src 'unsafe-inline'", 'a b'],
  });
  const merchantId = Number(merchant.json['idMerchant']);
  const code = await newLink(t, { merchantId, slug: 'con-dominio' });
  expect((await t.admin('POST', '/stations', { merchantId, stationId: 'CAJA-DOMINIO', description: 'Caja', amount: 7 })).status).toBe(201);
  const plan = await t.admin('POST', '/plans', { merchantId, name: 'Club', period: 'MO', amount: 9, chargeNow: true });
  const subscription = await t.post('/subscriptions', { idPlan: plan.json['idPlan'], email: 'socia@example.com' });
  const request = await t.admin('POST', '/email-payments', { merchantId, to: 'lucia@example.com', amount: 40, description: 'Clases de junio' });
  expect(request.status).toBe(201);
  guarded = {
    code, slug: 'con-dominio', station: 'CAJA-DOMINIO', subscription: String(subscription.data['subscriptionKey']),
    emailPayment: String(request.json['token']), emailPaymentCode: String(request.json['code']),
  };
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('widget page security headers', () => {
  it.each(['/', '/tienda-demo', '/tienda-demo/LKDEMO0001', '/tienda-demo/receive?parentOrigin=https%3A%2F%2Fshop.example', '/pf/widget?type=lk&code=LKDEMO0001', '/pf/widget/home', '/stationPayment', '/404', '/a/b/c'])(
    '%s: the policy with frame-ancestors * (no domain validation), nosniff and strict-origin referrers',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await ancestorsOf(res)).toBe('*');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin');
    },
  );
  it.each([
    ['the loader URL', () => `/pf/widget?type=lk&code=${guarded.code}&lang=es`],
    ['a slug URL', () => `/pf/widget?type=slug&code=${guarded.slug}`],
    ['the slug page', () => `/${guarded.slug}`],
    ['the slug and code page', () => `/${guarded.slug}/${guarded.code}`],
    // In the checkout's frame, which keeps the shop's parentOrigin in every address it moves to.
    ['the receipt page in the checkout\'s frame', () => `/${guarded.slug}/receive?parentOrigin=http%3A%2F%2Fshop.test`],
    // The checkout loads a code in lower case as the same link (GET payment-info): so is it framed.
    ['the loader URL with the code in lower case', () => `/pf/widget?type=lk&code=${guarded.code.toLowerCase()}`],
    ['the loader URL opened by an allowed shop page', () => `/pf/widget?type=lk&code=${guarded.code}&parentOrigin=https%3A%2F%2Fpagos.tienda.pa`],
    ['the loader URL opened by an allowed shop page on its port', () => `/pf/widget?type=lk&code=${guarded.code}&parentOrigin=https%3A%2F%2Fshop.example.com%3A8443`],
    ['the loader URL opened by the demo shop', () => `/pf/widget?type=lk&code=${guarded.code}&parentOrigin=http%3A%2F%2Fshop.test`],
    ['the main page with the code in lower case', () => `/?code=${guarded.code.toLowerCase()}`],
    ['the Clave return to the checkout with the code in lower case', () => `/pf/widget/clave?type=lk&code=${guarded.code.toLowerCase()}`],
    ['a slug URL given as slug=', () => `/pf/widget?type=slug&slug=${guarded.slug}`],
    ['a slug and code URL', () => `/pf/widget?type=slugCode&code=${guarded.slug}/${guarded.code}`],
    ['a slug and code URL given as slug= and code=', () => `/pf/widget?type=slugCode&slug=${guarded.slug}&code=${guarded.code}`],
    ['the e-mail payment page', () => `/pf/emailPayment?code=${guarded.emailPayment}`],
    ["the e-mail payment's own link", () => `/pf/widget?type=lk&code=${guarded.emailPaymentCode}`],
    ['the subscription checkout', () => `/pf/widget?type=subs&code=${guarded.subscription}`],
    ["the subscription's receipt page in the checkout's frame", () => `/${guarded.subscription}/receive?parentOrigin=http%3A%2F%2Fshop.test`],
    ['the station checkout', () => `/pf/widget?type=ps&code=${guarded.station}`],
    ['the station page', () => `/stationPayment?code=${guarded.station}`],
    ['the station page by stationId', () => `/stationPayment?stationId=${guarded.station}`],
    ["a paid or expired link's message page, which names its shop", () => `/pf/responseMessage?code=3000&link=${guarded.code.toLowerCase()}&type=lk`],
    ['the wallet login that opens the checkout after it', () => `/pf/widget/login?next=${encodeURIComponent(`/pf/widget?type=lk&code=${guarded.code.toLowerCase()}`)}`],
    ['the wallet signup that opens the checkout after it', () => `/pf/widget/signup?next=${encodeURIComponent(`/${guarded.slug}`)}`],
  ])("lets only the merchant's allowed domains, the checkout and the demo shop frame %s", async (_name, path) => {
    const ancestors = await ancestorsOf(await t.app.request(path()));
    expect(ancestors).toBe("'self' http://shop.test tienda.pa *.tienda.pa shop.example.com:8443 *.shop.example.com:8443");
  });
  it.each([
    ['/pf/default-receipt/PP1', () => '/pf/default-receipt/PP1'], ['/tienda-demo/receive', () => '/tienda-demo/receive?Oper=PP1'], ['/pf/receipt/campaign', () => '/pf/receipt/campaign?Oper=PP1'],
    ['/pf/tx-result', () => '/pf/tx-result?Oper=PP1'], ['a merchant with domain validation: /{slug}/receive', () => `/${guarded.slug}/receive?Oper=PP1`],
  ])('a receipt by its own address (%s, as an e-mail links to it) is framed by no site', async (_name, path) => {
    const res = await t.app.request(path());
    expect(res.status).toBe(200);
    expect(await ancestorsOf(res)).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
  it.each([
    // Where a processor's 3DS page sends the checkout's frame back, whatever its address carries.
    ['the way back from a 3DS page', '/pf/default-receipt/processing?Oper=PP1', '*'],
    ['a receipt in the checkout\'s frame', '/pf/default-receipt/PP1?parentOrigin=https%3A%2F%2Fshop.example', '*'],
    ['the Clave return', '/pf/widget/returnclave?Oper=PP1', '*'],
  ])('%s stays framed as the checkout is', async (_name, path, ancestors) => {
    const res = await t.app.request(path);
    expect(await ancestorsOf(res)).toBe(ancestors);
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
  it('the data of every page so framed is the same merchant\'s: the policy is found by the look-up the page\'s calls use', async () => {
    const lower = await t.get(`/payment-info?code=${guarded.code.toLowerCase()}&type=lk`);
    expect(lower.data).toMatchObject({ code: guarded.code });
    const merchantId = lower.data['idMerchant'];
    expect((await t.get(`/payment-info?code=${guarded.slug}/${guarded.code}&type=slugCode`)).data['idMerchant']).toBe(merchantId);
    expect((await t.get(`/stations/${guarded.station}`)).data['idMerchant']).toBe(merchantId);
    expect((await t.get(`/payment-info?code=${(await t.get(`/email-payments/${guarded.emailPayment}`)).data['code']}&type=lk`)).data['idMerchant']).toBe(merchantId);
    expect(((await t.get(`/subscriptions/${guarded.subscription}`)).data['plan'] as { idMerchant: number }).idMerchant).toBe(merchantId);
  });
  it.each([
    ['an unknown link code', '/pf/widget?type=lk&code=NOPE12345'],
    ['an unknown slug', '/no-such-shop'],
    ['an unknown e-mail payment token', '/pf/emailPayment?code=EP00000000000000000000'],
    ['an unknown subscription key', '/pf/widget?type=subs&code=NOSUCHKEY'],
    ['an unknown station', '/stationPayment?code=NOSUCHSTATION'],
    ['a wallet login whose next leaves the checkout', `/pf/widget/login?next=${encodeURIComponent('//evil.example/pf/widget?type=lk&code=X')}`],
  ])('%s: a page that loads nothing of a merchant, framed by any page', async (_name, path) => {
    expect(await ancestorsOf(await t.app.request(path))).toBe('*');
    const url = new URL(path, 'http://checkout.test');
    const code = url.searchParams.get('code') ?? url.pathname.slice(1);
    const loads = url.pathname === '/pf/emailPayment' ? await t.get(`/email-payments/${code}`)
      : url.searchParams.get('type') === 'subs' ? await t.get(`/subscriptions/${code}`)
        : url.pathname === '/stationPayment' ? await t.get(`/stations/${code}`)
          : url.pathname.startsWith('/pf/widget/login') ? undefined
            : await t.get(`/payment-info?code=${code}&type=${url.searchParams.get('type') ?? 'slug'}`);
    if (loads) expect(loads.status).toBe(404);
  });
  it.each([
    ['the loader URL', () => `/pf/widget?type=lk&code=${guarded.code}`],
    ['the loader URL with the code in lower case', () => `/pf/widget?type=lk&code=${guarded.code.toLowerCase()}`],
    ['the subscription checkout', () => `/pf/widget?type=subs&code=${guarded.subscription}`],
    ['the station checkout', () => `/pf/widget?type=ps&code=${guarded.station}`],
    ['the slug page', () => `/${guarded.slug}`],
  ])("%s opened by a shop page the merchant does not allow: a page that says so, framed by that page alone, with nothing of the checkout", async (_name, path) => {
    for (const [parent, lang, words] of [
      ['https://badtienda.pa', 'es', 'Este comercio no recibe pagos en este sitio.'],
      ['http://127.0.0.1:5173', 'en', 'This shop does not take payments on this site.'],
    ] as const) {
      const res = await t.app.request(`${path()}${path().includes('?') ? '&' : '?'}parentOrigin=${encodeURIComponent(parent)}&lang=${lang}`);
      expect(res.status).toBe(403);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.split('; ').at(-1)).toBe(`frame-ancestors ${parent}`);
      expect(csp).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}" data-parent="${parent}" data-code="domain_not_allowed"`);
      expect(html).toContain(words);
      // Neither the widget's page nor its code: only the script that tells the shop (absent from this test's build).
      expect(html).not.toContain('pasarela-config');
      expect(html).not.toMatch(/<script[^>]*src=/);
      expect(html).not.toContain('Con Dominio');
    }
  });
  it("a parent origin that is not an exact http(s) origin is no page to tell: the merchant's own policy, which the browser enforces", async () => {
    for (const parent of ['javascript:alert(1)', 'https://evil.example/path', "https://evil.example; frame-ancestors *"]) {
      const res = await t.app.request(`/pf/widget?type=lk&code=${guarded.code}&parentOrigin=${encodeURIComponent(parent)}`);
      expect(res.status).toBe(200);
      expect(await ancestorsOf(res)).toBe("'self' http://shop.test tienda.pa *.tienda.pa shop.example.com:8443 *.shop.example.com:8443");
    }
  });
  // docs/events.md page_has_no_origin: a page opened from a file (or in a sandboxed frame) is named
  // `file://` or `null`; no checkout can answer it, so it gets the page that says so, for any merchant.
  it.each([
    ['a merchant with domain validation', () => `/pf/widget?type=lk&code=${guarded.code}`],
    ['a merchant without', () => '/pf/widget?type=lk&code=LKDEMO0001'],
  ])('a page with no origin, for %s: a page that says so, framed by a file\'s page or any, with nothing of the checkout', async (_name, path) => {
    // Chromium names a file's page `file://`, Firefox `null`.
    for (const [parent, lang, words] of [['null', 'es', 'Este pago no se puede abrir desde esta página.'], ['file://', 'en', 'This payment cannot be opened from this page.']] as const) {
      const res = await t.app.request(`${path()}&parentOrigin=${encodeURIComponent(parent)}&lang=${lang}`);
      expect(res.status).toBe(403);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.split('; ').at(-1)).toBe('frame-ancestors * file:');
      expect(csp).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}" data-parent="*" data-code="page_has_no_origin"`);
      expect(html).toContain(words);
      expect(html).toContain('serve the page over http(s)');
      expect(html).not.toContain('pasarela-config');
      expect(html).not.toContain('Con Dominio');
    }
  });
  it('a merchant without domain validation is framed by any page, whatever page opened it', async () => {
    const res = await t.app.request('/pf/widget?type=lk&code=LKDEMO0001&parentOrigin=https%3A%2F%2Fbadtienda.pa');
    expect(res.status).toBe(200);
    expect(await ancestorsOf(res)).toBe('*');
  });
  it('drops an allowed-domain entry that is not a host name, so nothing is injected into the policy', async () => {
    const csp = (await t.app.request(`/${guarded.slug}`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('evil.pa');
    expect(csp).not.toContain("script-src 'unsafe-inline'");
    expect(csp.split('; ').filter((d) => d.startsWith('script-src'))).toEqual(["script-src 'self'"]);
  });
  it('frames the card vault\'s fields page by its exact origin alone, which the page is told and warms up (issue 90)', () => {
    const vault = vaultOriginOf('https://vault.pasarela.test:8443/some/path');
    expect(vault).toBe('https://vault.pasarela.test:8443');
    expect(widgetSecurityHeaders('*', [CSS_HASH], [], vault)['content-security-policy']).toBe(`${POLICY}; frame-src 'self' https://vault.pasarela.test:8443; frame-ancestors *`);
    // Nothing but an http(s) origin gets into the policy.
    for (const bad of ['javascript:alert(1)', "https://v.test; script-src 'unsafe-inline'", 'not a url', '']) expect(vaultOriginOf(bad)).toBeUndefined();
    const page = configScript({ wireEncoding: true, vaultUrl: 'https://vault.pasarela.test:8443/' });
    expect(page).toContain('"vaultUrl":"https://vault.pasarela.test:8443/"');
    expect(page).toContain('<link rel="preconnect" href="https://vault.pasarela.test:8443">');
    expect(configScript({ wireEncoding: true })).not.toContain('preconnect');
  });
  it('enforces the whole policy, frame-ancestors last', () => {
    expect(widgetSecurityHeaders('*', [CSS_HASH])).toEqual({
      'content-security-policy': `${POLICY}; frame-ancestors *`, 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin',
    });
    expect(widgetSecurityHeaders('*')['content-security-policy']).toBe(`${policyWith("'self'")}; frame-ancestors *`);
  });
  it("allows the page's own <style> by its hash and no other inline style ('unsafe-inline' is gone)", async () => {
    const csp = (await t.app.request('/pf/widget')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`style-src 'self' ${CSS_HASH};`);
    expect(csp).not.toContain('unsafe-inline');
    expect(styleHashesOf('<style>a{}</style><STYLE media="print">b{}</STYLE>')).toEqual(
      ['a{}', 'b{}'].map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`),
    );
  });
  it('keeps the headers on the "not built" answer too', async () => {
    const bare = await createTestApp({ paths: { widgetDist: join(dir, 'none') } });
    const res = await bare.app.request('/pf/widget');
    await bare.close();
    expect(res.status).toBe(503);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
  it("allows the page's own inline script by its hash (an Escape kept before the code runs), never its data blocks nor another script", async () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scriptHashesOf('<script>a()</script><script type="module" src="/m.js"></script><script type="application/json" id="c">{}</script><SCRIPT>b()</SCRIPT>'))
      .toEqual([sha('a()'), sha('b()')]);
    const withScript = join(dir, 'with-script');
    mkdirSync(withScript, { recursive: true });
    writeFileSync(join(withScript, 'index.html'), `<!doctype html><html><head><script>onkeydown=null</script><!--pasarela-config--><style>${CSS}</style></head><body></body></html>`);
    const app = await createTestApp({ paths: { widgetDist: withScript } });
    const res = await app.app.request('/pf/widget');
    await app.close();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${sha('onkeydown=null')};`);
    expect(csp).not.toContain('unsafe-inline');
  });
});
