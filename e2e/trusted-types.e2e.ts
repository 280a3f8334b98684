import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { vaultFrameOf } from './support/pages';

// docs/integration.md "Content Security Policy": a shop page whose policy requires Trusted Types
// for scripts loads the checkout with loadCheckout() (the built dist/pure.mjs, served at
// /sdk/pure.mjs), through the loader's own policy `pasarela-checkout`, and the checkout opens.
// The shop is a server of its own on another origin, which sends each page with the policy its
// query names.
describe.runIf(browserAvailable())('loadCheckout() on a page that requires Trusted Types', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  let shop: Server;
  let shopUrl: string;
  beforeAll(async () => {
    shop = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://shop').searchParams;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': query.get('csp') ?? '' });
      response.end(`<!doctype html><html lang="es"><title>Tienda</title>
<script type="module">
  import { loadCheckout } from '${sandbox.url}/sdk/pure.mjs';
  window.__outcome = loadCheckout('${sandbox.url}').then(
    (checkout) => { checkout.open({ code: ${JSON.stringify(query.get('code'))} }); return 'opened ' + checkout.version; },
    (error) => 'failed: ' + error.message,
  );
</script>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve())));

  /** The shop's page under `policy` (its CSP), opening the checkout of `code` once loaded. */
  async function shopPage(policy: string, code: string): Promise<{ page: Page; outcome: () => Promise<string>; violations: () => Promise<string[]> }> {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__violations', { value: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
    });
    await page.goto(`${shopUrl}/?${new URLSearchParams({ csp: policy, code })}`);
    await expect.poll(() => page.evaluate(() => '__outcome' in window), { timeout: 10_000 }).toBe(true);
    return {
      page,
      outcome: () => page.evaluate(() => (window as unknown as { __outcome: Promise<string> }).__outcome),
      violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    };
  }

  it('loads the loader through the pasarela-checkout policy, and the checkout opens with no violation', async () => {
    const code = await createLink(sandbox, { amount: 7, description: 'Tipos de confianza' });
    const { page, outcome, violations } = await shopPage("require-trusted-types-for 'script'; trusted-types pasarela-checkout", code);
    expect(await outcome()).toBe('opened 0.1.0');
    // the page does enforce Trusted Types: a plain string is refused as a script's address
    const refused = await page.evaluate(() => {
      try {
        document.createElement('script').src = '/anything.js';
        return 'allowed';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(refused).toContain('TrustedScriptURL');
    const src = new URL((await page.locator('[aria-modal="true"] iframe').getAttribute('src')) ?? '');
    expect([src.origin, src.searchParams.get('code')]).toEqual([sandbox.url, code]);
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    // the probe above is the only violation: loading and opening the checkout raised none
    expect(await violations()).toEqual([expect.stringMatching(/^require-trusted-types-for /)]);
    await page.close();
  });

  it('says which policy to allow when the page\'s trusted-types directive leaves it out', async () => {
    const { page, outcome } = await shopPage("require-trusted-types-for 'script'; trusted-types shop-own", 'LKDEMO0001');
    expect(await outcome()).toBe(
      "failed: [pasarela] loadCheckout(): this page requires Trusted Types; allow the policy 'pasarela-checkout' in its trusted-types directive",
    );
    expect(await page.locator('script[src$="/sdk/checkout.js"]').count()).toBe(0);
    await page.close();
  });
});
