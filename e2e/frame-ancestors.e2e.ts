import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import { screenshot } from './support/artifacts';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// docs/api.md "Widget pages": a merchant with domainValidation is framed only by its allowed domains,
// whatever address opens its checkout. A page on another origin (here an attacker's) that loads the
// official loader and opens the merchant's link (by its code as written or in lower case, which the
// checkout loads as the same link) gets, in the frame, a page that says the shop takes no payments
// there, and hears why at once (`error`, domain_not_allowed); a frame made by hand that claims an
// allowed shop's page is refused by Chromium.

const REFUSED = /^Framing '([^']+)' violates the following Content Security Policy directive: "frame-ancestors /;

async function startAttackerPage(sandboxUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://attacker.test').searchParams;
    const code = JSON.stringify(query.get('code') ?? '');
    // By hand: the checkout's own address, claiming the allowed shop's page as the one that opened it.
    const opens = query.get('byHand')
      ? `<script>const f = document.createElement('iframe'); f.src = ${JSON.stringify(`${sandboxUrl}/pf/widget?type=lk&code=`)} + encodeURIComponent(${code}) + '&parentOrigin=' + encodeURIComponent('https://shop.example'); document.getElementById('checkout').append(f);</script>`
      : `<script src="${sandboxUrl}/sdk/checkout.js"></script>
<script>window.heard = []; Checkout.open({ code: ${code}, container: '#checkout', onError: (e) => heard.push(['error', e]), onClose: (e) => heard.push(['close', e]) });</script>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="es"><meta charset="utf-8"><title>Otra tienda</title>
<main><h1>Otra tienda</h1><div id="checkout"></div></main>
${opens}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.runIf(browserAvailable())("a restricted merchant's checkout framed from another origin", () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${sandbox.url}/sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    return (await res.json()) as Record<string, unknown>;
  };
  async function linkOf(merchant: Record<string, unknown>): Promise<string> {
    return String((await admin('/links', { merchantId: merchant['idMerchant'], amount: 12, description: 'Café' }))['code']);
  }

  /** The attacker's page opening `code`: what Chromium said of the frame, and what its page heard. */
  async function openFrom(attacker: string, code: string, byHand = false): Promise<{ page: Page; refusals: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (REFUSED.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${attacker}/?code=${encodeURIComponent(code)}${byHand ? '&byHand=1' : ''}`);
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'attached' });
    return { page, refusals, close: () => context.close() };
  }
  const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Array<[string, { code?: string; reason?: string }]> }).heard);

  it("tells a page elsewhere at once that the shop takes no payments there, in the frame and as an error, for the code in lower case as for the code as written; a frame claiming an allowed page is refused; an open merchant's checkout is framed", async () => {
    const attacker = await startAttackerPage(sandbox.url);
    try {
      const restricted = await admin('/merchants', { name: 'Restricted Shop', domainValidation: true, allowedDomains: ['shop.example'] });
      const code = await linkOf(restricted);
      // The checkout loads the lower-case code as the same link.
      const info = await fetch(`${sandbox.url}/api/v1/payment-info?code=${code.toLowerCase()}&type=lk`, { headers: { 'x-api-key': 'pk_sandbox_pasarela_guest' } });
      expect(info.status).toBe(200);

      for (const typed of [code.toLowerCase(), code]) {
        const opened = await openFrom(attacker.url, typed);
        const started = Date.now();
        await expect.poll(() => heard(opened.page)).toEqual([['error', { code: 'domain_not_allowed', message: 'Este comercio no recibe pagos en este sitio. Paga desde su propia tienda en línea.', category: 'api' }]]);
        // At once, where a refused frame left the page waiting 30 s for connection_failed.
        expect(Date.now() - started).toBeLessThan(10_000);
        const frame = opened.page.frameLocator('iframe[src*="/pf/widget"]');
        await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Este comercio no recibe pagos en este sitio. Paga desde su propia tienda en línea.');
        // Nothing of the checkout: no form, no amount, no shop's name.
        expect(await frame.locator('#root, form, input').count()).toBe(0);
        expect(await frame.locator('body').textContent()).not.toContain('Restricted Shop');
        expect(opened.refusals).toEqual([]);
        await screenshot(opened.page, { path: 'e2e/artifacts/frame-ancestors-refused-here.png' });
        // Its one button closes the checkout as the checkout's own Close does; so would Escape.
        await frame.getByRole('button', { name: 'Cerrar' }).click();
        await expect.poll(() => heard(opened.page)).toContainEqual(['close', { reason: 'payer' }]);
        await expect.poll(() => opened.page.locator('iframe[src*="/pf/widget"]').count()).toBe(0);
        await opened.close();
      }

      // A frame made by hand that claims to be opened by the allowed shop: the checkout itself, which Chromium refuses.
      const byHand = await openFrom(attacker.url, code, true);
      await expect.poll(() => byHand.refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(REFUSED.exec(byHand.refusals[0] ?? '')?.[1]).toBe(`${sandbox.url}/`);
      await expect.poll(() => byHand.page.frames().filter((f) => f !== byHand.page.mainFrame()).map((f) => f.url())).toEqual(['chrome-error://chromewebdata/']);
      await byHand.close();

      // The same page framing a merchant without domain validation: its checkout shows, so what is above is the policy's.
      const open = await admin('/merchants', { name: 'Open Shop' });
      const openCode = (await linkOf(open)).toLowerCase();
      const opened = await openFrom(attacker.url, openCode);
      await new CheckoutFrame(opened.page.frameLocator('iframe[src*="/pf/widget"]')).waitForForm();
      expect(opened.refusals).toEqual([]);
      expect(await heard(opened.page)).not.toContainEqual(expect.arrayContaining(['error']));
      await opened.close();
    } finally {
      await attacker.close();
    }
  });

  // docs/events.md page_has_no_origin: a developer's page opened from a file has the origin `null`,
  // which no checkout can answer; it hears why at once, where it waited 30 s for connection_failed.
  it('tells a page opened from a file at once that no payment opens there, in the frame and as an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pasarela-file-page-'));
    const context = await browser.newContext({ locale: 'es-PA' });
    try {
      const file = join(dir, 'tienda.html');
      writeFileSync(file, `<!doctype html><html lang="es"><meta charset="utf-8"><title>Mi tienda</title><main><h1>Mi tienda</h1><div id="checkout"></div></main>
<script src="${sandbox.url}/sdk/checkout.js"></script>
<script>window.heard = []; Checkout.open({ code: 'LKDEMO0001', container: '#checkout', onError: (e) => heard.push(['error', e]), onClose: (e) => heard.push(['close', e]) });</script></html>`);
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => warnings.push(message.text()));
      await page.goto(pathToFileURL(file).href);
      const started = Date.now();
      await expect.poll(() => heard(page)).toEqual([['error', { code: 'page_has_no_origin', message: 'Este pago no se puede abrir desde esta página.', category: 'api' }]]);
      expect(Date.now() - started).toBeLessThan(10_000);
      const frame = page.frameLocator('iframe[src*="/pf/widget"]');
      await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Este pago no se puede abrir desde esta página.');
      expect(await frame.locator('#root, form, input').count()).toBe(0);
      // The developer reads what to do in the console.
      expect(warnings.some((w) => w.includes('serve the page over http(s)'))).toBe(true);
      expect(warnings.filter((w) => REFUSED.test(w))).toEqual([]);
      // Its Close closes the checkout, as in the test above. The click is made in the frame just after
      // the call that asks for it answers: the frame goes with the checkout, and playwright-core's own
      // click into a file's page, or a call still out, could wait on it gone.
      await frame.getByRole('button', { name: 'Cerrar' }).evaluate((button: HTMLButtonElement) => void setTimeout(() => button.click(), 50));
      await expect.poll(() => heard(page)).toContainEqual(['close', { reason: 'payer' }]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
