import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { DemoShop, type CheckoutScope, watchShopPage } from './support/pages';
import { denyStorage } from './support/storage';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

const TEXT = {
  es: {
    close: 'Cerrar', anyway: 'Cerrar de todas formas',
    waits: 'Tienes un pago con Yappy de $39.59 esperando tu aprobación',
    // one more chocolate bar: $39.59 -> $46.55
    product: 'cacao', goOn: 'Seguir con ese pago', otherWay: 'Pagar este pedido ($46.55) de otra forma', callOff: 'Anular el pago con Yappy',
    note: 'Antes anulamos el pago con Yappy: no se te cobrará.',
  },
  en: {
    close: 'Close', anyway: 'Close anyway',
    waits: 'You have a Yappy payment of $39.59 waiting for your approval',
    // one more bag of coffee: $39.59 -> $65.27 (another amount: not the Spanish run's card payment again)
    product: 'geisha', goOn: 'Go on with that payment', otherWay: 'Pay this order ($65.27) another way', callOff: 'Call off the Yappy payment',
    note: "We call off the Yappy payment first: you won't be charged for it.",
  },
};

// The issue: a payer closes the checkout while a Yappy request waits, then presses the shop's Pay
// again, and the shop makes a new link. The checkout of that new link, of the same merchant, shows
// first what waits (the loader remembered it in the shop page's own storage: the checkout's frame
// here is denied storage), with its amount and three ways; paying another way calls the old one
// off, so it can no longer be approved. On a phone (360 x 740), in both languages.
describe.runIf(browserAvailable())('a payment waiting on another link of the same shop', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  /** The demo shop in `lang`: Pay, a Yappy request that never answers, and the checkout closed. */
  async function yappyLeftWaiting(lang: 'es' | 'en') {
    const text = TEXT[lang];
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    await denyStorage(context, new URL(sandbox.url).origin);
    const page = await context.newPage();
    const { errors, codes } = watchShopPage(page);
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    if (lang === 'en') await page.locator('#lang-toggle').click();

    const first = await shop.pay();
    await first.waitForForm();
    await first.chooseMethod(/Yappy/);
    await verify(first.frame);
    await first.field('yappy-phone').fill('63333333');
    await first.frame.getByRole('button', { name: /enviar solicitud de pago|send payment request/i }).click();
    await first.frame.getByRole('timer').waitFor({ timeout: 15_000 });
    await first.frame.getByRole('button', { name: text.close, exact: true }).click();
    // Pressed in the page itself: the frame goes away as it is pressed.
    await first.frame.getByRole('alertdialog').getByRole('button', { name: text.anyway }).evaluate((button) => (button as HTMLButtonElement).click()).catch(() => undefined);
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    const [yappy] = await transactionsFor(sandbox, codes[0] ?? '');
    return { context, page, shop, codOper: yappy?.codOper ?? '', codes, errors, text };
  }

  /**
   * The shop's page without the order's number: another order. (The same order's page answers its
   * own link and cart from the shop's server, whatever its cart shows: one-order-two-browsers.e2e.ts.)
   */
  async function newOrderPage(page: Page, lang: 'es' | 'en') {
    await page.goto(sandbox.demoUrl);
    if (lang === 'en') await page.locator('#lang-toggle').click();
  }

  /** Then another order with one more item (a new link) and Pay: the new link's checkout says what waits. */
  async function waitingThenNewOrder(lang: 'es' | 'en') {
    const { context, page, shop, codOper, codes, errors, text } = await yappyLeftWaiting(lang);
    // The payer starts another order with one more item: another link, same shop.
    await newOrderPage(page, lang);
    await page.locator(`[data-product="${text.product}"] [data-step="1"]`).click();
    const again = await shop.pay();
    const heading = again.frame.getByRole('heading', { name: text.waits });
    await heading.waitFor({ timeout: 20_000 });
    expect(codes).toHaveLength(2);
    return { context, page, shop, again, codOper, codes, errors, text };
  }

  /** The sandbox's captcha, answered as a person. */
  async function verify(frame: CheckoutScope) {
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
  }

  const pendingKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pasarela.pending.')));
  const approveYappy = (codOper: string) =>
    fetch(`${sandbox.url}/sandbox/yappy/${codOper}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: 'approve' }) });

  it.each(['es' as const, 'en' as const])('%s: the new link shows the waiting Yappy payment and its three ways; paying another way calls it off and pays by card', async (lang) => {
    const { context, page, shop, again, codOper, codes, errors, text } = await waitingThenNewOrder(lang);
    const frame = again.frame;
    // No form beneath it: nothing to pay twice with.
    expect(await again.field('cardnumber').count()).toBe(0);
    for (const name of [text.goOn, text.otherWay, text.callOff]) expect(await frame.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    expect(await frame.getByText(text.note).isVisible()).toBe(true);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}waiting-elsewhere-${lang}-360.png` });

    await frame.getByRole('button', { name: text.otherWay, exact: true }).click();
    await again.waitForForm();
    // Called off on the server: it can no longer be approved in the app.
    expect((await transactionsFor(sandbox, codes[0] ?? ''))[0]).toMatchObject({ codOper, method: 'yappy', status: 0 });
    expect((await approveYappy(codOper)).status).toBe(409);
    await expect.poll(() => pendingKeys(page)).toEqual([]);

    await again.fillCard({ number: '4242 4242 4242 4242' });
    await again.submit();
    await again.receiptTitle.waitFor({ timeout: 20_000 });
    await expect.poll(() => shop.result.getAttribute('data-method')).toBe('card');
    expect(await shop.result.getAttribute('data-estado')).toBe('APPROVED');
    expect(await transactionsFor(sandbox, codes[1] ?? '')).toMatchObject([{ method: 'card', status: 1 }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['es' as const, 'en' as const])('%s: going on with it is back on its Yappy wait; approved in the app, the receipt, and the shop hears it', async (lang) => {
    const { context, page, shop, again, codOper, codes, text } = await waitingThenNewOrder(lang);
    await again.frame.getByRole('button', { name: text.goOn, exact: true }).click();
    await again.frame.getByRole('timer').waitFor({ timeout: 20_000 });
    expect(await again.frame.getByRole('radio', { name: /Yappy/ }).isChecked()).toBe(true);
    await screenshot(page, { path: `${SHOTS}waiting-elsewhere-go-on-${lang}-360.png` });
    expect((await approveYappy(codOper)).status).toBe(200);
    await again.receiptTitle.waitFor({ timeout: 20_000 });
    await expect.poll(() => shop.result.getAttribute('data-method')).toBe('yappy');
    expect(await shop.result.getAttribute('data-estado')).toBe('APPROVED');
    // One payment in all: the new order's link was never paid.
    expect(await transactionsFor(sandbox, codes[1] ?? '')).toEqual([]);
    await expect.poll(() => pendingKeys(page)).toEqual([]);
    await context.close();
  });

  it('es: Pay again with the cart unchanged is the same order and link: straight back on the Yappy wait', async () => {
    const { context, page, shop, codes } = await yappyLeftWaiting('es');
    const again = await shop.pay();
    await again.frame.getByRole('timer').waitFor({ timeout: 20_000 });
    expect(await again.frame.getByRole('radio', { name: /Yappy/ }).isChecked()).toBe(true);
    expect(codes).toHaveLength(1);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    await screenshot(page, { path: `${SHOTS}waiting-elsewhere-same-order-es-360.png` });
    await context.close();
  });

  it('en: approved in the app while the checkout was closed, a new order says so, with its receipt, instead of a second payment at once', async () => {
    const { context, page, shop, codOper, codes } = await yappyLeftWaiting('en');
    expect((await approveYappy(codOper)).status).toBe(200);
    await newOrderPage(page, 'en');
    await page.locator('[data-product="cacao"] [data-step="-1"]').click();
    const again = await shop.pay();
    const paid = again.frame.getByRole('heading', { name: 'Your Yappy payment of $39.59 went through' });
    await paid.waitFor({ timeout: 20_000 });
    expect(await again.frame.getByRole('button', { name: /^Pay this order \(\$\d+\.\d\d\) too$/ }).isVisible()).toBe(true);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}waiting-elsewhere-paid-en-360.png` });
    // Shown once: the merchant page keeps it no longer.
    await expect.poll(() => pendingKeys(page)).toEqual([]);
    await again.frame.getByRole('button', { name: 'See the receipt' }).click();
    await again.receiptTitle.waitFor({ timeout: 20_000 });
    expect(await again.frame.getByText(codOper).first().isVisible()).toBe(true);
    expect(await transactionsFor(sandbox, codes[1] ?? '')).toEqual([]);
    await context.close();
  });

  it('es: a cash voucher left open is shown to a new order as a voucher that stays valid (no call-off), and going back to it shows the same number', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    await denyStorage(context, new URL(sandbox.url).origin);
    const page = await context.newPage();
    const { codes } = watchShopPage(page);
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    const first = await shop.pay();
    await first.waitForForm();
    await first.chooseMethod(/Efectivo/);
    await verify(first.frame);
    await first.frame.getByRole('radiogroup', { name: /elige dónde pagar/i }).getByRole('radio', { name: /PayCash/ }).check();
    await first.field('cash-email').fill('maria.nunez@example.com');
    await first.field('cash-phone').fill('+507 6123-4567');
    await first.frame.locator('#method-panel-cash form button[type="submit"]').click();
    const voucher = first.frame.getByText(/^\d{4} \d{4} \d{4}$/);
    await voucher.waitFor({ timeout: 15_000 });
    const number = (await voucher.textContent()) ?? '';
    await first.frame.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await first.frame.getByRole('alertdialog').getByRole('button', { name: 'Cerrar de todas formas' }).evaluate((button) => (button as HTMLButtonElement).click()).catch(() => undefined);
    await expect.poll(() => page.locator('iframe').count()).toBe(0);

    await newOrderPage(page, 'es');
    await page.locator('[data-product="cacao"] [data-step="1"]').click();
    const again = await shop.pay();
    await again.frame.getByRole('heading', { name: 'Tienes un comprobante de pago en efectivo de $39.59 sin pagar' }).waitFor({ timeout: 20_000 });
    expect(await again.frame.getByText('El comprobante sigue vigente: si pagas este pedido de otra forma, no lo pagues en la caja.').isVisible()).toBe(true);
    expect(await again.frame.getByRole('button', { name: /anular/i }).count()).toBe(0);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}waiting-elsewhere-cash-es-360.png` });
    await again.frame.getByRole('button', { name: 'Volver al comprobante' }).click();
    await again.frame.getByText(number, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await transactionsFor(sandbox, codes[1] ?? '')).toEqual([]);
    await context.close();
  });
});
