import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Pasarela } from '@pasarela/node';
import { transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { DemoShop, openShopCheckout, watchShopPage } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { clickAway } from './support/frames';
import { screenshot } from './support/artifacts';

// docs/merchant-api.md "void": the merchant's server calls off a payment the payer is still
// waiting on, and the payer's open checkout shows it at once (the live socket), not when its wait runs out.
describe.runIf(browserAvailable())('a merchant voids a Nequi push the payer is waiting on', () => {
  let sandbox: Sandbox;
  let browser: Browser;

  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  it('the waiting screen ends with a message and the shop hears the error, long before the 2-minute window', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, shop, checkout, codes } = opened;
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).fill('63333333');
    await checkout.frame.getByRole('button', { name: /enviar notificación/i }).click();
    await checkout.frame.getByRole('timer').waitFor({ timeout: 10_000 });

    // The demo shop's merchant (1) with keys of its own, as docs/webhooks.md "Keys" gives them.
    const keys = (await (await fetch(`${sandbox.url}/sandbox/merchants/1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { secretKey: string };
    const pasarela = new Pasarela({ secretKey: keys.secretKey, baseUrl: sandbox.url });
    const [waiting] = await transactionsFor(sandbox, codes[0] ?? '');
    const started = Date.now();
    const voided = await pasarela.transactions.void(waiting?.codOper ?? '');
    expect(voided).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });

    await expect.poll(() => checkout.alert.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await checkout.alert.textContent()).toContain('El comercio canceló este pago');
    await screenshot(opened.page, { path: 'e2e/artifacts/nequi-voided.png' });
    expect(await checkout.frame.getByRole('timer').count()).toBe(0);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    expect(Date.now() - started).toBeLessThan(15_000);

    // Sending it again would start a payment the shop called off: the ways forward are another
    // method and back to the shop, the first of them focused.
    expect(await checkout.frame.getByRole('button', { name: /enviar de nuevo/i }).count()).toBe(0);
    expect(await checkout.frame.getByRole('button', { name: /enviar notificación/i }).count()).toBe(0);
    const other = checkout.frame.getByRole('button', { name: 'Elegir otro método de pago' });
    await expect.poll(() => other.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await checkout.frame.getByRole('button', { name: 'Volver a la tienda' }).isVisible()).toBe(true);
    await screenshot(opened.page, { path: 'e2e/artifacts/nequi-voided-ways.png' });
    // Another method: the method choice takes the focus, and the card form is there to pay with.
    await other.click();
    expect(await checkout.frame.locator('input[name="payment-method"]:focus').count()).toBe(1);
    await checkout.chooseMethod(/Tarjeta/);
    await checkout.waitForForm();
    // Back on the Nequi tile the voided payment is still what it says, with no way to send it again.
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('button', { name: 'Elegir otro método de pago' }).waitFor();
    expect(await checkout.frame.getByRole('button', { name: /enviar/i }).count()).toBe(0);
    await context.close();
  });

  it('a voided Yappy wait, in English: back to the shop closes the checkout', async () => {
    // The demo shop in English (its language toggle), as cash.e2e.ts opens it.
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const { codes } = watchShopPage(page);
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    await page.locator('#lang-toggle').click();
    const checkout = await shop.pay();
    await checkout.waitForForm();
    await checkout.chooseMethod(/Yappy/);
    await checkout.frame.getByRole('textbox', { name: /yappy phone/i }).fill('63333333');
    await checkout.frame.getByRole('button', { name: /send payment request/i }).click();
    await checkout.frame.getByRole('timer').waitFor({ timeout: 10_000 });
    const keys = (await (await fetch(`${sandbox.url}/sandbox/merchants/1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { secretKey: string };
    const pasarela = new Pasarela({ secretKey: keys.secretKey, baseUrl: sandbox.url });
    const [waiting] = await transactionsFor(sandbox, codes[0] ?? '');
    await pasarela.transactions.void(waiting?.codOper ?? '');
    await expect.poll(() => checkout.alert.textContent(), { timeout: 10_000 }).toContain('The shop cancelled this payment. Nothing was charged.');
    expect(await checkout.frame.getByRole('button', { name: 'Choose another payment method' }).isVisible()).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/yappy-voided-en.png' });
    await clickAway(page, checkout.frame.getByRole('button', { name: 'Back to the shop' }));
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').isVisible(), { timeout: 10_000 }).toBe(false);
    await context.close();
  });
});
