import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { vaultFrameOf } from './support/pages';

interface PureModule {
  loadCheckout(baseUrl: string): Promise<{ open(options: { code: string }): unknown; version: string } | null>;
}
declare global {
  interface Window {
    __pure?: PureModule;
  }
}

// `@pasarela/checkout/pure` in a real browser: the built dist/pure.mjs (served at /sdk/pure.mjs)
// loads /sdk/checkout.js from the checkout origin into a page on the demo shop's origin.
describe.runIf(browserAvailable())('loadCheckout() from the pure entry in the browser', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  it('injects the loader once, retries after a failed load, and the loaded Checkout opens', async () => {
    const code = await createLink(sandbox, { amount: 5, description: 'Espresso' });
    const page = await browser.newPage();
    // react.html bundles the loader but defines no global Checkout
    await page.goto(`${sandbox.demoUrl}/react.html`);
    const loaderUrl = `${sandbox.url}/sdk/checkout.js`;
    await page.route(loaderUrl, (route) => route.abort(), { times: 1 });
    // a string, so the test runner leaves this import() alone: the page imports the module
    await page.evaluate(`import('${sandbox.url}/sdk/pure.mjs').then((m) => { window.__pure = m; })`);

    const outcome = await page.evaluate(
      async ({ base, c }) => {
        const { loadCheckout } = window.__pure as PureModule;
        const failed = await loadCheckout(base).then(
          () => 'loaded',
          (error: Error) => error.message,
        );
        const first = loadCheckout(base);
        const again = loadCheckout(`${base}/`);
        const checkout = await first;
        checkout?.open({ code: c });
        return {
          failed,
          same: first === again,
          version: checkout?.version,
          scripts: [...document.querySelectorAll('script[src$="/sdk/checkout.js"]')].length,
          global: (window as { Checkout?: unknown }).Checkout === checkout,
        };
      },
      { base: sandbox.url, c: code },
    );
    expect(outcome).toEqual({
      failed: `[pasarela] loadCheckout(): could not load ${loaderUrl}`,
      same: true,
      version: '0.1.0',
      scripts: 1,
      global: true,
    });
    const src = new URL((await page.locator('[aria-modal="true"] iframe').getAttribute('src')) ?? '');
    expect([src.origin, src.searchParams.get('code')]).toEqual([sandbox.url, code]);
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.close();
  });
});
