import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { DemoShop, type CheckoutScope } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// Issue 92: the demo page kept the cart in the page, so the order's page opened in a second browser
// showed the default cart, got a new single-use link and no word of the payment waiting on the first:
// one order paid twice. Now the shop's server keeps the order (cart and link): the second browser
// draws the first's changed cart, is answered the same link whatever its page posts, and sees the
// waiting payment; once paid, the order's page offers no payment. Two contexts share nothing, as two browsers.
describe.runIf(browserAvailable())('one order, changed in one browser, opened in another', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  const newBrowser = () => browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });

  /** Every answer of the shop's server to Pay, as the page heard it. */
  function recordLinks(page: Page, into: Array<{ status: number; code?: string; state: string }>) {
    page.on('response', async (res) => {
      if (res.url().endsWith('/shop/links')) into.push({ status: res.status(), ...((await res.json()) as { code?: string; state: string }) });
    });
  }

  async function verify(frame: CheckoutScope) {
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
  }

  const quantity = (page: Page, product: string) => page.locator(`[data-product="${product}"] output`).textContent();

  it('es: the second browser shows the changed cart and the Yappy payment waiting on the same link; one payment; then paid, with no Pay', async () => {
    const answers: Array<{ status: number; code?: string; state: string }> = [];
    const contexts: BrowserContext[] = [];

    // First browser: one more bag of coffee ($39.59 -> $65.27), Pay, a Yappy request left waiting.
    const first = await newBrowser();
    contexts.push(first);
    const a = await first.newPage();
    recordLinks(a, answers);
    const shopA = new DemoShop(a, sandbox.demoUrl);
    await shopA.open();
    await a.locator('[data-product="geisha"] [data-step="1"]').click();
    expect(await a.locator('#total').textContent()).toBe('$65.27');
    const checkoutA = await shopA.pay();
    await checkoutA.waitForForm();
    await checkoutA.chooseMethod(/Yappy/);
    await verify(checkoutA.frame);
    await checkoutA.field('yappy-phone').fill('63333333');
    await checkoutA.frame.getByRole('button', { name: /enviar solicitud de pago/i }).click();
    await checkoutA.frame.getByRole('timer').waitFor({ timeout: 15_000 });
    const code = answers[0]?.code ?? '';
    const [yappy] = await transactionsFor(sandbox, code);
    expect(yappy).toMatchObject({ method: 'yappy' });
    const orderPage = a.url();
    expect(new URL(orderPage).searchParams.get('order')).toBeTruthy();

    // Second browser, on the order's page: the cart the server keeps, not the page's default.
    const second = await newBrowser();
    contexts.push(second);
    const b = await second.newPage();
    recordLinks(b, answers);
    const errors: string[] = [];
    b.on('pageerror', (e) => errors.push(e.message));
    await b.goto(orderPage);
    await expect.poll(() => b.locator('#total').textContent()).toBe('$65.27');
    expect(await quantity(b, 'geisha')).toBe('2');
    // Its page changes the cart once more before Pay: the server still answers the order's own link and cart.
    await b.locator('[data-product="cacao"] [data-step="1"]').click();
    expect(await b.locator('#total').textContent()).toBe('$72.23');
    const shopB = new DemoShop(b, sandbox.demoUrl);
    const checkoutB = await shopB.pay();
    await checkoutB.frame.getByRole('heading', { name: 'Tienes un pago con Yappy de $65.27 esperando tu aprobación' }).waitFor({ timeout: 20_000 });
    expect(await checkoutB.field('cardnumber').count()).toBe(0);
    expect(answers).toEqual([{ status: 201, code, state: 'open' }, { status: 200, code, state: 'open' }].map((x) => expect.objectContaining(x)));
    await expect.poll(() => b.locator('#total').textContent()).toBe('$65.27');
    expect(await quantity(b, 'cacao')).toBe('2');
    // The shop's page, and the checkout in its frame, each a page of its own (the shop's main and the checkout's).
    expect(await axeViolations(b, { frames: false })).toEqual([]);
    expect(await axeViolations(await checkoutFrameOf(b))).toEqual([]);
    await screenshot(b, { path: `${SHOTS}one-order-two-browsers-waiting-es-360.png` });

    // Approved in the payer's app: one payment for the order, on its one link.
    const approved = await fetch(`${sandbox.url}/sandbox/yappy/${yappy?.codOper ?? ''}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: 'approve' }) });
    expect(approved.status).toBe(200);
    expect((await transactionsFor(sandbox, code)).filter((t) => t.status === 1)).toMatchObject([{ method: 'yappy' }]);

    // Paid: the order's page, in either browser, shows it paid and offers no payment.
    for (const page of [b, a]) {
      await page.goto(orderPage);
      await page.getByText('Este pedido ya está pagado. No hay nada más que pagar.').waitFor({ timeout: 15_000 });
      expect(await page.locator('#pay-button').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: /Pagar/ }).count()).toBe(0);
      expect(await page.locator('#total').textContent()).toBe('$65.27');
    }
    expect(await axeViolations(b)).toEqual([]);
    await screenshot(b, { path: `${SHOTS}one-order-two-browsers-paid-es-360.png` });
    // Whatever a page posts for it now: paid, no new link.
    const orderNumber = new URL(orderPage).searchParams.get('order');
    const late = await fetch(`${sandbox.demoUrl}/shop/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: orderNumber, amount: 5, taxAmount: 0, description: 'Otro' }) });
    expect(await late.json()).toMatchObject({ order: orderNumber, state: 'paid' });
    expect((await transactionsFor(sandbox, code)).filter((t) => t.status === 1)).toHaveLength(1);
    expect(errors).toEqual([]);
    await Promise.all(contexts.map((c) => c.close()));
  });
});
