import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { approveNequi, createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, openLinkPage, openShopCheckout, type OpenedCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// PRODUCT.md "Nequi": push (the demo shop is in Panama: docs/sandbox.md's phones 61111111 / 62222222 / 63333333) and QR settled by the admin call.
describe.runIf(browserAvailable())('Nequi in the embedded checkout', () => {
  let sandbox: Sandbox;
  let browser: Browser;

  // A short window so the never-answering phone times out within the test.
  withSandboxAndBrowser({ SPLASH_MS: '200', NEQUI_WAIT_MS: '6000' }, (started) => ({ sandbox, browser } = started));

  async function pushTo(opened: OpenedCheckout, phone: string) {
    const { checkout } = opened;
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).fill(phone);
    await checkout.frame.getByRole('button', { name: /enviar notificación/i }).click();
  }

  it('push to 61111111: a live wait, then the receipt; the shop hears success from nequi', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, shop, checkout, codes, errors } = opened;
    await pushTo(opened, '6111 1111');
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await shop.result.getAttribute('data-method')).toBe('nequi');
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions).toEqual([expect.objectContaining({ method: 'nequi', status: 1 })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('push to 62222222 is declined: the message and a way to try again in place, which succeeds', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, shop, checkout, codes } = opened;
    await pushTo(opened, '62222222');
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await checkout.alert.textContent()).toMatch(/nequi/i);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    // The phone field is there again, in place, for another attempt.
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).fill('61111111');
    await checkout.frame.getByRole('button', { name: /enviar notificación/i }).click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions.map((t) => t.status)).toEqual([0, 1]);
    await context.close();
  });

  it('Escape while the push to 62222222 is on its way: the close question goes when the decline comes, the focus on the way to try again', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, shop, checkout, page } = opened;
    await pushTo(opened, '62222222');
    // At once: the phone declines a second after the push.
    await page.keyboard.press('Escape');
    const dialog = checkout.frame.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 5_000 });
    const titles: string[] = [];
    await expect.poll(async () => {
      titles.push((await dialog.getByRole('heading').textContent({ timeout: 200 }).catch(() => null)) ?? '');
      return dialog.count();
    }, { timeout: 15_000 }).toBe(0);
    expect(titles.join(' ')).not.toMatch(/código de pago/i);
    expect(await checkout.alert.textContent()).toMatch(/rechazaste el pago en nequi/i);
    // The way to try again: the phone, the field to fix (PRODUCT), whose Enter is "Enviar de nuevo".
    await expect.poll(() => checkout.frame.locator(':focus').getAttribute('name')).toBe('nequi-phone');
    expect(await checkout.frame.getByRole('button', { name: /enviar de nuevo/i }).count()).toBe(1);
    // The checkout stays, for another try.
    expect(await page.locator('iframe[src*="/pf/widget"]').count()).toBe(1);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    await context.close();
  });

  it('push to 63333333 never answered: the countdown runs out and the time-out message shows', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, shop, checkout, page } = opened;
    await pushTo(opened, '63333333');
    const timer = checkout.frame.getByRole('timer');
    await timer.waitFor({ timeout: 10_000 });
    expect(await timer.textContent()).toMatch(/00:0\d/);
    // The payment choice holds while the payment waits.
    expect(await checkout.frame.getByRole('radio', { name: /tarjeta/i }).isDisabled()).toBe(true);
    const frame = page.frames().find((f) => f.url().includes('/pf/widget'));
    if (!frame) throw new Error('no checkout frame');
    expect(await axeViolations(frame)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/nequi-waiting.png' });
    await expect.poll(() => checkout.alert.textContent(), { timeout: 20_000 }).toMatch(/tiempo de espera|terminó|expir/i);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    await context.close();
  });

  it('leaving the wait calls the push off: after paying by card, the phone can no longer approve it', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, checkout, codes } = opened;
    await pushTo(opened, '63333333');
    await checkout.frame.getByRole('timer').waitFor({ timeout: 10_000 });
    await checkout.frame.getByRole('button', { name: /cancelar y usar otro método/i }).click();
    await checkout.chooseMethod(/tarjeta/i);
    await checkout.fillCard({ number: '4242424242424242' });
    await screenshot(opened.page, { path: 'e2e/artifacts/nequi-left-for-card.png' });
    await checkout.frame.getByRole('button', { name: /^pagar/i }).click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    const push = (await transactionsFor(sandbox, codes[0] ?? '')).find((t) => t.method === 'nequi');
    // The payer accepts the old push on the phone afterwards: it was called off, nothing is charged.
    expect(await approveNequi(sandbox, push?.codOper ?? '')).toBe(409);
    expect((await transactionsFor(sandbox, codes[0] ?? '')).map((t) => [t.method, t.status])).toEqual([['nequi', 0], ['card', 1]]);
    await context.close();
  });

  it('QR: the image shows, the admin call (the payer scanning) approves it, and the receipt follows by itself', async () => {
    const { context, shop, checkout, codes, page } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('radio', { name: /código qr/i }).check();
    await checkout.frame.getByRole('button', { name: /mostrar código qr/i }).click();
    const qr = checkout.frame.getByRole('img', { name: /QR/ });
    await qr.waitFor({ timeout: 10_000 });
    await expect.poll(() => qr.getAttribute('src'), { timeout: 10_000 }).toMatch(/^data:image\/svg\+xml/);
    await screenshot(page, { path: 'e2e/artifacts/nequi-qr.png' });
    const [tx] = await transactionsFor(sandbox, codes[0] ?? '');
    expect(await approveNequi(sandbox, tx?.codOper ?? '')).toBe(200);
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    await context.close();
  });

  it('QR refused in the app: the alert says so and has the focus, never the page\'s body', async () => {
    const { context, shop, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('radio', { name: /código qr/i }).check();
    await checkout.frame.getByRole('button', { name: /mostrar código qr/i }).click();
    await checkout.frame.getByRole('img', { name: /QR/ }).waitFor({ timeout: 10_000 });
    const [tx] = await transactionsFor(sandbox, codes[0] ?? '');
    expect(await approveNequi(sandbox, tx?.codOper ?? '', 'fail')).toBe(200);
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toBe('El pago con QR fue rechazado en Nequi.');
    await expect.poll(() => checkout.frame.locator(':focus').getAttribute('role')).toBe('alert');
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    await context.close();
  });

  it('a double click sends one push, and a reload while waiting follows the same payment instead of paying again', async () => {
    const code = await createLink(sandbox, { amount: 18, description: 'Recarga' });
    const { context, page, checkout } = await openLinkPage(browser, sandbox.url, code);
    await checkout.chooseMethod(/Nequi/);
    await page.getByRole('textbox', { name: /celular nequi/i }).fill('63333333');
    await page.getByRole('button', { name: /enviar notificación/i }).dblclick();
    await page.getByRole('timer').waitFor({ timeout: 10_000 });
    await page.reload();
    await page.getByRole('timer').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 10_000 }).toMatch(/3333/);
    const transactions = await transactionsFor(sandbox, code);
    expect(transactions).toHaveLength(1);
    // The wait the reload picked up runs out: the phone typed before the reload is in the field, with the focus.
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/tiempo|expir|terminó/i);
    const phone = page.getByRole('textbox', { name: /celular nequi/i });
    expect((await phone.inputValue()).replace(/\D/g, '')).toBe('63333333');
    await expect.poll(() => page.locator(':focus').getAttribute('name')).toBe('nequi-phone');
    await context.close();
  });
});
