import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, DemoShop, watchShopPage } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { pressAway } from './support/frames';
import { screenshot } from './support/artifacts';

// The React demo (examples/react.html, built with React 19 and the built @pasarela/react) on the
// demo shop's origin, paying on the checkout's origin.
describe.runIf(browserAvailable())('@pasarela/react demo page in the browser', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  interface ReactShop {
    context: BrowserContext;
    page: Page;
    shop: DemoShop;
    /** Payment-link codes the page created through the admin API, in order. */
    codes: string[];
    errors: string[];
  }

  async function reactShop(): Promise<ReactShop> {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const { errors, codes } = watchShopPage(page);
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open('/react.html');
    // the app has mounted once the gift card's CheckoutButton has its link
    await page.locator('#gift-button').waitFor({ timeout: 15_000 });
    return { context, page, shop, codes, errors };
  }

  it('pays with 4242 4242 4242 4242 in the modal that useCheckout() opens', async () => {
    const { context, page, shop, codes, errors } = await reactShop();
    const checkout = await shop.pay();
    await checkout.waitForForm();
    const iframe = page.locator('[aria-modal="true"] iframe[src*="/pf/widget"]');
    expect(new URL((await iframe.getAttribute('src')) ?? '').origin).toBe(sandbox.url);

    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    // useCheckout().lastResult, rendered by the app
    await expect.poll(() => page.locator('#last-result').getAttribute('data-status')).toBe('success');
    await screenshot(page, { path: 'e2e/artifacts/react-paid.png' });

    // [gift card link, order link]
    expect(codes).toHaveLength(2);
    const transactions = await transactionsFor(sandbox, codes[1] ?? '');
    expect(transactions.map((t) => t.method)).toEqual(['card']);
    expect(await page.locator('#last-result').textContent()).toContain(transactions[0]?.codOper ?? 'missing');

    await pressAway(page, 'Escape');
    await expect.poll(() => iframe.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay-button');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mounts <CheckoutFrame> inline and opens the prepared link with <CheckoutButton>', async () => {
    const { context, page, codes, errors } = await reactShop();
    await page.locator('#pay-inline').click();
    const inline = new CheckoutFrame(page.frameLocator('#checkout iframe'));
    await inline.waitForForm();
    expect(await page.locator('[aria-modal="true"]').count()).toBe(0);
    // Escape in the inline checkout closes it: the shop says so, and the focus is on "Pay on this page" again.
    await pressAway(page, 'Escape');
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pay-inline');
    expect(await page.locator('#checkout-state').getAttribute('data-state')).toBe('closed');
    expect(await page.locator('#cancel-button').count()).toBe(0);
    // Cancel, the same.
    await page.locator('#pay-inline').click();
    await inline.waitForForm();
    await page.locator('#cancel-button').click();
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pay-inline');
    expect(await page.locator('#checkout-state').getAttribute('data-state')).toBe('closed');

    await page.locator('#gift-button').click();
    const src = new URL((await page.locator('[aria-modal="true"] iframe').getAttribute('src')) ?? '');
    expect(src.searchParams.get('code')).toBe(codes[0]);
    await new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]')).waitForForm();
    await pressAway(page, 'Escape');
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the shop language toggle', async () => {
    const { context, page } = await reactShop();
    await page.locator('#lang-toggle').click();
    await expect.poll(() => page.locator('#pay-button').textContent()).toBe('Pay with Pasarela');
    await context.close();
  });
});
