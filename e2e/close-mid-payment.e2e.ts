import { describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { DemoShop } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import { screenshot } from './support/artifacts';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, unknown];

/**
 * Records, in order, what the demo shop's page hears from the checkout it opens: its `result` and
 * `close` events and how `handle.result` settles. The shop's own listeners stay as they are.
 */
async function recordShopEvents(page: Page): Promise<void> {
  await page.waitForFunction(() => 'Checkout' in window);
  await page.evaluate(() => {
    const w = window as unknown as {
      shopEvents: unknown[];
      Checkout: { open(o: unknown): { on(e: string, fn: (p: unknown) => void): void; result: Promise<{ notification: { Oper: string } }> } };
    };
    const open = w.Checkout.open.bind(w.Checkout);
    w.Checkout.open = (options) => {
      w.shopEvents = [];
      const handle = open(options);
      handle.on('result', (result) => w.shopEvents.push(['result', result]));
      handle.on('close', (event) => w.shopEvents.push(['close', event]));
      handle.result.then(
        (result) => w.shopEvents.push(['handle.result resolved', result.notification.Oper]),
        (error: { code: string }) => w.shopEvents.push(['handle.result rejected', error.code]),
      );
      return handle;
    };
  });
}

const shopEvents = (page: Page) => page.evaluate(() => (window as unknown as { shopEvents?: ShopEvent[] }).shopEvents ?? []);

// Issue 95: a payer who closes the checkout while the card's answer is on its way. The answer is held
// in the network; the payer closes (Escape, or the close button) and insists; the checkout stays alive
// out of sight until the answer, and the shop's page hears the charged operation before `close`.
describe.runIf(browserAvailable())('closing the checkout while the card answer is on its way', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  // Each test its own card: the same card and amount twice within minutes is asked about as a possible duplicate.
  async function payAndHoldTheAnswer(cardNumber: string) {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const codes: string[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('/shop/links') && res.status() === 201) codes.push(((await res.json()) as { code: string }).code);
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const held = new Promise<void>((resolve) => (reached = resolve));
    await context.route('**/cards/auth-capture**', async (route: Route) => {
      reached();
      await released;
      await route.continue();
    });
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    await recordShopEvents(page);
    const checkout = await shop.pay();
    await checkout.waitForForm();
    await checkout.fillCard({ number: cardNumber });
    await checkout.submit();
    await held;
    return { context, page, shop, checkout, codes, release };
  }

  async function insistAndHearTheAnswer(run: Awaited<ReturnType<typeof payAndHoldTheAnswer>>, lang: 'es') {
    const { page, shop, checkout, codes, release } = run;
    const dialog = checkout.frame.getByRole('alertdialog', { name: lang === 'es' ? 'Tu pago se está procesando' : 'Your payment is being processed' });
    await dialog.waitFor();
    await expect.poll(() => checkout.frame.locator(':focus').textContent()).toBe('Seguir aquí');
    await screenshot(page, { path: `${SHOTS}close-mid-payment-asks.png` });
    expect(await shopEvents(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar de todas formas' }).click();

    // Out of sight, still alive: the payer is back on the shop at once, the request goes on.
    const frame = page.locator('iframe[src*="/pf/widget"]');
    await expect.poll(() => page.locator('[role="dialog"]').evaluate((overlay) => overlay.hasAttribute('inert'))).toBe(true);
    // inert: silent to assistive technology, out of the tab order
    expect(await frame.count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay-button');
    expect(await shopEvents(page)).toEqual([]);

    // The card's answer, held in the network, now arrives.
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await expect.poll(() => frame.count(), { timeout: 20_000 }).toBe(0);
    const events = await shopEvents(page);
    const [tx] = await transactionsFor(sandbox, codes[0] ?? '');
    expect(tx, JSON.stringify({ codes, events })).toMatchObject({ method: 'card' });
    console.log('close-mid-payment: the shop page heard', JSON.stringify(events.map(([name, payload]) => [name, name === 'result' ? (payload as { notification: { Oper: string; Estado: string } }).notification : payload])));
    expect(events).toMatchObject([
      ['result', { status: 'success', method: 'card', notification: { Estado: 'APPROVED', Oper: tx?.codOper } }],
      ['handle.result resolved', tx?.codOper],
      ['close', { reason: 'payer' }],
    ]);
    // The demo shop shows the attempt, not "no payment attempts yet".
    await expect.poll(() => shop.result.getAttribute('data-status')).toBe('success');
    expect(await shop.result.textContent()).toContain(tx?.codOper ?? 'missing');
    await screenshot(page, { path: `${SHOTS}close-mid-payment-heard.png` });
  }

  it('Escape while the card answer is on its way asks; closing anyway, the shop hears result (the charged operation) before close', async () => {
    const run = await payAndHoldTheAnswer('4242 4242 4242 4242');
    await run.page.keyboard.press('Escape');
    await insistAndHearTheAnswer(run, 'es');
    await run.context.close();
  });

  it('the close button while the card answer is on its way: the same', async () => {
    const run = await payAndHoldTheAnswer('4111 1111 1111 1111');
    await run.checkout.frame.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await insistAndHearTheAnswer(run, 'es');
    await run.context.close();
  });
});
