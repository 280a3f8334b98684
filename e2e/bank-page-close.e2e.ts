import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { CheckoutFrame, vaultFrameOf } from './support/pages';
import { checkoutFrameOf } from './support/frames';
import { withSandboxAndBrowser } from './support/suite';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// The 3DS and Clave bank pages inside the modal take the checkout's X and Escape: the page's own
// cancel (nothing charged), the shop told the payment did not go through, then the checkout closes.
// Both pages ask first, as the checkout's own waits do (issue 96); Clave's cancel is the payer's,
// recorded CANCELLED, never the bank's refusal.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
type Lang = 'es' | 'en';
type ShopEvent = [string, { status?: string; method?: string; reason?: string | { key?: string; text?: string }; notification?: { Estado?: string; Razon?: string } }];
const TEXT = {
  es: { verification: 'Verificación', robot: 'No soy un robot', verified: 'Verificado', close: 'Cerrar', bank: /continuar al banco/i, ask: '¿Cerrar sin verificar?', askClave: '¿Cerrar sin pagar?', keep: 'Seguir aquí', leave: 'Cerrar de todas formas', cancelled: 'Pago cancelado antes de completarse; no se hizo ningún cargo' },
  en: { verification: 'Verification', robot: "I'm not a robot", verified: 'Verified', close: 'Close', bank: /continue to the bank/i, ask: 'Close without verifying?', askClave: 'Close without paying?', keep: 'Stay here', leave: 'Close anyway', cancelled: 'Payment cancelled before it was completed; nothing was charged' },
} as const;

describe.runIf(browserAvailable())('closing the checkout from a bank page', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  async function open(lang: Lang, amount: number) {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Sombrero pintao' });
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    const frame = await openRecordingShopEvents(page, code, lang);
    return { context, page, frame, code };
  }

  /**
   * The address of the bank's page once the checkout's frame shows it: the checkout's own header
   * has a close button too, so a close button alone does not say the frame has left the checkout.
   */
  async function bankPage(page: Page): Promise<URL> {
    const checkoutOrigin = new URL(sandbox.url).origin;
    await expect.poll(async () => new URL((await checkoutFrameOf(page)).url()).origin, { timeout: 15_000 }).not.toBe(checkoutOrigin);
    return new URL((await checkoutFrameOf(page)).url());
  }

  async function closed(page: Page): Promise<ShopEvent[]> {
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"], iframe[src*="/sandbox/"]').count(), { timeout: 20_000 }).toBe(0);
    return shopEventsOf<ShopEvent>(page);
  }

  it.each([
    { lang: 'es' as const, amount: 71, how: 'Escape' },
    { lang: 'en' as const, amount: 72, how: 'X' },
  ])('3DS in $lang, closed with $how: the challenge called off, the shop hears an error then the close', async ({ lang, amount, how }) => {
    const { context, page, frame, code } = await open(lang, amount);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    const form = new CheckoutFrame(frame);
    await form.fillCard({ number: '4000 0000 0000 3220', name: 'Maria Nunez', email: 'maria@example.com' });
    await form.submitCardPastCheck(TEXT[lang]);
    // The issuer's page, on the simulator's own origin.
    expect((await bankPage(page)).pathname).toMatch(/^\/3ds\//);
    const close = frame.getByRole('button', { name: TEXT[lang].close, exact: true });
    await close.waitFor({ timeout: 15_000 });
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}bank-page-close-3ds-${lang}-360.png` });
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await close.click();
    // The question, named by its words, with the focus on its first answer; Escape in it dismisses it.
    const question = frame.getByRole('alertdialog', { name: TEXT[lang].ask });
    await question.waitFor({ timeout: 10_000 });
    const bank = await checkoutFrameOf(page);
    await expect.poll(() => bank.evaluate(() => document.activeElement?.textContent ?? '')).toBe(TEXT[lang].keep);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden', timeout: 10_000 });
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await close.click();
    await question.getByRole('button', { name: TEXT[lang].leave }).click();
    const events = await closed(page);
    expect(events.map(([name]) => name)).toEqual(['result', 'close']);
    // The payer's cancel, told by its own key as Clave's is (docs/events.md), with the receipt's words.
    expect(events[0]?.[1]).toMatchObject({ status: 'error', method: 'card', reason: { key: 'payment_cancelled', text: TEXT[lang].cancelled } });
    expect(events[1]?.[1]).toMatchObject({ reason: 'payer' });
    expect((await transactionsFor(sandbox, code)).map((t) => Number(t.status))).toEqual([0]);
    await context.close();
  }, 90_000);

  it.each([
    { lang: 'es' as const, amount: 73, how: 'X' },
    { lang: 'en' as const, amount: 74, how: 'Escape' },
  ])('Clave in $lang, closed with $how: asked first, then cancelled as the payer\'s (nothing charged, never the bank\'s refusal), the shop hears an error then the close', async ({ lang, amount, how }) => {
    const { context, page, frame, code } = await open(lang, amount);
    const checkout = new CheckoutFrame(frame);
    await checkout.chooseMethod(/Clave/);
    await frame.getByRole('button', { name: TEXT[lang].bank }).click();
    expect((await bankPage(page)).pathname).toMatch(/^\/clave\//);
    const close = frame.getByRole('button', { name: TEXT[lang].close, exact: true });
    await close.waitFor({ timeout: 15_000 });
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}bank-page-close-clave-${lang}-360.png` });
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await close.click();
    // The question, named by its words, with the focus on its first answer; Escape in it dismisses it.
    const question = frame.getByRole('alertdialog', { name: TEXT[lang].askClave });
    await question.waitFor({ timeout: 10_000 });
    const bank = await checkoutFrameOf(page);
    await expect.poll(() => bank.evaluate(() => document.activeElement?.textContent ?? '')).toBe(TEXT[lang].keep);
    expect(await axeViolations(bank)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}bank-page-close-clave-ask-${lang}-360.png` });
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden', timeout: 10_000 });
    expect((await transactionsFor(sandbox, code)).map((t) => Number(t.status))).toEqual([-1]);
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await close.click();
    await question.getByRole('button', { name: TEXT[lang].leave }).click();
    const events = await closed(page);
    expect(events.map(([name]) => name)).toEqual(['result', 'close']);
    expect(events[0]?.[1]).toMatchObject({
      status: 'error', method: 'clave', notification: { Estado: 'DECLINED', Razon: 'payment_cancelled' }, reason: { key: 'payment_cancelled', text: TEXT[lang].cancelled },
    });
    expect(events[1]?.[1]).toMatchObject({ reason: 'payer' });
    const recorded = (await transactionsFor(sandbox, code)) as Array<{ status: number | string; authStatus?: string }>;
    expect(recorded.map((t) => [Number(t.status), t.authStatus])).toEqual([[0, 'CANCELLED']]);
    await context.close();
  }, 90_000);

});
