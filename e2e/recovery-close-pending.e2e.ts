import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf, clickAway } from './support/frames';
import { denyStorage } from './support/storage';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, unknown];

// A Yappy request the payer has not answered yet (63333333 never answers): closing asks first,
// closing anyway tells the shop PENDING before `close`, and the same link opened again is back on
// the wait, from the server's record (the frame keeps nothing). On a phone (360 x 740).
describe.runIf(browserAvailable())('closing the checkout while a payment is pending', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  async function shopPage(lang: 'es' | 'en', storageDenied: boolean): Promise<Page> {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    if (storageDenied) await denyStorage(context, new URL(sandbox.url).origin);
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    return page;
  }

  /** Opens the checkout for `code` with the loader, recording its events in order. */
  async function openCheckout(page: Page, code: string, lang: 'es' | 'en'): Promise<FrameLocator> {
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return frame;
  }
  const shopEvents = (page: Page) => shopEventsOf<ShopEvent>(page);

  async function waitOnYappy(frame: FrameLocator): Promise<void> {
    await frame.getByRole('radiogroup').getByRole('radio', { name: /Yappy/ }).check();
    // The sandbox's captcha, answered as a person.
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
    await frame.locator('[name="yappy-phone"]').fill('63333333');
    await frame.getByRole('button', { name: /enviar solicitud de pago|send payment request/i }).click();
    await frame.getByRole('timer').waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      await screenshot(frame.locator('body'), { path: `${SHOTS}recovery-close-failed.png` });
      throw error;
    });
  }

  it('es: the close button asks; staying (Escape) keeps the wait; closing anyway sends PENDING, then close', async () => {
    const code = await createLink(sandbox, { amount: 41, taxAmount: 1, description: 'Sombrero pintao', singleUse: true });
    const page = await shopPage('es', false);
    const frame = await openCheckout(page, code, 'es');
    await waitOnYappy(frame);

    await frame.getByRole('button', { name: 'Cerrar', exact: true }).click();
    const dialog = frame.getByRole('alertdialog', { name: 'Tu pago sigue en curso' });
    await dialog.waitFor();
    await expect.poll(() => frame.locator(':focus').textContent()).toBe('Seguir aquí');
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}recovery-close-pending-es-360.png` });

    // Escape stays: the dialog goes, the wait goes on, the shop heard nothing.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await frame.getByRole('timer').isVisible()).toBe(true);
    expect(await shopEvents(page)).toEqual([]);

    // Escape again (inside the checkout) asks again; Tab stays within the dialog.
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    await expect.poll(() => frame.locator(':focus').textContent()).toBe('Seguir aquí');
    await page.keyboard.press('Tab');
    expect(await frame.locator(':focus').textContent()).toBe('Cerrar de todas formas');
    await page.keyboard.press('Tab');
    expect(await frame.locator(':focus').textContent()).toBe('Seguir aquí');
    await clickAway(page, dialog.getByRole('button', { name: 'Cerrar de todas formas' }));

    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    const [tx] = await transactionsFor(sandbox, code);
    const events = await shopEvents(page);
    expect(events).toMatchObject([
      ['result', { status: 'success', method: 'yappy', notification: { Estado: 'PENDING', Oper: tx?.codOper, Tipo: 'YAPPY' } }],
      ['close', { reason: 'payer' }],
    ]);
    await page.context().close();
  });

  it('en, frame storage denied: closing anyway, then opening the same link again is back on the wait of the same operation', async () => {
    const code = await createLink(sandbox, { amount: 42, taxAmount: 1, description: 'Pollera', singleUse: true });
    const page = await shopPage('en', true);
    let frame = await openCheckout(page, code, 'en');
    await waitOnYappy(frame);
    await frame.getByRole('button', { name: 'Close', exact: true }).click();
    const dialog = frame.getByRole('alertdialog', { name: 'Your payment is still in progress' });
    await dialog.waitFor();
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}recovery-close-pending-en-360.png` });
    await clickAway(page, dialog.getByRole('button', { name: 'Close anyway' }));
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    const [tx] = await transactionsFor(sandbox, code);
    expect((await shopEvents(page)).map(([name]) => name)).toEqual(['result', 'close']);

    // Opened again: the Yappy wait of that operation, no new transaction.
    frame = await openRecordingShopEvents(page, code, 'en');
    await frame.getByRole('timer').waitFor({ timeout: 20_000 });
    expect(await frame.getByRole('radio', { name: /Yappy/ }).isChecked()).toBe(true);
    await screenshot(page, { path: `${SHOTS}recovery-close-resumed-en-360.png` });
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);

    // Closing again asks again; this checkout (a new handle) has not told the shop yet, so it does.
    await frame.getByRole('button', { name: 'Close', exact: true }).click();
    await clickAway(page, frame.getByRole('alertdialog').getByRole('button', { name: 'Close anyway' }));
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    expect(await shopEvents(page)).toMatchObject([
      ['result', { status: 'success', notification: { Estado: 'PENDING', Oper: tx?.codOper } }],
      ['close', { reason: 'payer' }],
    ]);
    await page.context().close();
  });
});
