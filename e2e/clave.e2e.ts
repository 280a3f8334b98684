import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { checkoutFrameOf } from './support/frames';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, openShopCheckout, type OpenedCheckout } from './support/pages';
import { openRecordingShopEvents } from './support/shopEvents';
import type { BrowserContext } from 'playwright-core';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// PRODUCT.md "Clave": the submit sends the payer to the bank's page inside the checkout frame; the
// bank returns to /pf/widget/returnclave (or returnclavesdk), which shows the receipt.
describe.runIf(browserAvailable())('Clave from a merchant page, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '300' }, (started) => ({ sandbox, browser } = started));

  const continueButton = (checkout: CheckoutFrame) => checkout.frame.getByRole('button', { name: /continuar al banco|continue to the bank/i });
  const attempts = (opened: OpenedCheckout) => opened.shop.result.locator('.attempt').count();

  async function toTheBank(opened: OpenedCheckout, answer: RegExp): Promise<void> {
    await continueButton(opened.checkout).click();
    const button = opened.checkout.frame.getByRole('button', { name: answer });
    await button.waitFor({ timeout: 15_000 });
    // The bank's page is inside the checkout frame, on the checkout's origin.
    expect((await checkoutFrameOf(opened.page)).url()).toMatch(/^http:\/\/[^/]+\/clave\/PP\w+\?(?:[^&]*&)*returnTo=%2Fpf%2Fwidget%2Freturnclavesdk/);
    await button.click();
  }

  it('approved on the bank page: receipt in the checkout, success on the shop once (a reload does not repeat it)', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { page, shop, checkout, codes, errors } = opened;
    await checkout.chooseMethod(/Clave/);
    await continueButton(checkout).waitFor();
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await toTheBank(opened, /aprobar|approve/i);

    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    // Razon as Nequi's and Yappy's approval: no processor's words, whatever the payer's language.
    expect(await shop.result.getAttribute('data-razon')).toBe('');
    const frameUrl = new URL((await checkoutFrameOf(page)).url());
    expect(frameUrl.pathname).toMatch(/^\/pf\/default-receipt\/PP\w+$/);
    expect(frameUrl.searchParams.get('parentOrigin')).toBe(new URL(sandbox.demoUrl).origin);
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions).toMatchObject([{ method: 'clave', status: 1 }]);
    expect(await shop.result.textContent()).toContain(transactions[0]?.codOper ?? 'missing');

    await (await checkoutFrameOf(page)).evaluate(() => location.reload());
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(await attempts(opened)).toBe(1);
    expect(errors).toEqual([]);
    await opened.context.close();
  });

  it('refused on the bank page: back on the form with Clave chosen and the reason, error on the shop; then paid', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { page, shop, checkout, codes } = opened;
    await checkout.chooseMethod(/Clave/);
    await toTheBank(opened, /rechazar|decline/i);

    // The refusal and what it means for the payer's money (the bank gives no reason of its own).
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toBe(
      'Pago rechazadoTu banco no aprobó el pago con Clave. No se te cobró nada: puedes intentarlo de nuevo o elegir otro método.',
    );
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    // Razon the catalogue key, as for Nequi and Yappy; the bank's words are the reason's text.
    expect(await shop.result.getAttribute('data-razon')).toBe('payment_declined');
    expect(await checkout.frame.getByRole('radio', { name: /Clave/ }).isChecked()).toBe(true);
    // The page came back with the alert in it, which no live region announces: the focus is on the
    // alert, so a screen reader reads it (it was left on the page's body).
    await expect.poll(() => checkout.alert.evaluate((alert) => alert === document.activeElement)).toBe(true);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/clave-refused.png' });

    await toTheBank(opened, /aprobar|approve/i);
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions.map((t) => [t.method, Number(t.status)]).sort()).toEqual([['clave', 0], ['clave', 1]]);
    expect(await attempts(opened)).toBe(2);
    await opened.context.close();
  });

  it.each([
    { lang: 'es' as const, cancel: /cancelar y volver/i, said: 'El pago se canceló antes de completarse y no se hizo ningún cargo. Puedes pagar de nuevo o con otro método' },
    { lang: 'en' as const, cancel: /cancel and go back/i, said: 'The payment was cancelled before it was completed and nothing was charged. You can pay again or another way' },
  ])('$lang: left on the bank page with its own cancel: the form says cancelled (focused), recorded CANCELLED as the payer\'s, never "declined"; then paid', async ({ lang, cancel, said }) => {
    const code = await createLink(sandbox, { amount: 13.5, taxAmount: 0, description: 'Sombrero pintao' });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${sandbox.url}/pf/widget/clave?type=lk&code=${code}&lang=${lang}`);
    const checkout = new CheckoutFrame(page);
    await expect.poll(() => checkout.frame.getByRole('radio', { name: /Clave/ }).isChecked(), { timeout: 20_000 }).toBe(true);
    await continueButton(checkout).click();
    await page.getByRole('button', { name: cancel }).click();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toBe(said);
    expect(await checkout.alert.textContent()).not.toMatch(/rechaz|declin/i);
    expect(new URL(page.url()).searchParams.get('error')).toBe('payment_cancelled');
    expect(await checkout.frame.getByRole('radio', { name: /Clave/ }).isChecked()).toBe(true);
    await expect.poll(() => checkout.alert.evaluate((alert) => alert === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `e2e/artifacts/clave-cancelled-${lang}-390.png` });
    const recorded = (await transactionsFor(sandbox, code)) as Array<{ status: number | string; authStatus?: string }>;
    expect(recorded.map((t) => [Number(t.status), t.authStatus])).toEqual([[0, 'CANCELLED']]);

    await continueButton(checkout).click();
    await page.getByRole('button', { name: /aprobar|approve/i }).click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.close();
  });

  /** In every frame: each text a status region shows and each language the page is in, in order, from the first paint. */
  const recordStatuses = (context: BrowserContext) =>
    context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const note = (what: string) => {
        if (seen[seen.length - 1] !== what) seen.push(what);
      };
      new MutationObserver(() => {
        if (!location.pathname.startsWith('/pf/')) return;
        if (document.documentElement.lang) note(`lang ${document.documentElement.lang}`);
        for (const status of document.querySelectorAll('[role="status"]')) {
          const text = status.textContent?.trim();
          if (text) note(`status ${text}`);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['lang'] });
    });
  const seenIn = async (page: Page) => (await checkoutFrameOf(page)).evaluate(() => (window as unknown as { seen: string[] }).seen);

  it.each([
    { lang: 'es' as const, answer: /rechazar/i, loading: 'Cargando...' },
    { lang: 'en' as const, answer: /decline/i, loading: 'Loading...' },
  ])('$lang, back from the bank\'s refusal: every status in the payer\'s language, never a text\'s key, from the first paint', async ({ lang, answer, loading }) => {
    // A Spanish browser: the language is the shop's choice, carried through the bank's page.
    const context = await browser.newContext({ locale: 'es-PA' });
    await recordStatuses(context);
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    const code = await createLink(sandbox, { amount: 12.5, description: 'Sombrero pintao' });
    const checkout = new CheckoutFrame(await openRecordingShopEvents(page, code, lang));
    await checkout.waitForForm();
    await checkout.chooseMethod(/Clave/);
    await continueButton(checkout).click();
    await checkout.frame.getByRole('button', { name: answer }).click({ timeout: 15_000 });
    await checkout.alert.waitFor({ timeout: 15_000 });
    const seen = await seenIn(page);
    expect([...new Set(seen.filter((s) => s.startsWith('lang ')))], seen.join(' | ')).toEqual([`lang ${lang}`]);
    expect(seen.filter((s) => /^status [a-z_]+$/.test(s)), seen.join(' | ')).toEqual([]);
    expect(seen.filter((s) => /cargando|loading/i.test(s)).every((s) => s === `status ${loading}`), seen.join(' | ')).toBe(true);
    await context.close();
  });

  it('/pf/widget/clave opens the checkout with Clave chosen; a full page comes back through /pf/widget/returnclave, in English', async () => {
    const code = await createLink(sandbox, { amount: 12.5, taxAmount: 0.88, description: 'Sombrero pintao' });
    const page = await browser.newPage();
    const returns: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame.url().includes('/pf/widget/returnclave')) returns.push(frame.url());
    });
    await page.goto(`${sandbox.url}/pf/widget/clave?type=lk&code=${code}&lang=en`);
    const checkout = new CheckoutFrame(page);
    await expect.poll(() => checkout.frame.getByRole('radio', { name: /Clave/ }).isChecked(), { timeout: 20_000 }).toBe(true);
    await continueButton(checkout).click();
    await page.getByRole('button', { name: /approve/i }).click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(returns[0] ?? 'http://x/').pathname).toBe('/pf/widget/returnclave');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    expect(await transactionsFor(sandbox, code)).toMatchObject([{ method: 'clave', status: 1 }]);
    await page.close();
  });
});
