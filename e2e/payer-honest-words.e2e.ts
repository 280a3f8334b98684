import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf, clickAway } from './support/frames';
import { CheckoutFrame, openPhoneShop, vaultFrameOf } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, { status?: string }];

// The payer is never misled, on a phone (360 x 740) in both languages: a possible duplicate is
// asked about by what the earlier payment is (a 3DS challenge still open is "waiting", not "you
// paid"), and the shop hears no failure while the payer decides; a cancelled 3DS says it was
// cancelled and nothing charged, and then counts for nothing; the receipt names one shop, keeps the
// name as written (accents) and leads back to the shop.
const TEXT = {
  es: {
    waitingFirst: /Tienes un pago con tarjeta de .* esperando la verificación de tu banco/, charged: /Ya pagaste/, cancel: 'Cancelar y volver', approve: 'Aprobar',
    cancelled: /se canceló antes de completarse y no se hizo ningún cargo/, declined: 'Pago rechazado', receipt: /comprobante de pago/i,
    merchant: 'Comercio', back: /^Volver a /, bankPage: 'Abrir de nuevo la página de tu banco',
  },
  en: {
    waitingFirst: /You have a card payment of .* waiting for your bank's verification/, charged: /You paid/, cancel: 'Cancel and go back', approve: 'Approve',
    cancelled: /was cancelled before it was completed and nothing was charged/, declined: 'Payment declined', receipt: /payment receipt/i,
    merchant: 'Merchant', back: /^Back to /, bankPage: "Open your bank's page again",
  },
} as const;

describe.runIf(browserAvailable())('honest words for the payer', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const shopPage = (lang: 'es' | 'en') => openPhoneShop(browser, sandbox.demoUrl, lang);
  async function open(page: Page, code: string, lang: 'es' | 'en'): Promise<CheckoutFrame> {
    const frame = await openFrame(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return new CheckoutFrame(frame);
  }
  async function openFrame(page: Page, code: string, lang: 'es' | 'en') {
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(({ code, lang }) => {
      const w = window as unknown as { shopEvents?: ShopEvent[]; shopHandle?: unknown; Checkout: { open(o: unknown): { close(): void; on(e: string, fn: (p: unknown) => void): void } } };
      w.shopEvents ??= [];
      const handle = w.Checkout.open({ code, lang });
      w.shopHandle = handle;
      handle.on('result', (result) => w.shopEvents?.push(['result', result as { status?: string }]));
    }, { code, lang });
    return page.frameLocator('iframe[src*="/pf/widget"]');
  }
  const close = async (page: Page) => {
    await page.evaluate(() => (window as unknown as { shopHandle: { close(): void } }).shopHandle.close());
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached' });
  };
  const results = async (page: Page) =>
    (await page.evaluate(() => (window as unknown as { shopEvents: ShopEvent[] }).shopEvents)).filter(([kind]) => kind === 'result').map(([, r]) => r.status);

  it.each(['es', 'en'] as const)('%s: a 3DS challenge left open is a payment waiting, not one made, shown first on the next order; the shop hears no failure', async (lang) => {
    const amount = lang === 'es' ? 27.5 : 28.5;
    const page = await shopPage(lang);
    const first = await open(page, await createLink(sandbox, { amount, taxAmount: 0, description: 'Café de altura' }), lang);
    await first.fillCard({ number: '4000 0000 0000 3220' });
    await first.submit();
    await first.frame.getByRole('button', { name: TEXT[lang].approve, exact: true }).waitFor({ timeout: 15_000 });
    // The payer leaves the bank's page without answering, and buys again on another link of the shop.
    await close(page);
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Café de altura' });
    // The new order opens on the payment still waiting at the bank, before any card is typed.
    const second = await openFrame(page, code, lang);
    const waiting = second.getByText(TEXT[lang].waitingFirst);
    await waiting.waitFor({ timeout: 20_000 });
    const screen = (await second.locator('body').textContent()) ?? '';
    expect(screen).not.toMatch(TEXT[lang].charged);
    // Not the rule's name.
    expect(screen).not.toMatch(/duplicad|duplicate/i);
    expect(await transactionsFor(sandbox, code)).toHaveLength(0);
    expect(await results(page)).toEqual([]);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}payer-duplicate-waiting-${lang}-360.png` });
    await page.context().close();
  }, 90_000);

  // The same link opened again after the bank's page was left: the card's wait, whose way back to
  // the bank's page comes from the server (the new frame's history kept none), and it pays, once.
  it.each(['es', 'en'] as const)("%s: a 3DS challenge left open, the same link opened again: its wait opens the bank's page again and pays, once", async (lang) => {
    const amount = lang === 'es' ? 31.5 : 32.5;
    const page = await shopPage(lang);
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Café de altura' });
    const first = await open(page, code, lang);
    await first.fillCard({ number: '4000 0000 0000 3220' });
    await first.submit();
    await first.frame.getByRole('button', { name: TEXT[lang].approve, exact: true }).waitFor({ timeout: 15_000 });
    await close(page);
    const again = await openFrame(page, code, lang);
    const bankPage = again.getByRole('button', { name: TEXT[lang].bankPage, exact: true });
    await bankPage.waitFor({ timeout: 20_000 });
    expect(await vaultFrameOf(again).locator('[name="cardnumber"]').count()).toBe(0);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}payer-challenge-reopened-${lang}-360.png` });
    await bankPage.click();
    await again.getByRole('button', { name: TEXT[lang].approve, exact: true }).click();
    await again.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    expect(await transactionsFor(sandbox, code)).toMatchObject([{ method: 'card', status: 1 }]);
    await page.context().close();
  }, 90_000);

  it.each(['es', 'en'] as const)('%s: "Cancel" on the 3DS page says cancelled and nothing charged; paying again is no duplicate; the receipt names one shop and leads back to it', async (lang) => {
    const amount = lang === 'es' ? 31.25 : 32.25;
    const page = await shopPage(lang);
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Café de altura' });
    const checkout = await open(page, code, lang);
    await checkout.fillCard({ number: '4000 0000 0000 3220', name: 'María Pérez' });
    await checkout.submit();
    const cancel = checkout.frame.getByRole('button', { name: TEXT[lang].cancel });
    await cancel.waitFor({ timeout: 15_000 });
    // The bank's page speaks the payment's language alone.
    expect(await checkout.frame.getByRole('button', { name: lang === 'es' ? 'Approve' : 'Aprobar', exact: true }).count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}payer-3ds-page-${lang}-360.png` });
    await cancel.click();
    const said = checkout.frame.getByRole('alert').filter({ hasText: TEXT[lang].cancelled });
    await said.waitFor({ timeout: 20_000 });
    expect(await said.textContent()).not.toContain(TEXT[lang].declined);
    await screenshot(page, { path: `${SHOTS}payer-3ds-cancelled-${lang}-360.png` });
    expect((await transactionsFor(sandbox, code)).map((t) => Number(t.status))).toEqual([0]);

    // The same card and amount again: the cancelled one counts for nothing.
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4000 0000 0000 3220', name: 'María Pérez' });
    await checkout.submit();
    const approve = checkout.frame.getByRole('button', { name: TEXT[lang].approve, exact: true });
    await approve.waitFor({ timeout: 15_000 });
    await approve.click();
    await checkout.frame.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });

    // One shop's name: the header's is the merchant line's; the name as written.
    const shop = (await checkout.frame.locator('.header__name').first().textContent())?.trim() ?? '';
    expect(shop).not.toBe('');
    const merchantLine = checkout.frame.locator('.receipt__line').filter({ has: page.locator('dt', { hasText: TEXT[lang].merchant }) }).locator('dd');
    expect((await merchantLine.textContent())?.trim()).toBe(shop);
    expect(await checkout.frame.getByText('María Pérez', { exact: true }).count()).toBe(1);
    const back = checkout.frame.getByRole('button', { name: TEXT[lang].back });
    expect((await back.textContent())?.trim()).toBe(lang === 'es' ? `Volver a ${shop}` : `Back to ${shop}`);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}payer-receipt-${lang}-360.png`, fullPage: true });
    // It closes the checkout: back on the shop's page.
    await clickAway(page, back);
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  }, 120_000);
});
