import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { ConsolePage } from './support/consolePage';
import { withSandboxAndBrowser } from './support/suite';
import { guestPost } from './support/entries';
import { pngImage } from '../packages/sandbox/test/images';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// Issue 48 "The merchant's defaults": a merchant sets its brand with its secret key (or the console
// sets it), and the checkout, its receipt and the bank and 3DS pages show its name and logo; the
// bank pages in light and dark (the device's preference, or the theme the checkout passes).
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
const SHOP = 'Café Ñandú';
const GREEN = '#0e6e5c';

describe.runIf(browserAvailable())('the merchant\'s brand', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const logo = pngImage(96, 96, [14, 110, 92], [255, 255, 255]);
  const logoPath = `/images/logos/${createHash('sha256').update(logo).digest('hex')}`;

  /** A merchant with its brand set through the merchant API, and a link of it. */
  async function brandedMerchant() {
    const made = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Comercial Ñandú S.A.' }) });
    const { secretKey, idMerchant } = (await made.json()) as { secretKey: string; idMerchant: number };
    const auth = { authorization: `Bearer ${secretKey}` };
    const brand = await fetch(`${sandbox.url}/api/v1/merchant/brand`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ colorPrimary: GREEN, displayName: SHOP }) });
    expect(brand.status).toBe(200);
    const uploaded = await fetch(`${sandbox.url}/api/v1/merchant/brand/logo`, { method: 'POST', headers: { ...auth, 'content-type': 'image/png' }, body: logo });
    expect(((await uploaded.json()) as { logoUrl: string }).logoUrl).toBe(`${sandbox.url}${logoPath}`);
    const link = await fetch(`${sandbox.url}/api/v1/merchant/payment-links`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ amount: 12.5, description: 'Café de altura 340 g' }) });
    const { code, url } = (await link.json()) as { code: string; url: string };
    return { idMerchant, code, url };
  }

  async function shownLogo(page: Page, scope: string) {
    const img = page.locator(`${scope} img[src$="${logoPath}"]`).first();
    await img.waitFor({ timeout: 10_000 });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(96);
  }

  it('the checkout\'s header shows the merchant\'s display name and uploaded logo, and so does its receipt, at 360 px', async () => {
    const { code, url } = await brandedMerchant();
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    await page.goto(`${url}?lang=es`);
    await page.locator('.header__name', { hasText: SHOP }).waitFor({ timeout: 20_000 });
    await shownLogo(page, '.header');
    // The tab's title is the widget's script's (the page's own says Pasarela until it runs).
    await expect.poll(() => page.title()).toContain(SHOP);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}brand-checkout-header-360.png` });

    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code, amount: 12.5, taxAmount: 0, email: 'ana@example.com', additionalData: { trackId: `brand-${Math.random()}` },
      cardInformation: { cardNumber: '4111111111111111', expMonth: '12', expYear: nextYear, cvv: '123', firstName: 'Ana', lastName: 'Ruiz', cardType: 'VISA' },
    });
    await page.goto(`${sandbox.url}/pf/default-receipt/${paid.codOper}?lang=es`);
    await page.locator('#receipt-title').waitFor({ timeout: 20_000 });
    await page.getByText(SHOP, { exact: true }).first().waitFor({ timeout: 10_000 });
    await shownLogo(page, 'main');
    await screenshot(page, { path: `${SHOTS}brand-receipt-360.png`, fullPage: true });
    await page.close();
  }, 90_000);

  it('the stored brand colour paints the checkout and its receipt; open()\'s colorPrimary (`?appearance=`) overrides it', async () => {
    const { code, url } = await brandedMerchant();
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    const brandVariable = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
    await page.goto(`${url}?lang=es`);
    await page.locator('.header__name', { hasText: SHOP }).waitFor({ timeout: 20_000 });
    await expect.poll(brandVariable).toBe(GREEN);
    await screenshot(page, { path: `${SHOTS}brand-colour-checkout-360.png` });

    const coffee = '#6b3e26';
    await page.goto(`${url}?lang=es&appearance=${encodeURIComponent(JSON.stringify({ variables: { colorPrimary: coffee } }))}`);
    await page.locator('.header__name', { hasText: SHOP }).waitFor({ timeout: 20_000 });
    await expect.poll(brandVariable).toBe(coffee);

    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code, amount: 12.5, taxAmount: 0, email: 'ana@example.com', additionalData: { trackId: `brand-${Math.random()}` },
      cardInformation: { cardNumber: '4111111111111111', expMonth: '12', expYear: nextYear, cvv: '123', firstName: 'Ana', lastName: 'Ruiz', cardType: 'VISA' },
    });
    const receipt = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    await receipt.goto(`${sandbox.url}/pf/default-receipt/${paid.codOper}?lang=es`);
    await receipt.locator('#receipt-title').waitFor({ timeout: 20_000 });
    await expect.poll(() => receipt.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())).toBe(GREEN);
    await page.close();
    await receipt.close();
  }, 90_000);

  it('the 3DS and Clave pages show the brand in light and dark, AA by axe, by the device or by ?theme=', async () => {
    const { code } = await brandedMerchant();
    const three = await guestPost<{ codOper: string; redirectUrl: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code, amount: 12.5, taxAmount: 0, email: 'tres@example.com', additionalData: { trackId: `brand-${Math.random()}` },
      cardInformation: { cardNumber: '4000000000003220', expMonth: '12', expYear: nextYear, cvv: '123', firstName: 'Ana', lastName: 'Ruiz', cardType: 'VISA' },
    });
    const clave = await guestPost<{ codOper: string; redirectUrl: string }>(sandbox, 'clave/payments', { code, trackId: `brand-${Math.random()}` });
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-PA', colorScheme: scheme });
      const page = await context.newPage();
      // The issuer's and the bank's pages, on the simulator's own origin, as the calls answered them.
      for (const [name, url] of [['3ds', three.redirectUrl], ['clave', clave.redirectUrl]] as const) {
        await page.goto(url);
        await page.locator('.shop p', { hasText: SHOP }).waitFor({ timeout: 10_000 });
        await shownLogo(page, '.shop');
        const colours = await page.evaluate(() => {
          const approve = getComputedStyle(document.querySelector('button.approve') as Element);
          return { page: getComputedStyle(document.querySelector('main') as Element).backgroundColor, approve: approve.backgroundColor };
        });
        expect(colours.approve).toBe('rgb(14, 110, 92)');
        expect(colours.page).toBe(scheme === 'dark' ? 'rgb(27, 34, 48)' : 'rgb(255, 255, 255)');
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, { path: `${SHOTS}brand-${name}-${scheme}-360.png`, fullPage: true });
      }
      await context.close();
    }
    // The payer chose dark in the checkout, on a light device: the checkout passes the theme.
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, colorScheme: 'light' });
    await page.goto(`${three.redirectUrl}&theme=dark`);
    await page.locator('.shop p', { hasText: SHOP }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main') as Element).backgroundColor)).toBe('rgb(27, 34, 48)');
    await page.close();
  }, 90_000);

  it('the console sets a merchant\'s brand: colour, display name and logo', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, locale: 'es-PA' });
    const console = new ConsolePage(page, sandbox.url);
    await console.open('es');
    const card = console.card(/Marca del comercio/);
    await card.getByText('#1 Tienda Demo Panamá').waitFor({ timeout: 10_000 });
    await card.getByLabel('Color de la marca').fill('#8a1c7c');
    await card.getByLabel('Nombre para mostrar').fill('Casa Ñandú');
    await card.getByLabel(/^Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(logo) });
    await card.getByRole('button', { name: 'Guardar la marca' }).click();
    await card.getByRole('status').filter({ hasText: 'Marca del comercio #1 guardada' }).waitFor({ timeout: 10_000 });
    await card.getByRole('img', { name: 'Logo actual' }).waitFor();
    await screenshot(page, { path: `${SHOTS}brand-console.png`, fullPage: true });
    const brand = (await (await fetch(`${sandbox.url}/sandbox/merchants/1/brand`)).json()) as Record<string, unknown>;
    expect(brand).toEqual({ colorPrimary: '#8a1c7c', displayName: 'Casa Ñandú', logoUrl: `${sandbox.url}${logoPath}` });
    // An SVG is refused with the server's reason.
    await card.getByLabel(/^Logo/).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await card.getByRole('button', { name: 'Guardar la marca' }).click();
    await card.getByText(/SVG/).waitFor({ timeout: 10_000 });
    await page.close();
  }, 90_000);
});
