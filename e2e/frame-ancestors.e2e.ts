import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// docs/api.md "Widget pages": a merchant with domainValidation is framed only by its allowed domains,
// whatever address opens its checkout. A page on another origin (here an attacker's) loads the
// official loader and opens the merchant's link by its code in lower case, which the checkout loads as
// the same link: Chromium must refuse the frame, as it does for the code as written.

const REFUSED = /^Framing '([^']+)' violates the following Content Security Policy directive: "frame-ancestors /;

async function startAttackerPage(sandboxUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const code = JSON.stringify(new URL(req.url ?? '/', 'http://attacker.test').searchParams.get('code') ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="es"><meta charset="utf-8"><title>Otra tienda</title>
<main><h1>Otra tienda</h1><div id="checkout"></div></main>
<script src="${sandboxUrl}/sdk/checkout.js"></script>
<script>Checkout.open({ code: ${code}, container: '#checkout' });</script></html>`);
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

  /** The attacker's page opening `code`: what Chromium said of the frame, and the frame's checkout. */
  async function openFrom(attacker: string, code: string): Promise<{ page: Page; refusals: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (REFUSED.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${attacker}/?code=${encodeURIComponent(code)}`);
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'attached' });
    return { page, refusals, close: () => context.close() };
  }

  it('refuses the frame for the code in lower case as for the code as written; an open merchant\'s checkout is framed', async () => {
    const attacker = await startAttackerPage(sandbox.url);
    try {
      const restricted = await admin('/merchants', { name: 'Restricted Shop', domainValidation: true, allowedDomains: ['shop.example'] });
      const code = await linkOf(restricted);
      // The checkout loads the lower-case code as the same link.
      const info = await fetch(`${sandbox.url}/api/v1/payment-info?code=${code.toLowerCase()}&type=lk`, { headers: { 'x-api-key': 'pk_sandbox_pasarela_guest' } });
      expect(info.status).toBe(200);

      for (const typed of [code.toLowerCase(), code]) {
        const opened = await openFrom(attacker.url, typed);
        await expect.poll(() => opened.refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
        expect(REFUSED.exec(opened.refusals[0] ?? '')?.[1]).toBe(`${sandbox.url}/`);
        // Nothing of the checkout is in the frame: Chromium's error page stands in its place.
        await expect.poll(() => opened.page.frames().filter((f) => f !== opened.page.mainFrame()).map((f) => f.url())).toEqual(['chrome-error://chromewebdata/']);
        await opened.close();
      }

      // The same page framing a merchant without domain validation: its checkout shows, so the refusal above is the policy's.
      const open = await admin('/merchants', { name: 'Open Shop' });
      const openCode = (await linkOf(open)).toLowerCase();
      const opened = await openFrom(attacker.url, openCode);
      await new CheckoutFrame(opened.page.frameLocator('iframe[src*="/pf/widget"]')).waitForForm();
      expect(opened.refusals).toEqual([]);
      await opened.close();
    } finally {
      await attacker.close();
    }
  });
});
