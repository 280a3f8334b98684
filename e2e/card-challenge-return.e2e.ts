import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { CheckoutFrame, openPhoneShop, vaultFrameOf } from './support/pages';
import { checkoutFrameOf } from './support/frames';
import { denyStorage } from './support/storage';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, { status?: string; method?: string; notification?: { Estado?: string; Oper?: string } }];
type Lang = 'es' | 'en';

const TEXT = {
  es: {
    verification: 'Verificación', robot: 'No soy un robot', verified: 'Verificado', waiting: 'Tu pago con tarjeta espera que lo confirmes en la verificación de tu banco (3D Secure).',
    resume: 'Abrir de nuevo la página de tu banco', receipt: /comprobante de pago/i,
  },
  en: {
    verification: 'Verification', robot: "I'm not a robot", verified: 'Verified', waiting: "Your card payment is waiting for you to confirm it in your bank's verification (3D Secure).",
    resume: "Open your bank's page again", receipt: /payment receipt/i,
  },
} as const;

// A card payment at its 3DS challenge, in the demo shop's checkout whose frame is denied storage
// (as a browser blocking third-party storage does), on an ordinary (multi-use) link, at 360 px:
// Back from the challenge page resumes the payment (as Back from Clave's bank page does); the shop
// hears the outcome once. (A refused challenge back on its form: returns-next-screen.e2e.ts.)
describe.runIf(browserAvailable())('back from a 3DS challenge', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  async function onChallenge(lang: Lang, amount: number): Promise<{ page: Page; frame: FrameLocator; code: string }> {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Sombrero pintao' });
    const page = await openPhoneShop(browser, sandbox.demoUrl, lang, { beforeOpen: (context) => denyStorage(context, new URL(sandbox.url).origin) });
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await new CheckoutFrame(frame).fillCard({ number: '4000 0000 0000 3220', name: 'Maria Nunez', email: 'maria@example.com' });
    const box = frame.getByRole('group', { name: TEXT[lang].verification });
    await box.getByRole('checkbox', { name: TEXT[lang].robot }).check();
    await box.getByText(TEXT[lang].verified, { exact: true }).waitFor({ timeout: 10_000 });
    await frame.locator('#method-panel-card button[type="submit"]').click();
    await frame.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    return { page, frame, code };
  }
  const shopEvents = (page: Page) => shopEventsOf<ShopEvent>(page);
  const settleChallenge = (codOper: string, result: 'approve' | 'fail') => fetch(`${sandbox.url}/sandbox/3ds/${codOper}`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: `result=${result}`,
  });

  it.each([
    { lang: 'es' as const, amount: 41 },
    { lang: 'en' as const, amount: 42 },
  ])('$lang: Back from the challenge page resumes the payment: its wait, then the receipt once the bank approves; the shop hears success once', async ({ lang, amount }) => {
    const { page, frame, code } = await onChallenge(lang, amount);
    await (await checkoutFrameOf(page)).evaluate(() => history.back());
    await frame.getByText(TEXT[lang].waiting).waitFor({ timeout: 20_000 });
    expect(await frame.getByRole('radio', { name: /Tarjeta|Card/ }).isChecked()).toBe(true);
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').isVisible()).toBe(false);
    // A payment under way: the captcha is not on screen.
    expect(await frame.getByRole('group', { name: TEXT[lang].verification }).isVisible()).toBe(false);
    expect(await frame.getByRole('button', { name: TEXT[lang].resume }).isVisible()).toBe(true);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}card-challenge-back-${lang}-360.png` });
    expect(await shopEvents(page)).toEqual([]);

    // The payer finishes the challenge elsewhere (the bank's app): the resumed wait ends on the receipt.
    const [tx] = await transactionsFor(sandbox, code);
    expect((await settleChallenge(tx?.codOper ?? '', 'approve')).status).toBe(200);
    await frame.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'card', notification: { Estado: 'APPROVED', Oper: tx?.codOper } }]]);
    await page.waitForTimeout(500);
    expect(await shopEvents(page)).toHaveLength(1);
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    await page.context().close();
  });
});
