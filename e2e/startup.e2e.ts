import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// SPEC 9 "Start-up mounts the app into the root element ... and unregisters any service worker."
// A worker left on the checkout's origin (an old deployment's, another app's on the same host)
// would answer the checkout's requests from its own cache: the checkout removes it when it starts.
describe.runIf(browserAvailable())('start-up, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  const registrations = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

  it('a service worker registered on the checkout origin is gone once the checkout has started', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    // The worker's script: it does nothing but exist (no fetch handler, so requests go to the network).
    await context.route('**/e2e-leftover-sw.js', (route) => route.fulfill({ contentType: 'text/javascript', body: "self.addEventListener('install', () => self.skipWaiting());" }));
    const page = await context.newPage();
    // A page of the origin that runs none of the checkout's code registers it.
    await page.goto(`${sandbox.url}/images/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/e2e-leftover-sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    expect(await registrations(page)).toBe(1);
    // Control: a page of the origin that is not the checkout leaves it registered.
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(await registrations(page)).toBe(1);

    const code = await createLink(sandbox, { amount: 5, description: 'Arranque' });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    // "mounts the app into the root element"
    expect(await page.locator('#root form').count()).toBeGreaterThan(0);
    await expect.poll(() => registrations(page), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});
