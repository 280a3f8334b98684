import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf, clickAway } from './support/frames';
import { CheckoutFrame, openLinkPage, openPhoneShop } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// A way back from every screen the checkout opens, on a phone (360 x 740) in both languages: an
// expired or already-paid link names its shop and leads back to it (closing the checkout); the
// wallet's signup opened from the payment leads back to the payment, and takes a name as written.
const TEXT = {
  es: { locale: 'es-PA', declined: /rechazad/i, expired: 'El enlace de pago ha expirado', askShop: (shop: string) => `Para pagar, pide a ${shop} un enlace de pago nuevo.`, paid: 'Este cobro ya fue pagado', back: /^Volver a /, balance: /saldo/i, signup: 'Crear una cuenta', recovery: '¿Olvidaste tu contraseña?', toPayment: 'Volver al pago', name: 'Nombre', lastname: 'Apellido' },
  en: { locale: 'en-US', declined: /declined/i, expired: 'The payment link has expired', askShop: (shop: string) => `To pay, ask ${shop} for a new payment link.`, paid: 'This charge has already been paid', back: /^Back to /, balance: /balance/i, signup: 'Create an account', recovery: 'Forgot your password?', toPayment: 'Back to the payment', name: 'First name', lastname: 'Last name' },
} as const;

describe.runIf(browserAvailable())('a way back from every screen', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const shopPage = (lang: 'es' | 'en') => openPhoneShop(browser, sandbox.demoUrl, lang);
  async function open(page: Page, code: string, lang: 'es' | 'en'): Promise<FrameLocator> {
    await page.evaluate(({ code, lang }) => {
      (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code, lang });
    }, { code, lang });
    return page.frameLocator('iframe[src*="/pf/widget"]');
  }
  async function shopNameOn(page: Page): Promise<string> {
    const frame = await checkoutFrameOf(page);
    return ((await frame.locator('.header__name').first().textContent()) ?? '').trim();
  }

  it.each(['es', 'en'] as const)('%s: an expired link and a paid one name the shop and lead back to it', async (lang) => {
    const page = await shopPage(lang);
    const expired = await open(page, await createLink(sandbox, { amount: 12, taxAmount: 0, description: 'Taza', expiresInSeconds: -60 }), lang);
    await expired.getByRole('heading', { name: TEXT[lang].expired }).waitFor({ timeout: 20_000 });
    const back = expired.getByRole('button', { name: TEXT[lang].back });
    await back.waitFor({ timeout: 10_000 });
    const shop = await shopNameOn(page);
    expect(shop).not.toBe('');
    expect((await back.textContent())?.trim()).toContain(shop);
    // What to do to pay: the shop that sent the link sends a new one.
    await expired.getByText(TEXT[lang].askShop(shop), { exact: true }).waitFor();
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}payer-expired-link-${lang}-360.png` });
    await clickAway(page, back);
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').count(), { timeout: 10_000 }).toBe(0);

    // A single-use link, paid: opened again, it says so, names the shop and leads back.
    const code = await createLink(sandbox, { amount: lang === 'es' ? 13.5 : 14.5, taxAmount: 0, description: 'Taza', singleUse: true });
    const first = new CheckoutFrame(await open(page, code, lang));
    await first.field('cardnumber').waitFor({ timeout: 20_000 });
    await first.fillCard({ number: '4242 4242 4242 4242' });
    await first.submit();
    await first.receiptTitle.waitFor({ timeout: 20_000 });
    await clickAway(page, first.frame.getByRole('button', { name: TEXT[lang].back }));
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').count(), { timeout: 10_000 }).toBe(0);
    const paid = await open(page, code, lang);
    await paid.getByRole('heading', { name: TEXT[lang].paid }).waitFor({ timeout: 20_000 });
    await paid.getByRole('button', { name: TEXT[lang].back }).waitFor({ timeout: 10_000 });
    await screenshot(page, { path: `${SHOTS}payer-paid-link-${lang}-360.png` });
    await page.context().close();
  }, 120_000);

  it.each(['es', 'en'] as const)('%s: signup opened from the payment leads back to it, and takes Lucía Núñez', async (lang) => {
    const page = await shopPage(lang);
    const frame = await open(page, await createLink(sandbox, { amount: 15, taxAmount: 0, description: 'Taza' }), lang);
    const checkout = new CheckoutFrame(frame);
    await checkout.field('cardnumber').waitFor({ timeout: 20_000 });
    await checkout.chooseMethod(TEXT[lang].balance);
    const signup = frame.getByRole('link', { name: TEXT[lang].signup });
    await signup.waitFor({ timeout: 15_000 });
    await signup.click();
    await frame.getByLabel(TEXT[lang].name, { exact: true }).fill('Lucía');
    await frame.getByLabel(TEXT[lang].lastname, { exact: true }).fill('Núñez');
    await frame.getByLabel(TEXT[lang].lastname, { exact: true }).blur();
    // No refusal of a name as written.
    expect(await frame.getByText(/sin tildes|no accents|Solo letras|Letters and spaces/).count()).toBe(0);
    const toPayment = frame.getByRole('link', { name: TEXT[lang].toPayment });
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}payer-signup-back-${lang}-360.png` });
    await toPayment.click();
    await frame.getByRole('radiogroup', { name: /método de pago|payment method/i }).waitFor({ timeout: 15_000 });
    await backOnTheLogin(page, frame, lang);
    await page.context().close();
  }, 90_000);

  /** Back where the payer was: Saldo chosen, its login, the focus in its first field (never the card's, never the body). */
  async function backOnTheLogin(page: Page, frame: FrameLocator, lang: 'es' | 'en'): Promise<void> {
    await expect.poll(() => frame.getByRole('radio', { name: TEXT[lang].balance }).isChecked(), { timeout: 15_000 }).toBe(true);
    expect(await frame.getByRole('link', { name: TEXT[lang].signup }).isVisible()).toBe(true);
    const inside = await checkoutFrameOf(page);
    await expect.poll(() => inside.evaluate(() => `${document.activeElement?.tagName ?? ''}:${document.activeElement?.getAttribute('autocomplete') ?? ''}`), { timeout: 10_000 }).toBe('INPUT:username');
  }

  it.each([
    { lang: 'es' as const, from: 'signup' as const },
    { lang: 'en' as const, from: 'recovery' as const },
  ])('$lang: the browser\'s Back from the $from opened on the checkout\'s Saldo login returns to that login, inside the checkout', async ({ lang, from }) => {
    const page = await shopPage(lang);
    const frame = await open(page, await createLink(sandbox, { amount: 16, taxAmount: 0, description: 'Taza' }), lang);
    const checkout = new CheckoutFrame(frame);
    await checkout.field('cardnumber').waitFor({ timeout: 20_000 });
    await checkout.chooseMethod(TEXT[lang].balance);
    const link = frame.getByRole('link', { name: TEXT[lang][from] });
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await frame.getByRole('link', { name: TEXT[lang].toPayment }).waitFor({ timeout: 15_000 });
    await (await checkoutFrameOf(page)).evaluate(() => history.back());
    await frame.getByRole('radiogroup', { name: /método de pago|payment method/i }).waitFor({ timeout: 15_000 });
    // Still the checkout, in the shop's page: nothing closed it.
    expect(await page.locator('iframe[src*="/pf/widget"]').count()).toBe(1);
    await backOnTheLogin(page, frame, lang);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}payer-${from}-browser-back-${lang}-360.png` });
    await page.context().close();
  }, 90_000);

  // A shop's link sends the payer to the link's own address (/<slug>): the wallet's signup and
  // recovery opened from its Saldo login lead back to that checkout under the shop's header, as they
  // do from /pf/widget?type=lk&code=..., on a phone (390 x 844).
  it.each(['es', 'en'] as const)('%s: signup and recovery opened from a link\'s slug page lead back to it, under its shop', async (lang) => {
    const code = await createLink(sandbox, { amount: lang === 'es' ? 17 : 18, taxAmount: 0, description: 'Taza' });
    const slugPage = `/${code.toLowerCase()}`;
    const context = await browser.newContext({ locale: TEXT[lang].locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}${slugPage}?lang=${lang}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    const shop = ((await page.locator('.header__name').first().textContent()) ?? '').trim();
    expect(shop).not.toBe('');
    for (const from of ['signup', 'recovery'] as const) {
      await checkout.chooseMethod(TEXT[lang].balance);
      await page.getByRole('link', { name: TEXT[lang][from] }).click({ timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('next')).toMatch(new RegExp(`^${slugPage}\\?`));
      const toPayment = page.getByRole('link', { name: TEXT[lang].toPayment });
      await toPayment.waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('.header__name').first().textContent(), { timeout: 10_000 }).toBe(shop);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}payer-${from}-from-slug-${lang}-390.png` });
      await toPayment.click();
      // Back on the slug page's checkout, Saldo chosen, its login offered again.
      await page.getByRole('radiogroup', { name: /método de pago|payment method/i }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(slugPage);
      await expect.poll(() => page.getByRole('radio', { name: TEXT[lang].balance }).isChecked(), { timeout: 15_000 }).toBe(true);
      await page.getByRole('link', { name: TEXT[lang].signup }).waitFor({ timeout: 15_000 });
    }
    await context.close();
  }, 120_000);

  it.each(['es', 'en'] as const)('%s: a subscription says under its Pay what recurs and how it stops', async (lang) => {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=SUBDEMO0001&lang=${lang}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    const terms = page.locator('#pay-terms');
    expect(await terms.textContent()).toMatch(lang === 'es' ? /se cobrarán \$19\.99 cada mes a esta tarjeta hasta que canceles/ : /\$19\.99 will be charged every month to this card until you cancel/);
    expect(await page.getByRole('button', { name: lang === 'es' ? /^Pagar/ : /^Pay/ }).getAttribute('aria-describedby')).toBe('pay-terms');
    expect(await axeViolations(page)).toEqual([]);
    await terms.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}payer-subscription-terms-${lang}-360.png` });
    await context.close();
  }, 60_000);
  // SPEC 8 code 3000 (core errorEffect): a link that expires while its card form is open. Pay is
  // refused with 3000 and the payer is taken to the expired link's page, its heading focused: not a
  // decline with the CVC emptied and the form payable again.
  it.each(['es', 'en'] as const)('%s: a link that expires while its card form is open: Pay goes to its expired page, nothing charged', async (lang) => {
    const code = await createLink(sandbox, { amount: lang === 'es' ? 23 : 24, taxAmount: 0, description: 'Taza' });
    const { context, page, checkout } = await openLinkPage(browser, sandbox.url, code, { locale: TEXT[lang].locale });
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    // The shop ends the link (the admin API's expire) while the payer fills its form.
    expect((await fetch(`${sandbox.url}/sandbox/links/${code}/expire`, { method: 'POST' })).status).toBe(200);
    await checkout.submit();
    await page.getByRole('heading', { name: TEXT[lang].expired }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(TEXT[lang].expired);
    expect(new URL(page.url()).pathname).toBe('/pf/responseMessage');
    expect(new URL(page.url()).searchParams.get('code')).toBe('3000');
    expect(await page.locator('form.card-form').count()).toBe(0);
    expect(await page.getByText(TEXT[lang].declined).count()).toBe(0);
    expect(await transactionsFor(sandbox, code)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}card-expired-link-${lang}.png` });
    await context.close();
  }, 120_000);

  // A link's countdown reaching zero on its form: said at once (an alert; the ticks are not said), and,
  // with no payment under way and the server agreeing the link is over, the payer is taken to the
  // expired link's page, its heading focused, as a Pay would: not left filling a form that cannot be paid.
  it('es: a countdown that runs out is said, then the expired link\'s page, nothing charged', async () => {
    const code = await createLink(sandbox, { amount: 25, taxAmount: 0, description: 'Taza', expiresInSeconds: 12 });
    const { context, page, checkout } = await openLinkPage(browser, sandbox.url, code, { locale: TEXT.es.locale, viewport: { width: 390, height: 844 } });
    await checkout.waitForForm();
    const timer = page.getByRole('timer');
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).toMatch(/^Este enlace expira en 00:\d\d$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Lo sentimos, este enlace ha expirado' });
    expect(await alert.count()).toBe(0);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    // The server's word on the link is held back until the announcement is looked at.
    let release: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      void page.route('**/payment-info*', async (route) => {
        resolve();
        await new Promise<void>((go) => (release = go));
        await route.continue();
      });
    });
    await alert.waitFor({ timeout: 20_000 });
    await asked;
    expect(await timer.count()).toBe(0);
    await alert.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}link-countdown-over-es-390.png` });
    release();
    await page.getByRole('heading', { name: TEXT.es.expired }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(TEXT.es.expired);
    expect(new URL(page.url()).pathname).toBe('/pf/responseMessage');
    expect(new URL(page.url()).searchParams.get('code')).toBe('3000');
    // The page a Pay on the expired link reaches, which names the link's shop.
    expect(new URL(page.url()).searchParams.get('link')).toBe(code);
    expect(await transactionsFor(sandbox, code)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}link-countdown-expired-page-es-390.png` });
    await context.close();
  }, 120_000);
});
