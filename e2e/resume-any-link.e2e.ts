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

type ShopEvent = [string, { status?: string; method?: string; notification?: { Estado?: string; Oper?: string } }];

// Any pending payment can be resumed, on an ordinary (multi-use) link: the loader remembers it in
// the merchant page's own storage (the checkout frame here is denied storage) and hands it to the
// checkout on a reopen; Back from the bank's page lands on an address that carries it. The checkout
// resumes the wait and the shop hears the outcome. On a phone (360 x 740), in both languages.
describe.runIf(browserAvailable())('a pending payment resumed on a multi-use link', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  async function shopPage(lang: 'es' | 'en'): Promise<Page> {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    await denyStorage(context, new URL(sandbox.url).origin);
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    return page;
  }

  /** The sandbox's captcha, answered as a person. */
  async function verify(frame: FrameLocator) {
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
  }
  const shopEvents = (page: Page) => shopEventsOf<ShopEvent>(page);

  /** A new multi-use link's checkout open on the shop page, `method` chosen and the captcha answered. */
  async function onMethod(lang: 'es' | 'en', amount: number, method: RegExp) {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Mola' });
    const page = await shopPage(lang);
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await frame.getByRole('radiogroup').getByRole('radio', { name: method }).check();
    await verify(frame);
    return { code, page, frame };
  }

  /** The same, Clave, sent to the bank's page (its answer buttons shown). */
  async function atClaveBank(lang: 'es' | 'en', amount: number) {
    const opened = await onMethod(lang, amount, /Clave/);
    await opened.frame.getByRole('button', { name: /continuar al banco|continue to the bank/i }).click();
    await opened.frame.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    return opened;
  }

  it.each([
    { lang: 'es' as const, amount: 71, close: 'Cerrar', anyway: 'Cerrar de todas formas', receipt: /comprobante de pago/i },
    { lang: 'en' as const, amount: 72, close: 'Close', anyway: 'Close anyway', receipt: /payment receipt/i },
  ])('$lang: a Yappy wait closed and the link opened again is back on that wait; approved, the receipt, and the shop hears success', async ({ lang, amount, close, anyway, receipt }) => {
    const opened = await onMethod(lang, amount, /Yappy/);
    const { code, page } = opened;
    let frame = opened.frame;
    await frame.locator('[name="yappy-phone"]').fill('63333333');
    await frame.getByRole('button', { name: /enviar solicitud de pago|send payment request/i }).click();
    await frame.getByRole('timer').waitFor({ timeout: 15_000 });
    await frame.getByRole('button', { name: close, exact: true }).click();
    await clickAway(page, frame.getByRole('alertdialog').getByRole('button', { name: anyway }));
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    const [tx] = await transactionsFor(sandbox, code);
    // Kept by the merchant page itself, not by the checkout's frame.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pasarela.pending.')).length)).toBe(1);

    frame = await openRecordingShopEvents(page, code, lang);
    await frame.getByRole('timer').waitFor({ timeout: 20_000 });
    expect(await frame.getByRole('radio', { name: /Yappy/ }).isChecked()).toBe(true);
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').isVisible()).toBe(false);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}resume-any-link-yappy-${lang}-360.png` });
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);

    // The payer approves it in the Yappy app: the resumed wait ends on the receipt; the shop hears it.
    const approved = await fetch(`${sandbox.url}/sandbox/yappy/${tx?.codOper ?? ''}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: 'approve' }),
    });
    expect(approved.status).toBe(200);
    await frame.getByRole('heading', { name: receipt }).waitFor({ timeout: 20_000 });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'yappy', notification: { Estado: 'APPROVED', Oper: tx?.codOper } }]]);
    // Settled: the merchant page forgets it, and the link opens on a fresh form again.
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pasarela.pending.')).length)).toBe(0);
    await page.context().close();
  });

  it.each([
    { lang: 'es' as const, amount: 75, cash: /Efectivo/, where: /elige dónde pagar/i, close: 'Cerrar', anyway: 'Cerrar de todas formas', receipt: /comprobante de pago/i },
    { lang: 'en' as const, amount: 76, cash: /Cash/, where: /choose where to pay/i, close: 'Close', anyway: 'Close anyway', receipt: /payment receipt/i },
  ])('$lang: a cash voucher issued, the checkout closed and the link opened again is back on that voucher; paid at the kiosk, the receipt, and the shop hears it', async ({ lang, amount, cash, where, close, anyway, receipt }) => {
    const opened = await onMethod(lang, amount, cash);
    const { code, page } = opened;
    let frame = opened.frame;
    await frame.getByRole('radiogroup', { name: where }).getByRole('radio', { name: /PayCash/ }).check();
    await frame.locator('[name="cash-email"]').fill('maria.nunez@example.com');
    await frame.locator('[name="cash-phone"]').fill('+507 6123-4567');
    await frame.locator('#method-panel-cash form button[type="submit"]').click();
    const voucher = frame.getByText(/^\d{4} \d{4} \d{4}$/);
    await voucher.waitFor({ timeout: 15_000 });
    const number = (await voucher.textContent()) ?? '';
    await frame.getByRole('button', { name: close, exact: true }).click();
    await clickAway(page, frame.getByRole('alertdialog').getByRole('button', { name: anyway }));
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pasarela.pending.')).length)).toBe(1);

    // Opened again: the same voucher, not a fresh form that would issue a second one.
    frame = await openRecordingShopEvents(page, code, lang);
    await frame.getByText(number, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').isVisible()).toBe(false);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}resume-any-link-cash-${lang}-360.png` });
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);

    // Paid at a kiosk by its number: the reopened checkout shows the receipt; the shop hears it.
    const paid = await fetch(`${sandbox.url}/sandbox/cash/${number.replace(/\s/g, '')}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    await frame.getByRole('heading', { name: receipt }).waitFor({ timeout: 20_000 });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'cash', notification: { Estado: 'APPROVED' } }]]);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pasarela.pending.')).length)).toBe(0);
    await page.context().close();
  });

  it('es: Back from the Clave bank page on a multi-use link opens on the Clave wait; approved at the bank, the receipt, and the shop hears success once', async () => {
    const { code, page, frame } = await atClaveBank('es', 73);
    await (await checkoutFrameOf(page)).evaluate(() => history.back());
    await frame.getByText('Tu pago con Clave espera la respuesta de tu banco.').waitFor({ timeout: 20_000 });
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').isVisible()).toBe(false);
    await screenshot(page, { path: `${SHOTS}resume-any-link-clave-back-es-360.png` });
    const [tx] = await transactionsFor(sandbox, code);
    const approved = await fetch(`${sandbox.url}/sandbox/clave/${tx?.codOper ?? ''}`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve',
    });
    expect(approved.status).toBe(200);
    await frame.getByRole('heading', { name: /comprobante de pago/i }).waitFor({ timeout: 20_000 });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'clave', notification: { Estado: 'APPROVED', Oper: tx?.codOper } }]]);
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    await page.context().close();
  });

  it('en: approved on the Clave bank page, back through its return on a multi-use link: settled, the merchant page forgets it, and a reopen opens a fresh form; the shop hears success once', async () => {
    const { code, page, frame } = await atClaveBank('en', 74);
    await frame.getByRole('button', { name: /aprobar|approve/i }).click();
    await frame.getByRole('heading', { name: /payment receipt/i }).waitFor({ timeout: 20_000 });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'clave', notification: { Estado: 'APPROVED' } }]]);
    // Reported by the return: the merchant page keeps no pending payment of the link.
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pasarela.pending.')).length)).toBe(0);
    await clickAway(page, frame.getByRole('button', { name: 'Close' }));
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached', timeout: 10_000 });
    // The payer opens the link again on the same page: a fresh form, not the payment just made.
    const again = await openRecordingShopEvents(page, code, 'en');
    await vaultFrameOf(again).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1_000);
    expect(await again.getByRole('heading', { name: /payment receipt/i }).count()).toBe(0);
    expect(await again.getByText(/waits for your bank/i).count()).toBe(0);
    expect(await shopEvents(page)).toEqual([]);
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    await page.context().close();
  });
});
