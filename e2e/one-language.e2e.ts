import { describe, expect, it } from 'vitest';
import type { Browser, Frame } from 'playwright-core';
import { catalogs } from '@pasarela/core';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf, pressAway } from './support/frames';
import { DemoShop, vaultFrameOf } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type Lang = 'es' | 'en';
const other = (lang: Lang): Lang => (lang === 'es' ? 'en' : 'es');

/** The demo merchant's own words (seed.ts, examples/shop.js), in each language it gave them. */
const MERCHANT_TEXTS: Record<Lang, string[]> = {
  es: ['Dona a la Fundación Demo', 'Cada dólar ayuda', 'Pedido en Tostadores del Casco'],
  en: ['Give to the Demo Foundation', 'Every dollar helps', 'Order at Tostadores del Casco'],
};

/**
 * What only `lang` says: the literal pieces (between {{placeholders}}) of its catalogue's strings,
 * ten characters or more, found in no string of the other catalogue (a method's name, "Yappy", is
 * both), and the demo merchant's words in that language.
 */
function wordsOnlyIn(lang: Lang): string[] {
  const theirs = Object.values(catalogs[other(lang)]).join('\n');
  const pieces = Object.values(catalogs[lang]).flatMap((text) => text.split(/\{\{[^}]*\}\}|<[^>]*>|\n/)).map((piece) => piece.trim());
  return [...new Set(pieces.filter((piece) => piece.length >= 10 && !theirs.includes(piece))), ...MERCHANT_TEXTS[lang]];
}

// Issue 70 "one language": the English checkout showed "Pedido en Tostadores del Casco" and the
// campaign's "Dona a la Fundación Demo / Cada dólar ayuda". Every screen of the demo shop's checkout
// (each method's panel, the donation, the receipt), in each language, holds no words of the other.
describe.runIf(browserAvailable())('one language on every screen', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  it.each(['en' as const, 'es' as const])('%s: no words of the other language, the merchant\'s included', async (lang) => {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    if ((await page.locator('html').getAttribute('lang')) !== lang) await page.locator('#lang-toggle').click();
    const checkout = await shop.pay();
    await checkout.waitForForm();
    const frame = await checkoutFrameOf(page);
    const foreign = wordsOnlyIn(other(lang));
    const seen: Array<{ screen: string; words: string[] }> = [];
    const look = async (screen: string, on: Frame) => {
      const text = await on.locator('body').innerText();
      seen.push({ screen, words: foreign.filter((words) => text.includes(words)) });
    };

    // The card form with the campaign's donation offer.
    await checkout.frame.getByText(MERCHANT_TEXTS[lang][0] ?? '').first().waitFor({ timeout: 15_000 });
    expect(await checkout.frame.getByText(MERCHANT_TEXTS[lang][2] ?? '').first().isVisible()).toBe(true);
    await look('card', frame);
    await screenshot(page, { path: `${SHOTS}one-language-card-${lang}-360.png` });
    const methods = checkout.frame.getByRole('radiogroup', { name: /método de pago|payment method/i }).getByRole('radio');
    for (let i = 1; i < (await methods.count()); i++) {
      const method = methods.nth(i);
      await method.check();
      await look(`method ${i}: ${(await method.getAttribute('value')) ?? ''}`, frame);
    }
    await methods.first().check();
    // Another card per run: the same card and amount again would be asked about as a duplicate.
    await checkout.fillCard({ number: lang === 'en' ? '4242 4242 4242 4242' : '5555 5555 5555 4444' });
    await checkout.frame.locator('#method-panel-card form button[type="submit"]').click();
    await checkout.receiptTitle.waitFor({ timeout: 20_000 });
    await look('receipt', frame);
    await screenshot(page, { path: `${SHOTS}one-language-receipt-${lang}-360.png` });
    expect(seen.filter((s) => s.words.length > 0)).toEqual([]);
    expect(seen.length).toBeGreaterThan(3);
    await context.close();
  });

  // The demo shop keeps the visitor's language (?lang=en, or the toggle) on each of its pages, and each
  // page's checkout opens in it: its links carry it (examples/shop.js).
  it('the demo shop keeps the language chosen on every page and in the checkout each opens', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    /** The language the page's checkout opened in; a modal one is closed after (an inline one goes with its page). */
    const checkoutLang = async () => {
      const lang = new URL((await page.locator('iframe[src*="/pf/widget"]').getAttribute('src')) ?? '').searchParams.get('lang');
      if (await page.locator('[aria-modal="true"]').count()) {
        // Pressed in the checkout's page, once it has one (before, the key is the shop page's).
        await page.frameLocator('iframe[src*="/pf/widget"]').locator('#root').waitFor({ timeout: 20_000 });
        await pressAway(page, 'Escape');
        await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').count()).toBe(0);
      }
      return lang;
    };
    await page.goto(`${sandbox.demoUrl}/?lang=en`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    for (const [name, path] of [['ES module', '/esm.html'], ['React', '/react.html'], ['data-pasarela-*', '/zero-js.html']] as const) {
      await page.locator('footer nav a', { hasText: name }).click();
      await page.waitForURL((url) => url.pathname === path);
      expect([path, await page.locator('html').getAttribute('lang')]).toEqual([path, 'en']);
      const pay = page.locator('#pay-button:not([disabled])');
      await expect.poll(() => pay.textContent(), { timeout: 15_000 }).toBe('Pay with Pasarela');
      await pay.click();
      expect([path, await checkoutLang()]).toEqual([path, 'en']);
    }
    // Back to Spanish on the last page: the next page, and its checkout, are in Spanish.
    await page.locator('#lang-toggle').click();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
    await page.locator('footer nav a', { hasText: 'Script tag' }).click();
    await page.waitForURL((url) => url.pathname === '/index.html');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.locator('#pay-button').click();
    expect(await checkoutLang()).toBe('es');
    await screenshot(page, { path: `${SHOTS}demo-shop-language-kept-390.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  // A merchant's server makes the link with its description in both languages (the merchant API's
  // `descriptions`): each checkout shows the one of its language, never the other.
  const DESCRIBED = { es: 'Suscripción anual: café de Boquete', en: 'Yearly subscription: Boquete coffee' };
  let describedCode: Promise<string> | undefined;
  const describedLink = () => (describedCode ??= (async () => {
    const merchant = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Tostadores Bilingües' }) });
    const { secretKey } = (await merchant.json()) as { secretKey: string };
    const res = await fetch(`${sandbox.url}/api/v1/merchant/payment-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secretKey}`, 'idempotency-key': 'one-language-link' },
      body: JSON.stringify({ amount: 48, description: 'Pedido 2077', descriptions: DESCRIBED }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { code: string }).code;
  })());

  it.each(['en' as const, 'es' as const])("%s: a link made with descriptions per language shows the payer's", async (lang) => {
    const code = await describedLink();
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.getByText(DESCRIBED[lang]).first().waitFor({ timeout: 10_000 });
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(DESCRIBED[other(lang)]);
    expect(text).not.toContain('Pedido 2077');
    await screenshot(page, { path: `${SHOTS}one-language-link-descriptions-${lang}-360.png` });
    await context.close();
  });
});
