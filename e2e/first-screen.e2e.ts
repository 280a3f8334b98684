import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { openShopCheckout } from './support/pages';
import { checkoutFrameOf } from './support/frames';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// PRODUCT.md "Speed" and "Sizes": the widget page carries its first screen's answers (core
// firstScreen) and hints the catalog, so the card form waits for no API round trip after the
// widget's script; and what the browser downloads for it stays within the first-load budget.
describe.runIf(browserAvailable())('the checkout\'s first screen', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  // What the payer's whole browser loads and shows first (browser.ts).
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started), 'full');

  /** Every request the checkout origin sees from the browser, with what it cost on the wire. */
  function recordCheckoutRequests(context: BrowserContext) {
    const requests: Request[] = [];
    context.on('request', (r) => {
      if (r.url().startsWith(sandbox.url)) requests.push(r);
    });
    return requests;
  }

  it('opens the card form from one page load: no API call but the hinted catalog, downloaded once', async () => {
    let requests: Request[] = [];
    const { context } = await openShopCheckout(browser, sandbox.demoUrl, {
      beforeOpen: async (c) => {
        requests = recordCheckoutRequests(c);
      },
    });
    // The link's payment left waiting is in the page too (answered ahead, core waitingCalls).
    // The catalog is asked for once the form is drawn (not preloaded): on a busy machine, after it shows.
    const api = () => requests.map((r) => new URL(r.url())).filter((u) => u.pathname.startsWith('/api/v1/')).map((u) => u.pathname + u.search);
    await expect.poll(api).toEqual([expect.stringMatching(/^\/api\/v1\/translations\?lang=es&group=widget&v=[0-9a-f]{16}$/)]);
    // Issue 92: one request per open in every engine. The widget asks for the hint's very address
    // as the hint does (none of the API client's headers: Firefox and WebKit match a preload only so),
    // and the answer is cached for good, so a request an engine does not match is the cache's.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const catalogue = requests.filter((r) => new URL(r.url()).pathname === '/api/v1/translations');
    expect(catalogue).toHaveLength(1);
    const [hinted] = catalogue;
    expect(Object.keys((await hinted?.allHeaders()) ?? {})).not.toContain('x-api-key');
    expect((await hinted?.response())?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await context.close();
  });

  it('downloads at most the first-load budget of HTML, JS and CSS until the card form is live, as a browser does', async () => {
    // The form shows with the page (rendered into it); it is live once the widget's script has
    // taken it over, which then fetches what the first screen left for later, the captcha first,
    // and once the card vault's frame has its page in and its number field takes typing.
    const { context, page } = await openShopCheckout(browser, sandbox.demoUrl);
    const frame = await checkoutFrameOf(page);
    await expect.poll(() => frame.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((r) => r.name.includes('/checkoutSecurity-'))), { timeout: 15_000 }).toBe(true);
    const checkoutOrigin = new URL(sandbox.url).origin;
    const checkout = await frame.evaluate((origin) => {
      const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const until = all.find((r) => r.name.includes('/checkoutSecurity-'))?.startTime ?? 0;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      // The vault's page is counted from its own frame below: here a cross-origin entry shows no size.
      const resources = all.filter((r) => r.startTime < until && new URL(r.name).origin === origin);
      return [nav, ...resources].map((r) => ({ url: r.name, type: r.initiatorType, bytes: r.encodedBodySize }));
    }, checkoutOrigin);
    // The card vault's frame, on its own origin: its page and whatever it fetched once its number takes typing.
    const vaultElement = await frame.waitForSelector('iframe.vault-fields', { timeout: 15_000 });
    const vault = await vaultElement.contentFrame();
    if (!vault) throw new Error('the card vault\'s frame has no page');
    const number = await vault.waitForSelector('[name="cardnumber"]:not([disabled]):not([readonly])', { timeout: 15_000 });
    expect(await number.isEditable()).toBe(true);
    const vaultOrigin = new URL(vault.url()).origin;
    expect(vaultOrigin).not.toBe(checkoutOrigin);
    const fields = await vault.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return [nav, ...resources].map((r) => ({ url: r.name, type: r.initiatorType, bytes: r.encodedBodySize }));
    });
    // HTML, JS and CSS (PRODUCT.md) from the checkout's origins; the API's data and the merchant's logo are not code.
    const isCode = (d: { url: string }) => !new URL(d.url).pathname.startsWith('/api/') && !new URL(d.url).pathname.startsWith('/images/');
    const code = [...checkout, ...fields.filter((d) => new URL(d.url).origin === vaultOrigin)].filter(isCode);
    const bytes = code.reduce((sum, d) => sum + d.bytes, 0);
    console.log(`first load as downloaded until the card form is live: ${(bytes / 1000).toFixed(2)} KB gzip in ${code.map((d) => new URL(d.url).origin + new URL(d.url).pathname).join(', ')}`);
    expect(checkout.filter(isCode).length).toBeGreaterThanOrEqual(2);
    expect(code.some((d) => new URL(d.url).origin === vaultOrigin && new URL(d.url).pathname === '/fields')).toBe(true);
    expect(code.every((d) => d.bytes > 0)).toBe(true);
    // The later screens' styles are not part of it.
    expect(checkout.filter((d) => new URL(d.url).pathname.endsWith('.css'))).toEqual([]);
    // PRODUCT.md's 90 KB for everything the checkout's origins and the card vault's send until the
    // card field takes typing (the widget's own ceiling is the build's, sizes.mjs and budgets.e2e.ts).
    expect(bytes, 'the checkout\'s and the card vault\'s origins together').toBeLessThanOrEqual(90_000);
    await context.close();
  });

  it('styles a later screen with the later sheet, linked under the page\'s CSP before the screen shows', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${sandbox.url}/pf/widget/login`);
    const wallet = page.locator('.page--wallet');
    await wallet.waitFor({ timeout: 15_000 });
    // The sheet is in place as soon as the screen is: the wallet page's gap is one of its rules.
    expect(await wallet.evaluate((el) => getComputedStyle(el).rowGap)).toBe('16px');
    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).toMatch(/^\/widget\/assets\/later-[\w-]+\.css$/);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('shows an unknown link\'s page from the answer the page carries, as it would from the API', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const requests = recordCheckoutRequests(context);
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=NOSUCHLINK1`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/404');
    expect(requests.some((r) => r.url().includes('/api/v1/payment-info'))).toBe(false);
    await context.close();
  });

  it('uses the hinted download even when the catalog is already cached, so no preload goes unused', async () => {
    // The demo shop and the checkout are one site (localhost), so the frame may keep the catalog in
    // its storage and shares the page's process and log.
    const { context, page, shop } = await openShopCheckout(browser, sandbox.demoUrl);
    // The first open downloads the whole catalog after its first screen (its captcha first), then keeps it.
    const cached = async () => (await checkoutFrameOf(page)).evaluate(() => localStorage.getItem('pasarela.catalog.es') !== null);
    await expect.poll(cached, { timeout: 15_000 }).toBe(true);
    await page.reload();
    await (await shop.pay()).waitForForm();
    expect(await cached()).toBe(true);
    // Chromium reports an unused preload in the log a few seconds after the frame's load.
    const session = await context.newCDPSession(page);
    const entries: string[] = [];
    session.on('Log.entryAdded', ({ entry }) => entries.push(entry.text));
    await session.send('Log.enable');
    await page.waitForTimeout(4_000);
    expect(entries.filter((text) => /preload/i.test(text))).toEqual([]);
    await context.close();
  });
});
