import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, vaultFrameOf } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { pressAway } from './support/frames';
import { screenshot } from './support/artifacts';

declare global {
  interface Window {
    /** pasarela:result events the page heard: the element they were dispatched on, and the result. */
    __heard?: Array<{ target: string; status: string; oper: string }>;
  }
}

// PRODUCT.md "SDK beyond open()": zero-JS pay buttons on a page that loads /sdk/checkout.js, on
// the demo shop's origin, with the checkout on its own origin.
describe.runIf(browserAvailable())('zero-JS pay buttons in the browser', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  /** examples/zero-js.html, listening to every pasarela:result that bubbles to the document. */
  async function zeroJsPage(): Promise<{ context: BrowserContext; page: Page; errors: string[]; warnings: string[] }> {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const errors: string[] = [];
    const warnings: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${sandbox.demoUrl}/zero-js.html`);
    await page.evaluate(() => {
      window.__heard = [];
      document.addEventListener('pasarela:result', (event) => {
        const { detail, target } = event as CustomEvent<{ status: string; notification: { Oper: string } }>;
        window.__heard?.push({ target: (target as Element).id, status: detail.status, oper: detail.notification.Oper });
      });
    });
    return { context, page, errors, warnings };
  }

  it('opens the checkout from data-pasarela-code, pays with 4242 and dispatches pasarela:result on the button', async () => {
    const { context, page, errors } = await zeroJsPage();
    const button = page.locator('#pay-button[data-pasarela-code]:not([disabled])');
    await button.waitFor({ timeout: 15_000 });
    const code = (await button.getAttribute('data-pasarela-code')) ?? '';
    expect(await page.evaluate(() => typeof (window as { Checkout?: unknown }).Checkout)).toBe('object');

    await button.click();
    const iframe = page.locator('[aria-modal="true"] iframe[src*="/pf/widget"]');
    const src = new URL((await iframe.getAttribute('src')) ?? '');
    expect(src.origin).toBe(sandbox.url);
    expect(new URL(page.url()).origin).toBe(sandbox.demoUrl);
    expect([src.searchParams.get('code'), src.searchParams.get('lang')]).toEqual([code, 'es']);

    const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => window.__heard), { timeout: 10_000 }).toHaveLength(1);
    const [heard] = (await page.evaluate(() => window.__heard)) ?? [];
    expect(heard).toMatchObject({ target: 'pay-button', status: 'success' });
    // the page's own listener (the example's optional script) shows it too
    expect(await page.locator('#result').getAttribute('data-status')).toBe('success');
    await screenshot(page, { path: 'e2e/artifacts/zero-js-paid.png' });

    const transactions = await transactionsFor(sandbox, code);
    expect(transactions.map((t) => [t.method, t.codOper])).toEqual([['card', heard?.oper]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens from a button added to the page after the loader, with its own code and language', async () => {
    const { context, page, errors } = await zeroJsPage();
    const code = await createLink(sandbox, { amount: 8.5, description: 'Tableta de chocolate' });
    await page.evaluate((c) => {
      const late = document.createElement('a');
      late.id = 'late-button';
      late.href = '#no-javascript-fallback';
      late.textContent = 'Buy the chocolate bar';
      late.setAttribute('data-pasarela-code', c);
      late.setAttribute('data-pasarela-lang', 'en');
      document.querySelector('main')?.append(late);
    }, code);
    await page.locator('#late-button').click();
    const iframe = page.locator('iframe[src*="/pf/widget"]');
    const src = new URL((await iframe.getAttribute('src')) ?? '');
    expect([src.searchParams.get('code'), src.searchParams.get('lang')]).toEqual([code, 'en']);
    // the click was taken over: the link's own navigation did not happen
    expect(new URL(page.url()).hash).toBe('');
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    await vaultFrameOf(frame).locator('label', { hasText: /card number/i }).first().waitFor({ timeout: 20_000 });

    await pressAway(page, 'Escape');
    await expect.poll(() => iframe.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('late-button');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('warns naming the bad attribute and opens nothing', async () => {
    const { context, page, warnings } = await zeroJsPage();
    await page.evaluate(() => {
      const bad = document.createElement('button');
      bad.id = 'bad-button';
      bad.textContent = 'Pagar';
      bad.setAttribute('data-pasarela-code', 'LK123');
      bad.setAttribute('data-pasarela-lang', 'fr');
      document.querySelector('main')?.append(bad);
    });
    await page.locator('#bad-button').click();
    await expect.poll(() => warnings.find((w) => w.includes('data-pasarela-lang'))).toMatch(/^\[pasarela\] .*data-pasarela-lang must be es or en, got "fr"/);
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });
  // events.md "An unknown outcome": no notification, and the payment may have been charged.
  it("the example's result list shows an unknown outcome as one to confirm, not as a decline", async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sandbox.demoUrl}/zero-js.html`);
    await page.locator('#pay-button').waitFor();
    await page.evaluate(() => {
      const detail = { status: 'unknown', method: 'card', lookup: { linkCode: 'LK4F7Q2ZP9', trackId: 'track-1' } };
      document.getElementById('pay-button')?.dispatchEvent(new CustomEvent('pasarela:result', { detail, bubbles: true }));
    });
    const row = page.locator('#result .attempt[data-status="unknown"]');
    await expect.poll(() => row.textContent()).toContain('Pago por confirmar');
    expect(await row.textContent()).toContain('LK4F7Q2ZP9');
    expect(await row.textContent()).not.toContain('no aprobado');
    expect(errors).toEqual([]);
    await context.close();
  });
});
