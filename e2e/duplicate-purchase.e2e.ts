import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { CheckoutFrame, openPhoneShop, vaultFrameOf } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, unknown];

// SPEC 8 possible_duplicated_tx protects without blocking: the same card and amount paid to the
// same merchant within 5 minutes is held back and the payer asked; a payer who means a second
// purchase says so and the checkout sends it again with SPEC 3's tryAgain. On a phone (360 x 740),
// in both languages, on an ordinary (multi-use) link.
describe.runIf(browserAvailable())('a second purchase with the same card and amount', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const shopPage = (lang: 'es' | 'en') => openPhoneShop(browser, sandbox.demoUrl, lang);

  async function openCheckout(page: Page, code: string, lang: 'es' | 'en'): Promise<FrameLocator> {
    await page.evaluate(({ code, lang }) => {
      const w = window as unknown as { shopEvents?: ShopEvent[]; shopHandle?: { close(): void }; Checkout: { open(o: unknown): { close(): void; on(e: string, fn: (p: unknown) => void): void } } };
      w.shopEvents ??= [];
      const handle = w.Checkout.open({ code, lang });
      w.shopHandle = handle;
      handle.on('result', (result) => w.shopEvents?.push(['result', result]));
    }, { code, lang });
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return frame;
  }
  const closeCheckout = async (page: Page) => {
    await page.evaluate(() => (window as unknown as { shopHandle: { close(): void } }).shopHandle.close());
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached' });
  };
  const shopResults = (page: Page) => page.evaluate(() =>
    ((window as unknown as { shopEvents: ShopEvent[] }).shopEvents).map(([, r]) => (r as { status: string; notification: { Razon?: string } })));

  const cases = [
    { lang: 'es' as const, amount: 18.5, card: '5555 5555 5555 4444', question: /¿Es una compra nueva\?/, confirm: 'Sí, es otra compra: pagar de nuevo', heading: /comprobante de pago/i },
    { lang: 'en' as const, amount: 19.5, card: '3782 822463 10005', question: /Is this a new purchase\?/, confirm: 'Yes, it is another purchase: pay again', heading: /payment receipt/i },
  ];

  it.each(cases)('$lang: the second Pay is held and asked about; confirming pays it, once', async ({ lang, amount, card, question, confirm, heading }) => {
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Café de altura' });
    const page = await shopPage(lang);
    const cvc = card.startsWith('3') ? '1234' : '123';

    const first = new CheckoutFrame(await openCheckout(page, code, lang));
    // The dialog is named in the payer's language, with the shop and the amount once the checkout knows them.
    const named = new RegExp(`^${lang === 'es' ? 'Pago a' : 'Payment to'} .+: \\$${amount.toFixed(2)}$`);
    await expect.poll(() => page.getByRole('dialog', { name: named }).count()).toBe(1);
    await first.fillCard({ number: card, cvc });
    await first.submit();
    await first.frame.getByRole('heading', { name: heading }).waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      await screenshot(page, { path: `${SHOTS}duplicate-first-failed-${lang}.png` });
      throw error;
    });
    await closeCheckout(page);

    // The same payer buys again a minute later on the same link: same card, same amount.
    const second = new CheckoutFrame(await openCheckout(page, code, lang));
    await second.fillCard({ number: card, cvc });
    await second.submit();
    const alert = second.frame.getByRole('alert').filter({ hasText: question });
    await alert.waitFor({ timeout: 15_000 });
    // The question is announced alone; its answers follow it, the focus on the one that charges nothing.
    expect((await alert.textContent())?.trim()).toMatch(question);
    const button = second.frame.getByRole('button', { name: confirm });
    await expect.poll(() => second.frame.locator(':focus').textContent()).toBe(lang === 'es' ? 'No, volver a ese pago' : 'No, go back to that payment');
    expect(await button.isVisible()).toBe(true);
    // Held, not charged: one payment so far, and what was typed is all still there (the CVC too).
    expect((await transactionsFor(sandbox, code)).length).toBe(1);
    expect(await second.field('cvc').inputValue()).toBe(cvc);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}duplicate-question-${lang}-360.png` });

    await button.click();
    await second.frame.getByRole('heading', { name: heading }).waitFor({ timeout: 15_000 });
    const recorded = await transactionsFor(sandbox, code);
    expect(recorded).toHaveLength(2);
    expect(recorded.every((t) => t.method === 'card')).toBe(true);
    // The shop heard the first purchase and the second's success: no failure while the payer decided.
    const results = await shopResults(page);
    expect(results.map((r) => r.status)).toEqual(['success', 'success']);
    await page.context().close();
  });
});

// The payer who meant no second purchase is taken back to the earlier payment the 409 names: its
// receipt when it was charged, its 3DS wait when it is still at the challenge (here from another
// browser, which kept nothing of it). Nothing more is charged.
describe.runIf(browserAvailable())("'No, go back to that payment'", () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const TEXT = {
    es: {
      no: 'No, volver a ese pago', question: /¿Es una compra nueva\?/, receipt: /comprobante de pago/i, waiting: 'Tu pago con tarjeta espera que lo confirmes en la verificación de tu banco (3D Secure).',
      again: 'Abrir de nuevo la página de tu banco', otherCard: 'Pagar con otra tarjeta',
    },
    en: {
      no: 'No, go back to that payment', question: /Is this a new purchase\?/, receipt: /payment receipt/i, waiting: "Your card payment is waiting for you to confirm it in your bank's verification (3D Secure).",
      again: "Open your bank's page again", otherCard: 'Pay with another card',
    },
  } as const;

  /** A fresh phone browser on the link's checkout page, its card form drawn. */
  async function checkout(lang: 'es' | 'en', code: string): Promise<{ page: Page; form: CheckoutFrame }> {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${encodeURIComponent(code)}&lang=${lang}`);
    const form = new CheckoutFrame(page);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return { page, form };
  }

  /** Fills the card and pays, ticking the verification box when the checkout asks for it. */
  async function pay(page: Page, form: CheckoutFrame, lang: 'es' | 'en', card: string): Promise<void> {
    await form.fillCard({ number: card });
    const box = page.getByRole('group', { name: lang === 'es' ? 'Verificación' : 'Verification' });
    if (await box.isVisible()) await box.getByRole('checkbox').check();
    await form.submit();
  }

  async function askedAgain(lang: 'es' | 'en', code: string, card: string) {
    const { page, form } = await checkout(lang, code);
    await pay(page, form, lang, card);
    const alert = page.getByRole('alert').filter({ hasText: TEXT[lang].question });
    await alert.waitFor({ timeout: 15_000 });
    return { page };
  }

  it.each(['es', 'en'] as const)('%s: after a charged payment, its receipt', async (lang) => {
    const code = await createLink(sandbox, { amount: lang === 'es' ? 21.5 : 22.5, taxAmount: 0, description: 'Café de altura' });
    const first = await checkout(lang, code);
    await pay(first.page, first.form, lang, '5555 5555 5555 4444');
    await first.page.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 15_000 });
    const [paid] = await transactionsFor(sandbox, code);

    const { page } = await askedAgain(lang, code, '5555 5555 5555 4444');
    await page.getByRole('button', { name: TEXT[lang].no }).click();
    await page.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 15_000 });
    // The earlier payment's own receipt, and still one payment.
    await page.getByText(paid?.codOper ?? '-', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    await screenshot(page, { path: `${SHOTS}duplicate-no-receipt-${lang}-360.png` });
    await Promise.all([first.page.context().close(), page.context().close()]);
  });

  // The second browser never saw the challenge: its wait offers the same ways forward as the first
  // browser's and the 'waiting first' screen (the issuer's page from the server's 409), and the
  // payer finishes the challenge from there. One charge.
  it.each(['es', 'en'] as const)("%s: after a payment still at its 3DS challenge, in another browser, its wait; the bank's page opens again there and pays it, once", async (lang) => {
    const code = await createLink(sandbox, { amount: lang === 'es' ? 23.5 : 24.5, taxAmount: 0, description: 'Café de altura' });
    const first = await checkout(lang, code);
    await pay(first.page, first.form, lang, '4000 0000 0000 3220');
    await first.page.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    expect((await transactionsFor(sandbox, code))[0]?.status).toBe(-1);

    const { page } = await askedAgain(lang, code, '4000 0000 0000 3220');
    await page.getByRole('button', { name: TEXT[lang].no }).click();
    await page.getByText(TEXT[lang].waiting).waitFor({ timeout: 15_000 });
    for (const name of [TEXT[lang].again, TEXT[lang].otherCard]) expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    expect(await axeViolations(page.mainFrame())).toEqual([]);
    await screenshot(page, { path: `${SHOTS}duplicate-no-challenge-${lang}-360.png` });

    await page.getByRole('button', { name: TEXT[lang].again, exact: true }).click();
    await page.getByRole('button', { name: /aprobar|approve/i }).click();
    await page.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    const recorded = await transactionsFor(sandbox, code);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'card', status: 1 });
    await Promise.all([first.page.context().close(), page.context().close()]);
  });
});
