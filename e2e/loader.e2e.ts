import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable, launchIsolatedChromium } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { pressAway } from './support/frames';
import { vaultFrameOf } from './support/pages';
import { screenshot } from './support/artifacts';

interface CheckoutGlobal {
  open(options: Record<string, unknown>): {
    result: Promise<unknown>;
    close(): void;
    on(event: string, fn: (payload: unknown) => void): () => void;
  };
  preload(options?: { baseUrl?: string }): void;
}
declare global {
  interface Window {
    Checkout: CheckoutGlobal;
    __outcome?: { settled: 'resolved' | 'rejected'; code?: string };
    __events?: string[];
    __close?: () => void;
  }
}

// PRODUCT.md "Loader": the public contract, exercised in a real browser across two origins.
describe.runIf(browserAvailable())('loader contract in the browser', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  // The loader in the payer's whole browser (browser.ts).
  withSandboxAndBrowser({}, (started) => ({ sandbox, browser } = started), 'full');

  const linkCode = () => createLink(sandbox, { amount: 12.5, description: 'Café de Boquete' });

  async function shopPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${sandbox.demoUrl}/`);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    return page;
  }

  it('throws a TypeError for bad options before creating any iframe', async () => {
    const page = await shopPage();
    const messages = await page.evaluate(() => {
      // A detached element (a ref not mounted yet, or removed) too: its frame would never connect.
      const detached = document.createElement('div');
      // A misspelt option too: plain JavaScript gets no type check.
      const attempts: Array<Record<string, unknown>> = [{}, { code: 'a', stationId: 'b' }, { code: 'a', lang: 'fr' }, { code: 'a', container: '#nope' }, { code: 'a', container: detached }, { code: 'a', amout: 5 }];
      return attempts.map((options) => {
        try {
          window.Checkout.open(options);
          return 'no error';
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
      });
    });
    for (const message of messages) expect(message).toMatch(/^TypeError: .{10,}/);
    expect(messages[4]).toBe('TypeError: [pasarela] Checkout.open(): container must be an element on the page or a CSS selector');
    expect(messages[5]).toBe('TypeError: [pasarela] Checkout.open(): options has no amout: it takes code, slug, subscriptionKey, stationId, lang, container, baseUrl, appearance, onReady, onResult, onClose, onError');
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  });

  it('opens a cross-origin modal, fires ready, closes on Escape, rejects result with code closed and returns focus', async () => {
    const code = await linkCode();
    const page = await shopPage();
    await page.locator('#pay-button').focus();
    await page.evaluate((c) => {
      window.__events = [];
      const handle = window.Checkout.open({ code: c });
      for (const name of ['ready', 'close', 'error', 'result']) handle.on(name, () => window.__events?.push(name));
      handle.result.then(
        () => (window.__outcome = { settled: 'resolved' }),
        (e: { code?: string }) => (window.__outcome = { settled: 'rejected', code: e.code }),
      );
    }, code);
    const iframe = page.locator('iframe[src*="/pf/widget"]');
    expect(new URL((await iframe.getAttribute('src')) ?? '').origin).toBe(sandbox.url);
    await expect.poll(() => page.evaluate(() => window.__events), { timeout: 20_000 }).toContain('ready');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');

    await pressAway(page, 'Escape');
    await expect.poll(() => iframe.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => window.__outcome)).toEqual({ settled: 'rejected', code: 'closed' });
    expect(await page.evaluate(() => window.__events)).toContain('close');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay-button');
    await page.close();
  });

  // Sooner still, on a slow network: the frame holds its empty first document, which has the focus.
  it("closes on an Escape pressed before the checkout's page has arrived", async () => {
    const code = await linkCode();
    const page = await shopPage();
    await page.route((url) => url.pathname === '/pf/widget', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });
    await page.evaluate((c) => {
      const handle = window.Checkout.open({ code: c });
      handle.result.catch((e: { code?: string }) => (window.__outcome = { settled: 'rejected', code: e.code }));
    }, code);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await page.keyboard.press('Escape');
    // Closed while the page is still on its way.
    await expect.poll(() => page.locator('iframe').count(), { timeout: 2_000 }).toBe(0);
    await expect.poll(() => page.evaluate(() => window.__outcome)).toEqual({ settled: 'rejected', code: 'closed' });
    await page.close();
  });

  // A payer who opened the checkout by mistake and pressed Escape at once: the key lands in the checkout's
  // page before its code runs (here held back until after the key), and the checkout still closes.
  it('closes on an Escape pressed in the checkout before its code has run', async () => {
    const code = await linkCode();
    const page = await shopPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${sandbox.url}/widget/assets/*.js*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((c) => {
      const handle = window.Checkout.open({ code: c });
      handle.result.catch((e: { code?: string }) => (window.__outcome = { settled: 'rejected', code: e.code }));
    }, code);
    // The checkout's page parsed and focused, its scripts not yet in.
    const parsedAndFocused = async () => (await page.frames().find((f) => f.url().includes('/pf/widget'))?.evaluate(() => location.pathname === '/pf/widget' && document.readyState !== 'loading' && document.hasFocus()).catch(() => false)) ?? false;
    await expect.poll(parsedAndFocused, { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Escape');
    release();
    await expect.poll(() => page.locator('iframe').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.evaluate(() => window.__outcome)).toEqual({ settled: 'rejected', code: 'closed' });
    await page.close();
  });

  // docs/events.md "error": a link the checkout cannot take is told to the shop, after `ready`, beside
  // the page that explains it to the payer; the checkout stays open until the payer or the shop closes it.
  it('an unknown or expired link: ready, then an error event with its code, and the checkout stays open on the page that explains it', async () => {
    const expired = await createLink(sandbox, { amount: 12.5, description: 'Café vencido', expiresInSeconds: -60 });
    for (const [code, expected, heading] of [['LKNOPE000000', 'error_to_load', /no encontrada|not found/i], [expired, 'expired_link', /vencido|expired/i]] as const) {
      const page = await shopPage();
      await page.evaluate((c) => {
        window.__events = [];
        const handle = window.Checkout.open({ code: c });
        handle.on('ready', () => window.__events?.push('ready'));
        handle.on('error', (error) => window.__events?.push(`error ${(error as { code: string }).code}`));
        handle.on('close', () => window.__events?.push('close'));
      }, code);
      // `ready` first: a shop that clears its error state on ready keeps the failure.
      await expect.poll(() => page.evaluate(() => window.__events), { timeout: 20_000 }).toEqual(['ready', `error ${expected}`]);
      await page.frameLocator('iframe[src*="/pf/widget"]').getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
      expect(await page.locator('iframe[src*="/pf/widget"]').count()).toBe(1);
      await page.close();
    }
  });

  it('preload() adds one hidden frame on the checkout origin, which open() takes out; the demo shop preloads once, when the pointer is on Pay', async () => {
    const code = await linkCode();
    const page = await shopPage();
    const preloadUrl = `${sandbox.url}/widget/preload`;
    const preloadFrame = page.locator(`iframe[src="${preloadUrl}"]`);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.evaluate(() => {
      window.Checkout.preload();
      window.Checkout.preload();
    });
    // at the page's first quiet moment
    await expect.poll(() => preloadFrame.count()).toBe(1);
    expect(await preloadFrame.isVisible()).toBe(false);
    // display:none: never a tab stop
    expect(await preloadFrame.evaluate((frame) => getComputedStyle(frame).display)).toBe('none');
    // its (empty) page loaded from the checkout's origin
    await expect.poll(() => page.frames().some((frame) => frame.url() === preloadUrl)).toBe(true);

    await page.evaluate((c) => {
      const handle = window.Checkout.open({ code: c });
      window.__close = () => handle.close();
    }, code);
    expect(await page.locator('iframe').count()).toBe(1);
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => window.__close?.());
    expect(await page.locator('iframe').count()).toBe(0);

    await page.close();
  });

  // A shop's script tags in its <head> (where they usually go) call open() before the parser has made
  // the <body>: the checkout opens all the same, and closing it gives the page its scrolling back.
  it('opens from a script in the page\'s <head>, before the <body> exists', async () => {
    const code = await linkCode();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(`${sandbox.demoUrl}/head-open.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><title>Tienda</title>
<script src="${sandbox.url}/sdk/checkout.js"></script>
<script>window.__events = []; const handle = Checkout.open({ code: ${JSON.stringify(code)}, lang: 'es' }); handle.on('ready', () => window.__events.push('ready'));</script>
<body><h1>Tienda</h1><p style="height:3000px">Productos</p></body>`,
    }));
    await page.goto(`${sandbox.demoUrl}/head-open.html`);
    await expect.poll(() => page.evaluate(() => window.__events), { timeout: 20_000 }).toEqual(['ready']);
    const checkout = page.frameLocator('iframe[src*="/pf/widget"]');
    await vaultFrameOf(checkout).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Tienda' }).count()).toBe(1);
    await pressAway(page, 'Escape');
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
    expect(errors).toEqual([]);
    await page.close();
  });

  // A shop whose page has an AMD loader (RequireJS, as Magento 2's pages do) still gets the global
  // Checkout from the script tag, and its pay buttons work: the tag's build never hands itself to
  // define() instead.
  it('defines the global Checkout and wires pay buttons on a page with an AMD loader', async () => {
    const code = await linkCode();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(`${sandbox.demoUrl}/amd-page.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><title>Tienda</title>
<script>window.__defined = 0; window.define = function () { window.__defined++; }; window.define.amd = {};</script>
<script src="${sandbox.url}/sdk/checkout.js"></script>
<body><h1>Tienda</h1><button type="button" data-pasarela-code=${JSON.stringify(code)} data-pasarela-lang="es">Pagar</button></body>`,
    }));
    await page.goto(`${sandbox.demoUrl}/amd-page.html`);
    expect(await page.evaluate(() => [typeof (window as unknown as { Checkout?: { open?: unknown } }).Checkout?.open, (window as unknown as { __defined: number }).__defined])).toEqual(['function', 0]);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('mounts inline in a container from the ESM build', async () => {
    const code = await linkCode();
    const page = await browser.newPage();
    await page.goto(`${sandbox.demoUrl}/esm.html`);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    await page.evaluate((c) => {
      const box = document.createElement('div');
      box.id = 'inline-box';
      document.body.append(box);
      window.Checkout.open({ code: c, container: '#inline-box', lang: 'en' });
    }, code);
    const frame = page.frameLocator('#inline-box iframe');
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(await vaultFrameOf(frame).locator('label', { hasText: /card number/i }).count()).toBeGreaterThan(0);
    expect(await page.locator('[aria-modal="true"]').count()).toBe(0);
    await page.close();
  });

  // Chromium draws no animation frame in a frame of another origin off the shop's screen: a checkout
  // that waited for one never started below the fold on a phone ("Abriendo el checkout…", keys lost).
  // The reopen, which has no splash (SPEC 2), is where the first screen waited.
  it("esm.html on a phone: an inline checkout reopened below the fold starts, takes the payer's typing and is scrolled to", async () => {
    // Each site's frames in processes of their own, as desktop Chrome has them.
    const isolated = await launchIsolatedChromium();
    const page = await isolated.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${sandbox.demoUrl}/esm.html`);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    // The checkout's place below the fold, as a longer shop page has it.
    await page.locator('#checkout').evaluate((box: HTMLElement) => (box.style.marginTop = '1200px'));
    const field = vaultFrameOf(page.frameLocator('#checkout iframe')).locator('[name="cardnumber"]');
    await page.locator('#pay-button').click();
    await field.waitFor({ timeout: 20_000 });
    await page.locator('#cancel-button').click();
    await page.locator('#checkout iframe').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#pay-button').focus();
    await page.keyboard.press('Enter');
    await field.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('#checkout-state').textContent(), { timeout: 10_000 }).toMatch(/Checkout abierto|Checkout open/);
    await expect.poll(() => field.evaluate((el) => el === document.activeElement && document.hasFocus()), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type('4242');
    expect(await field.inputValue()).toMatch(/^4242/);
    // On screen: the checkout's frame inside the viewport.
    const box = await page.locator('#checkout iframe').boundingBox();
    expect(box && box.y < 844 && box.y + box.height > 0).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/esm-phone-inline-reopen.png' });
    await isolated.close();
  });

  // The demo shop's two pages share their call to the shop's server (examples/order-link.js): Pay
  // on the ES module page gets the order's link and opens it inline; Pay again, the same order.
  it("esm.html's Pay asks the shop's server for the order's link and opens it inline, the order kept in the address", async () => {
    const page = await browser.newPage();
    const links: string[] = [];
    page.on('response', async (res) => {
      // 201: the order's new link; 200: the link the order already has.
      if (res.url().endsWith('/shop/links') && res.ok()) links.push(((await res.json()) as { code: string }).code);
    });
    await page.goto(`${sandbox.demoUrl}/esm.html`);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    await page.locator('#pay-button').click();
    await vaultFrameOf(page.frameLocator('#checkout iframe')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('order')).toMatch(/.+/);
    await page.locator('#cancel-button').click();
    await page.locator('#checkout iframe').waitFor({ state: 'detached' });
    await page.locator('#pay-button').click();
    await vaultFrameOf(page.frameLocator('#checkout iframe')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => links.length).toBe(2);
    expect(links[1]).toBe(links[0]);
    await page.close();
  });
});
