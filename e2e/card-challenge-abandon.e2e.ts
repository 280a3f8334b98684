import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { CheckoutFrame, vaultFrameOf } from './support/pages';
import { checkoutFrameOf } from './support/frames';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, { status?: string; method?: string; notification?: { Estado?: string; Oper?: string } }];
type Lang = 'es' | 'en';

const TEXT = {
  es: {
    verification: 'Verificación', robot: 'No soy un robot', verified: 'Verificado',
    waiting: 'Tu pago con tarjeta espera que lo confirmes en la verificación de tu banco (3D Secure).',
    otherCard: 'Pagar con otra tarjeta', receipt: /comprobante de pago/i, card: 'Tarjeta',
    leaveFailed: 'No pudimos cancelar la verificación de tu banco. Revisa tu internet e intenta de nuevo.',
    gone: 'Esta verificación ya no es válida', goneText: 'Elegiste pagar de otra forma, así que este pago se canceló y no se hizo ningún cargo.',
  },
  en: {
    verification: 'Verification', robot: "I'm not a robot", verified: 'Verified',
    waiting: "Your card payment is waiting for you to confirm it in your bank's verification (3D Secure).",
    otherCard: 'Pay with another card', receipt: /payment receipt/i, card: 'Card',
    leaveFailed: "We could not cancel your bank's verification. Check your connection and try again.",
    gone: 'This verification is no longer valid', goneText: 'You chose to pay another way, so this payment was cancelled and nothing was charged.',
  },
} as const;

// The payer of an ordinary (multi-use) link, on a 360 px phone, meets the 3DS challenge, comes back
// from it and pays with another card. The first attempt is called off on the server before the new
// one is sent, so when the first challenge is completed afterwards (a stale tab), the bank's page
// says it is no longer valid: the order is charged once, and the shop hears one outcome.
describe.runIf(browserAvailable())('leaving a 3DS challenge for another card', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const shopEvents = (page: Page) => shopEventsOf<ShopEvent>(page);

  async function fillCard(page: Page, lang: Lang, number: string): Promise<void> {
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    const form = new CheckoutFrame(frame);
    await form.fillCard({ number, name: 'Maria Nunez', email: 'maria@example.com' });
    await form.submitCardPastCheck(TEXT[lang]);
  }

  /** The payer of a new link pays with the 3DS card, opens the bank's challenge, then comes back to the checkout's wait. */
  async function backFromChallenge(lang: Lang, amount: number, beforeOpen?: (context: BrowserContext) => Promise<void>) {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Sombrero pintao' });
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    await beforeOpen?.(context);
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await fillCard(page, lang, '4000 0000 0000 3220');
    await frame.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    const challengeUrl = (await checkoutFrameOf(page)).url();
    await (await checkoutFrameOf(page)).evaluate(() => history.back());
    await frame.getByText(TEXT[lang].waiting).waitFor({ timeout: 20_000 });
    const [first] = await transactionsFor(sandbox, code);
    expect(first?.status).toBe(-1);
    return { context, page, frame, code, challengeUrl, first };
  }

  // `pushFirst`: the call's answer is held until the form is back, so the wait hears the attempt
  // called off through its push before the call answers: still the form for another card, and the
  // shop told nothing of the attempt left.
  it.each([
    { lang: 'es' as const, amount: 61, pushFirst: true },
    { lang: 'en' as const, amount: 62, pushFirst: false },
  ])('$lang: back from the challenge, another card pays; the first challenge then fails to complete: one charge', async ({ lang, amount, pushFirst }) => {
    const { context, page, frame, code, challengeUrl, first } = await backFromChallenge(lang, amount);

    // Another card. The first time, the call that calls the attempt off is lost on the way: the wait
    // stays and says so, and no form comes back while the first attempt may still be completed.
    // (The checkout's client sends a call again once after a dropped connection: both are lost.)
    let dropped = 0;
    let answered = (_formFirst: boolean) => {};
    const formBeforeAnswer = pushFirst ? new Promise<boolean>((resolve) => (answered = resolve)) : Promise.resolve(false);
    await page.route('**/api/v1/cards/payments/*/abandon', async (route) => {
      if (dropped++ < 2) return route.abort('connectionreset');
      if (!pushFirst) return route.continue();
      const response = await route.fetch();
      answered(await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false));
      await route.fulfill({ response });
    });
    await frame.getByRole('button', { name: TEXT[lang].otherCard }).click();
    await frame.getByRole('alert').filter({ hasText: TEXT[lang].leaveFailed }).waitFor({ timeout: 10_000 });
    expect(await frame.getByText(TEXT[lang].waiting).isVisible()).toBe(true);
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').isVisible()).toBe(false);
    await screenshot(page, { path: `${SHOTS}card-challenge-leave-failed-${lang}-360.png` });
    expect((await transactionsFor(sandbox, code)).find((t) => t.codOper === first?.codOper)?.status).toBe(-1);
    // Again, from the keyboard: the first attempt is called off before the form comes back, and the
    // focus the button had goes on to the card number (never left on the page's body).
    await frame.getByRole('button', { name: TEXT[lang].otherCard }).focus();
    await page.keyboard.press('Enter');
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => vaultFrameOf(frame).locator('[name="cardnumber"]').evaluate((field) => document.hasFocus() && document.activeElement === field), { timeout: 10_000 }).toBe(true);
    expect(await (await checkoutFrameOf(page)).evaluate(() => document.activeElement?.getAttribute('name'))).toBe('card-fields');
    expect(await formBeforeAnswer).toBe(pushFirst);
    expect((await transactionsFor(sandbox, code)).find((t) => t.codOper === first?.codOper)?.status).toBe(0);
    expect(await frame.getByRole('radio', { name: new RegExp(TEXT[lang].card) }).isChecked()).toBe(true);
    // Another card: the payer's details stay, the first card's number and expiry do not.
    await expect.poll(() => vaultFrameOf(frame).locator('[name="cardnumber"]').inputValue()).toBe('');
    await expect.poll(() => vaultFrameOf(frame).locator('[name="expirationDate"]').inputValue()).toBe('');
    expect(await frame.locator('[name="name"]').inputValue()).toBe('Maria Nunez');
    expect(await frame.locator('[name="email"]').inputValue()).toBe('maria@example.com');
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}card-challenge-left-form-${lang}-360.png` });
    await fillCard(page, lang, '4242 4242 4242 4242');
    await frame.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    const second = (await transactionsFor(sandbox, code)).find((t) => t.codOper !== first?.codOper);
    expect(second?.status).toBe(1);
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'card', notification: { Estado: 'APPROVED', Oper: second?.codOper } }]]);

    // The first challenge, still open in another tab, in light and in dark: approving it is refused.
    for (const scheme of ['light', 'dark'] as const) {
      const stale = await context.newPage();
      await stale.emulateMedia({ colorScheme: scheme });
      await stale.goto(challengeUrl.replace(/([?&])theme=[^&]*/, '$1theme=auto'));
      await stale.getByRole('heading', { name: TEXT[lang].gone }).waitFor({ timeout: 10_000 });
      expect(await stale.getByText(TEXT[lang].goneText).isVisible()).toBe(true);
      expect(await stale.getByRole('button', { name: /aprobar|approve/i }).count()).toBe(0);
      expect(await stale.locator('html').getAttribute('lang')).toBe(lang);
      expect(await axeViolations(stale)).toEqual([]);
      await screenshot(stale, { path: `${SHOTS}card-challenge-gone-${lang}-${scheme}-360.png` });
      await stale.close();
    }
    // A completion sent anyway (the issuer's page, on the simulator's origin, as it was before it was left) is refused too,
    // and so is the sandbox's settle call from a script.
    expect(new URL(challengeUrl).origin).not.toBe(new URL(sandbox.url).origin);
    const late = await fetch(`${new URL(challengeUrl).origin}${new URL(challengeUrl).pathname}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve', redirect: 'manual',
    });
    expect(late.status).toBe(410);
    const settle = await fetch(`${sandbox.url}/sandbox/3ds/${first?.codOper ?? ''}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve',
    });
    expect(settle.status).toBe(409);

    const all = await transactionsFor(sandbox, code);
    expect(all.map((t) => t.status).sort()).toEqual([0, 1]);
    await page.waitForTimeout(500);
    expect(await shopEvents(page)).toHaveLength(1);
    await context.close();
  });

  it.each([
    { lang: 'es' as const, amount: 63 },
    { lang: 'en' as const, amount: 64 },
  ])('$lang: the challenge completed first (its news not in yet): leaving shows its receipt, not a new form; one charge, heard once', async ({ lang, amount }) => {
    // A push socket that opens and stays silent: the wait hears nothing before the payer acts.
    const { context, page, frame, code, first } = await backFromChallenge(lang, amount, (c) => c.routeWebSocket(/\/api\/v1\/push/, () => undefined));
    const approved = await fetch(`${sandbox.url}/sandbox/3ds/${first?.codOper ?? ''}`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve',
    });
    expect(approved.status).toBe(200);
    expect(await frame.getByText(TEXT[lang].waiting).isVisible()).toBe(true);
    await frame.getByRole('button', { name: TEXT[lang].otherCard }).click();
    await frame.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}card-challenge-won-receipt-${lang}-360.png` });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'card', notification: { Estado: 'APPROVED', Oper: first?.codOper } }]]);
    expect(await transactionsFor(sandbox, code)).toEqual([expect.objectContaining({ codOper: first?.codOper, status: 1 })]);
    await page.waitForTimeout(500);
    expect(await shopEvents(page)).toHaveLength(1);
    await context.close();
  });
});
