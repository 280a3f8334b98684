import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogs } from '@pasarela/core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { vaultFrameOf } from './support/pages';
import { screenshot } from './support/artifacts';

// SPEC rules wired into the checkout, walked in a real browser: the main checkout page "/" without
// a payment code (docs/spec-decisions.md) and the signup form's phone and city.
const es = (key: string): string => catalogs.es[key] ?? key;

/** The room above the code entry page's heading, and between it and the field's label, in CSS pixels. */
async function headingRoom(page: Page): Promise<{ above: number; below: number }> {
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const label = await page.locator('label[for="field-paymentCode"]').boundingBox();
  if (!heading || !label) throw new Error('the code entry page has no heading or no label');
  return { above: heading.y, below: label.y - (heading.y + heading.height) };
}

/** The calls that look up what the payer typed on the code entry page. */
function linkLookups(page: Page): string[] {
  const lookups: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/payment-info')) lookups.push(pathname);
  });
  return lookups;
}

describe.runIf(browserAvailable())('SPEC rules as the payer meets them', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let code = '';
  let slug = '';

  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));
  beforeAll(async () => {
    code = (await adminPost<{ code: string }>(sandbox, 'links', { amount: 12, description: 'Entrada por código' })).code;
    slug = (await adminPost<{ slug: string }>(sandbox, 'links', { amount: 9, description: 'Entrada por dirección', slug: 'entrada-por-direccion' })).slug;
  });

  it('"/" with no payment code asks for it, checks it (SPEC 5 keys) and opens its checkout', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sandbox.url}/`);
    await page.getByRole('heading', { name: es('code_entry_title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The heading stands off the top as the other pages' headings do below their way out, and apart from the field.
    expect(await headingRoom(page)).toEqual({ above: 40, below: 16 });
    // A full page: nothing to close.
    expect(await page.getByRole('button', { name: es('close'), exact: true }).count()).toBe(0);
    const field = page.getByLabel(es('label_payment_code'));
    const continueButton = page.getByRole('button', { name: es('continue_button') });
    const error = page.locator('#field-paymentCode-error');
    for (const [typed, key] of [['   ', 'spaces_blank_not_allowed'], ['LK1', 'invalid_length'], ['LK 1234', 'only_alphanumeric_characters']] as const) {
      await field.fill(typed);
      await continueButton.click();
      await expect.poll(() => error.textContent()).toBe(es(key));
      expect(new URL(page.url()).pathname).toBe('/');
    }
    // A code that names no link keeps the payer here, told so at the field, with what they typed to correct it.
    await field.fill('LKNOEXISTE99');
    await continueButton.click();
    await expect.poll(() => error.textContent()).toBe(es('code_entry_not_found'));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await field.inputValue()).toBe('LKNOEXISTE99');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toContain('field-paymentCode-error');
    await field.fill(` ${code} `);
    await continueButton.click();
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"/" opens a link typed by its slug, on a phone that types it in capitals, with the keyboard alone and one lookup, as its own address /{slug} does', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/`);
    await page.getByRole('heading', { name: catalogs.en['code_entry_title'] }).waitFor();
    expect(await headingRoom(page)).toEqual({ above: 32, below: 16 });
    // The field asks a phone's keyboard for capitals (a link's code is upper case): the slug arrives so.
    expect(await page.getByLabel(catalogs.en['label_payment_code'] ?? '').getAttribute('autocapitalize')).toBe('characters');
    const lookups = linkLookups(page);
    await page.keyboard.press('Tab');
    await page.keyboard.type(slug.toUpperCase());
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/${slug}`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor();
    expect(lookups.filter((path) => path === '/api/v1/payment-info/address')).toHaveLength(1);
    expect(lookups.filter((path) => path === '/api/v1/payment-info/shop')).toEqual([]);
    await context.close();
  });

  it('/{slug} written in capitals, as typed into a phone\'s address bar, opens the same link\'s checkout', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/${slug.toUpperCase()}`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor();
    await expect.poll(() => page.getByText('Entrada por dirección').count()).toBeGreaterThan(0);
    await context.close();
  });

  // In a shop's frame (the page names its origin, as the loader's frame does) the page has the close
  // the checkout's other pages have there, by the same name, first in Tab order.
  it.each([
    { lang: 'es', locale: 'es-PA' },
    { lang: 'en', locale: 'en-US' },
  ] as const)('$lang: "/" in a shop\'s frame has the checkout\'s close', async ({ lang, locale }) => {
    const words = catalogs[lang];
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const shop = 'http://shop.test';
    await page.route(`${shop}/**`, (route) => route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Shop</title><style>body{margin:0}iframe{border:0;width:100vw;height:100vh}</style><iframe title="Checkout" src="${sandbox.url}/?parentOrigin=${encodeURIComponent(shop)}"></iframe></html>`,
    }));
    await page.goto(`${shop}/`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: words['code_entry_title'] }).waitFor();
    const close = frame.getByRole('button', { name: words['close'], exact: true });
    expect(await close.count()).toBe(1);
    expect(await close.isVisible()).toBe(true);
    await frame.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await frame.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);
    await screenshot(page, { path: `e2e/artifacts/code-entry-framed-${lang}-390.png` });
    await context.close();
  });

  it('signup refuses a phone that is not one before calling the server, then signs up with a good one (SPEC 5 invalid_phone_number)', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget/signup`);
    const email = `ciudad-${Date.now()}@example.com`;
    await page.getByLabel(/correo electrónico/i).fill(email);
    await page.getByLabel(/^nombre$/i).fill('Lucia');
    await page.getByLabel(/^apellido$/i).fill('Gomez');
    await page.getByLabel(/^teléfono$/i).fill('12345');
    await page.getByLabel(/^ciudad$/i).fill('David');
    await page.getByLabel(/^nueva contraseña$/i).fill('Nueva#2026clave');
    await page.getByLabel(/^confirmar contraseña$/i).fill('Nueva#2026clave');
    const registers: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/users/register')) registers.push(r.url());
    });
    await page.getByRole('button', { name: /registrarme/i }).click();
    await expect.poll(() => page.locator('#field-phone-error').textContent()).toBe(es('invalid_phone_number'));
    expect(registers).toEqual([]);
    await page.getByLabel(/^teléfono$/i).fill('6123-4567');
    await page.getByRole('button', { name: /registrarme/i }).click();
    await page.getByLabel(es('label_email_code')).waitFor();
    const mail = (await (await fetch(`${sandbox.url}/sandbox/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ body: string }> };
    const emailCode = /\b(\d{6})\b/.exec(mail.messages[0]?.body ?? '')?.[1] ?? '';
    await page.getByLabel(es('label_email_code')).fill(emailCode);
    await page.getByRole('button', { name: es('confirm_button') }).click();
    await page.waitForURL((url) => url.pathname === '/pf/widget/home');
    // The bad phone sent nothing; the good one sent step 1 and the code (the city in each: SignupScreen.test.tsx).
    expect(registers).toHaveLength(2);
    await context.close();
  });
});
