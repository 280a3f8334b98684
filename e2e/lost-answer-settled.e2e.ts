import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page, Route } from 'playwright-core';
import { approveNequi, createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { CheckoutFrame, vaultFrameOf } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
const NEQUI_PUSH = '**/api/v1/nequi/push';
const CARD_CALL = '**/api/v1/cards/auth-capture';
const ATTEMPT_LOOKUP = '**/api/v1/payments/attempts/**';

type ShopEvent = [string, { status: string; notification: { Estado?: string } }];

/** The request reaches the server, which records the payment; its answer is cut or replaced by a proxy's 502. */
async function loseTheAnswer(route: Route, how: 'cut' | '502') {
  await route.fetch();
  if (how === 'cut') return route.abort('connectionreset');
  return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
}

// After an answer it did not get, the checkout asks the server about the attempt by its trackId
// (with backoff) and shows what happened, the live wait or the receipt, before any retry: the
// payer never presses a button to find out. On a phone (360 x 740), in both languages.
describe.runIf(browserAvailable())('an answer lost on the way back, settled by the checkout itself', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', NEQUI_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  async function open(lang: 'es' | 'en', code: string): Promise<{ page: Page; frame: FrameLocator }> {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return { page, frame };
  }
  const shopEvents = (page: Page) => shopEventsOf<ShopEvent>(page);

  async function pushTo(frame: FrameLocator, phone: string, lang: 'es' | 'en') {
    await frame.getByRole('radiogroup').getByRole('radio', { name: /^Nequi$/ }).check();
    await frame.getByRole('textbox', { name: lang === 'es' ? /celular nequi/i : /nequi phone/i }).fill(phone);
    await frame.getByRole('button', { name: lang === 'es' ? /enviar notificación/i : /send notification/i }).click();
  }

  it.each([
    { lang: 'es' as const, amount: 61, unsure: /no pudimos confirmar/i, again: /enviar de nuevo/i },
    { lang: 'en' as const, amount: 62, unsure: /could not confirm/i, again: /send again/i },
  ])('$lang: a cut answer on a Nequi push the payer has not answered yet shows the live wait, with no message and no button to press', async ({ lang, amount, unsure, again }) => {
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Sombrero pintao' });
    const { page, frame } = await open(lang, code);
    await page.context().route(NEQUI_PUSH, (route) => loseTheAnswer(route, 'cut'));
    let looks = 0;
    // The first look lost too: the checkout asks again after a pause.
    await page.context().route(ATTEMPT_LOOKUP, (route) => {
      looks += 1;
      return looks === 1 ? route.abort('connectionreset') : route.continue();
    });
    await pushTo(frame, '63333333', lang);
    await frame.getByRole('timer').waitFor({ timeout: 20_000 });
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(await frame.getByText(unsure).count()).toBe(0);
    expect(await frame.getByRole('button', { name: again }).count()).toBe(0);
    const [tx] = await transactionsFor(sandbox, code);
    expect(tx).toMatchObject({ method: 'nequi' });
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}lost-answer-nequi-wait-${lang}-360.png` });
    // The push is followed live: the payer approves it in the app, and the checkout and shop hear it.
    expect(await approveNequi(sandbox, tx?.codOper ?? '')).toBe(200);
    await frame.getByRole('heading', { name: /comprobante de pago|payment receipt/i }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await shopEvents(page)).map(([, r]) => r.status)).toEqual(['success']);
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    await page.context().close();
  });

  it.each([
    { lang: 'es' as const, amount: 63 },
    { lang: 'en' as const, amount: 64 },
  ])('$lang: a card payment approved behind a proxy\'s 502 shows its receipt, and the shop hears success once', async ({ lang, amount }) => {
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Café de altura' });
    const { page, frame } = await open(lang, code);
    await page.context().route(CARD_CALL, (route) => loseTheAnswer(route, '502'), { times: 1 });
    const checkout = new CheckoutFrame(frame);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await checkout.receiptTitle.waitFor({ timeout: 20_000 });
    await screenshot(page, { path: `${SHOTS}lost-answer-card-receipt-${lang}-360.png` });
    await expect.poll(async () => (await shopEvents(page)).map(([, r]) => r.status)).toEqual(['success']);
    expect(await transactionsFor(sandbox, code)).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await page.context().close();
  });
});
