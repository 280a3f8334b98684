import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { checkoutFrameOf } from './support/frames';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { openShopCheckout, type OpenedCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// PRODUCT.md "Yappy": a phone field (8 digits), then the waiting screen with SPEC's 5-minute window,
// here shortened by YAPPY_WAIT_MS so the never-answered phone times out within the test.
const WAIT_MS = 3_000;

describe.runIf(browserAvailable())('Yappy from a merchant page, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '300', YAPPY_WAIT_MS: String(WAIT_MS) }, (started) => ({ sandbox, browser } = started));

  async function chooseYappy(): Promise<OpenedCheckout> {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    await opened.checkout.chooseMethod(/Yappy/);
    await opened.checkout.field('yappy-phone').waitFor({ state: 'visible' });
    return opened;
  }
  const sendButton = (opened: OpenedCheckout) => opened.checkout.frame.getByRole('button', { name: /enviar solicitud de pago/i });
  const attempts = (opened: OpenedCheckout) => opened.shop.result.locator('.attempt').count();

  it('61111111 by keyboard alone: receipt in the checkout, success on the shop, one approved Yappy transaction', async () => {
    const opened = await chooseYappy();
    const { page, shop, checkout, codes, errors } = opened;
    const phone = checkout.field('yappy-phone');
    expect(await phone.getAttribute('autocomplete')).toBe('tel-national');
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await phone.focus();
    await page.keyboard.type('6111 1111');
    await page.keyboard.press('Enter');
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await checkout.frame.getByText('Aprobado', { exact: true }).isVisible()).toBe(true);

    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions).toMatchObject([{ method: 'yappy', status: 1 }]);
    expect(await shop.result.textContent()).toContain(transactions[0]?.codOper ?? 'missing');
    expect(await attempts(opened)).toBe(1);
    expect(errors).toEqual([]);
    await opened.context.close();
  });

  it('62222222 declines: the catalogue message in place, the shop hears error, and a retry with 61111111 pays', async () => {
    const opened = await chooseYappy();
    const { shop, checkout, codes } = opened;
    await checkout.field('yappy-phone').fill('62222222');
    await sendButton(opened).click();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toBe('Rechazaste el pago en Yappy.');
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    // The shop hears what the payer was told, in the same words, and its key.
    const reason = shop.result.locator('[data-key]');
    expect(await reason.getAttribute('data-key')).toBe('yappy_declined');
    expect(await reason.textContent()).toContain('Rechazaste el pago en Yappy.');

    // The same phone is back in the field, focused (as Nequi's is), ready to change and send again.
    expect(await checkout.field('yappy-phone').inputValue()).toBe('62222222');
    await expect.poll(() => checkout.frame.locator(':focus').getAttribute('name')).toBe('yappy-phone');
    await checkout.field('yappy-phone').fill('61111111');
    await sendButton(opened).click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions.map((t) => [t.method, Number(t.status)]).sort()).toEqual([['yappy', 0], ['yappy', 1]]);
    expect(await attempts(opened)).toBe(2);
    await opened.context.close();
  });

  it('63333333 never answers: the countdown runs out, the time-out message shows with the phone to retry, the shop hears error', async () => {
    const opened = await chooseYappy();
    const { page, shop, checkout, codes } = opened;
    await checkout.field('yappy-phone').fill('63333333');
    await sendButton(opened).click();
    const timer = checkout.frame.getByRole('timer');
    await timer.waitFor({ timeout: 10_000 });
    expect(await timer.textContent()).toMatch(/^Tienes 00:0\d para pagar$/);
    expect(await checkout.frame.getByRole('status').first().textContent()).toContain('•••• 3333');
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/yappy-waiting.png' });

    // SPEC 4: the server's 619 once the window is over gives payment_expired.
    await expect.poll(() => checkout.alert.textContent(), { timeout: WAIT_MS + 10_000 }).toBe('El tiempo para pagar ha expirado');
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    await expect.poll(() => checkout.frame.locator(':focus').getAttribute('name')).toBe('yappy-phone');
    await expect.poll(async () => (await transactionsFor(sandbox, codes[0] ?? '')).map((t) => Number(t.status)), { timeout: 10_000 }).toEqual([0]);
    expect(await attempts(opened)).toBe(1);
    await opened.context.close();
  });
});
