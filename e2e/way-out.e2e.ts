import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { clickAway } from './support/frames';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost, guestGet, guestPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { payCardThroughChallenge } from './support/pages';
import { tokenizeTestCard } from '../packages/sandbox/test/testCardVault';

// Issue 21 "Every page has a way out": the donation receipt, the 3DS and Clave bank pages and the
// standalone pages (wallet, validateTx, expired, 404, response message) have the loader's close when
// embedded (pages/message/messageModules.test.tsx), "Volver a la tienda" as a full page (else back the way the tab came: way-out-no-shop.e2e.ts), and
// the merchant's name where the page knows it. At 360 px, in Spanish and English, axe clean.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
// The seeded demo merchant as payers see it: its brand's display name (db/seed.ts DEMO_MERCHANT_BRAND).
const MERCHANT = 'Tostadores del Casco';
const TEXT = {
  es: { back: 'Volver a la tienda', previous: 'Volver a la página anterior' },
  en: { back: 'Back to the shop', previous: 'Back to the previous page' },
} as const;

describe.runIf(browserAvailable())('every page has a way out', () => {
  let sandbox: Sandbox & { vault?: { url: string } };
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  // The card typed into the sandbox's vault, as the checkout's fields do: the payment carries its token (issue 90).
  const card = async (cardNumber: string) => {
    const { token } = await tokenizeTestCard({ number: cardNumber, expYear: `20${nextYear}`, vaultUrl: sandbox.vault?.url });
    return { cardNumber: token, expMonth: '12', expYear: nextYear, firstName: 'Ana', lastName: 'Ruiz', cardType: 'VISA' };
  };
  const newLink = () => adminPost<{ code: string }>(sandbox, 'links', { amount: 34.75, taxAmount: 4.84, description: 'Entradas de cine' });

  async function expectClean(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
  }

  for (const lang of ['es', 'en'] as const) {
    it(`full pages at 360 px in ${lang}: back to the shop that sent the payer, else to the start; the merchant where known`, async () => {
      const amount = lang === 'es' ? 34.75 : 21.5;
      const link = await adminPost<{ code: string }>(sandbox, 'links', { amount, taxAmount: 4.84, description: 'Entradas de cine' });
      const { bridges } = await guestGet<{ bridges: Array<{ idBridge: number }> }>(sandbox, 'merchants/1/campaign-bridges');
      const donated = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
        cclw: 'TIENDADEMO', code: link.code, amount, taxAmount: 4.84, email: `ana.${lang}@example.com`, cardInformation: await card('4111111111111111'),
        additionalData: { trackId: `way-${Math.random()}` }, amountToCampaign: 2, idCampaignBridge: bridges[0]?.idBridge,
      });
      const validation = await adminPost<{ validateUrl: string }>(sandbox, 'validations', { codOper: donated.codOper });
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang === 'es' ? 'es-PA' : 'en-US' });
      const page = await context.newPage();
      const shop = `${sandbox.demoUrl}/`;

      // Sent from the shop's site: "Volver a la tienda" leads there.
      for (const [name, path] of [
        ['404', '/no/such/page'],
        ['expired', '/pf/responseMessage?code=3000'],
        ['wallet-login', '/pf/widget/login'],
      ] as const) {
        await page.goto(`${sandbox.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, { referer: shop });
        const back = page.getByRole('link', { name: TEXT[lang].back });
        await back.waitFor({ timeout: 20_000 });
        expect(await back.getAttribute('href')).toBe(shop);
        await expectClean(page);
        await screenshot(page, { path: `${SHOTS}after-way-out-${name}-${lang}-360.png`, fullPage: true });
      }
      // Nobody known sent the payer: back the way the tab came, not the checkout's start.
      await page.goto(`${sandbox.url}/pf/responseMessage?code=3000&lang=${lang}`);
      await page.getByRole('button', { name: TEXT[lang].previous }).waitFor({ timeout: 20_000 });
      expect(await page.locator('a[href="/"]').count()).toBe(0);

      // The donation receipt: the merchant, and a way back besides printing.
      await page.goto(`${sandbox.url}/pf/receipt/campaign?Oper=${donated.codOper}&lang=${lang}`, { referer: shop });
      await page.locator('#receipt-title').waitFor({ timeout: 20_000 });
      await page.getByText(MERCHANT, { exact: true }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('link', { name: TEXT[lang].back }).getAttribute('href')).toBe(shop);
      await expectClean(page);
      await screenshot(page, { path: `${SHOTS}after-way-out-donation-receipt-${lang}-360.png`, fullPage: true });

      // The payment's own receipt: the merchant, and back to the shop besides "Imprimir".
      await page.goto(`${sandbox.url}/pf/default-receipt/${donated.codOper}?lang=${lang}`, { referer: shop });
      await page.locator('#receipt-title').waitFor({ timeout: 20_000 });
      await page.getByText(MERCHANT, { exact: true }).first().waitFor({ timeout: 10_000 });
      expect(await page.getByRole('link', { name: TEXT[lang].back }).getAttribute('href')).toBe(shop);
      await expectClean(page);
      await screenshot(page, { path: `${SHOTS}after-way-out-receipt-${lang}-360.png`, fullPage: true });

      // validateTx (the address the e-mail gives): the merchant whose charge it checks.
      await page.goto(`${validation.validateUrl.replace(/^https?:\/\/[^/]+/, sandbox.url)}&lang=${lang}`);
      await page.getByText(MERCHANT, { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: TEXT[lang].previous }).waitFor();
      await expectClean(page);
      await screenshot(page, { path: `${SHOTS}after-way-out-validatetx-${lang}-360.png`, fullPage: true });
      await context.close();
    }, 120_000);
  }

  for (const lang of ['es', 'en'] as const) {
    it(`embedded in ${lang}: an unknown link's page closes through the loader, which tells the shop`, async () => {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(`${sandbox.demoUrl}/`);
      await page.waitForFunction(() => typeof (window as unknown as { Checkout?: { open?: unknown } }).Checkout?.open === 'function');
      await page.evaluate((lang) => {
        const w = window as unknown as { wayOutEvents: string[]; Checkout: { open(o: object): { on(e: string, f: () => void): void } } };
        w.wayOutEvents = [];
        const handle = w.Checkout.open({ code: 'NOEXISTE99', lang });
        for (const name of ['ready', 'close', 'error', 'result']) handle.on(name, () => w.wayOutEvents.push(name));
      }, lang);
      const frame = page.frameLocator('iframe[src*="/pf/widget"]');
      await frame.getByRole('heading', { name: lang === 'es' ? 'Página no encontrada' : 'Page not found' }).waitFor({ timeout: 20_000 });
      // Embedded, the way out is the loader's close, not a link away from the shop.
      expect(await frame.getByRole('link', { name: TEXT[lang].back }).count()).toBe(0);
      await screenshot(page, { path: `${SHOTS}after-way-out-embedded-404-${lang}-360.png` });
      await clickAway(page, frame.getByRole('button', { name: lang === 'es' ? /cerrar/i : /close/i }));
      await expect.poll(() => page.locator('iframe').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { wayOutEvents: string[] }).wayOutEvents)).toContain('close');
      await page.close();
    }, 60_000);
  }

  // A full page's receipt after a 3DS page leads to the shop that sent the payer, not back to the
  // issuer's page (which sends the payer back with its own address or none, and says "Ya respondiste").
  it('a link paid as a full page through a 3DS page: the receipt leads back to the shop that sent the payer', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    const page = await context.newPage();
    // An amount of its own: the duplicate rule would ask the next test's same card and amount.
    const { code } = await adminPost<{ code: string }>(sandbox, 'links', { amount: 21.5, taxAmount: 0, description: 'Entradas de teatro' });
    const shop = 'http://tienda.example/carrito';
    await page.route(shop, (route) => route.fulfill({ contentType: 'text/html', body: `<a href="${sandbox.url}/pf/widget?type=lk&code=${code}">Pagar</a>` }));
    await page.goto(shop);
    await page.click('a');
    await payCardThroughChallenge(page);
    const back = page.getByRole('link', { name: TEXT.es.back });
    await expect.poll(() => back.getAttribute('href'), { timeout: 10_000 }).toBe('http://tienda.example/');
    expect(await page.getByRole('button', { name: TEXT.es.previous }).count()).toBe(0);
    await expectClean(page);
    await screenshot(page, { path: `${SHOTS}after-way-out-3ds-receipt-360.png`, fullPage: true });
    await context.close();
  }, 90_000);

  it('the 3DS and Clave bank pages name the merchant and cancel back to the checkout, at 360 px', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    const page = await context.newPage();
    const three = await guestPost<{ codOper: string; redirectUrl: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code: (await newLink()).code, amount: 34.75, taxAmount: 4.84, email: 'tres@example.com', cardInformation: await card('4000000000003220'),
      additionalData: { trackId: `way-${Math.random()}` },
    });
    // The issuer's page, on the simulator's own origin.
    await page.goto(three.redirectUrl);
    await page.getByText(MERCHANT, { exact: true }).waitFor({ timeout: 10_000 });
    await expectClean(page);
    await screenshot(page, { path: `${SHOTS}after-way-out-3ds-360.png`, fullPage: true });
    await page.getByRole('button', { name: /Cancelar y volver/ }).click();
    // Back on the checkout's origin, past its way back.
    const checkout = new URL(sandbox.url).origin;
    await expect.poll(() => new URL(page.url()).origin === checkout && !new URL(page.url()).pathname.startsWith('/sandbox/'), { timeout: 15_000 }).toBe(true);

    const clave = await guestPost<{ codOper: string; redirectUrl: string }>(sandbox, 'clave/payments', { code: (await newLink()).code, trackId: `way-${Math.random()}` });
    await page.goto(clave.redirectUrl);
    await page.getByText(MERCHANT, { exact: true }).waitFor({ timeout: 10_000 });
    await expectClean(page);
    await screenshot(page, { path: `${SHOTS}after-way-out-clave-360.png`, fullPage: true });
    await page.getByRole('button', { name: /Cancelar y volver/ }).click();
    await expect.poll(() => new URL(page.url()).origin === checkout && !new URL(page.url()).pathname.startsWith('/sandbox/'), { timeout: 15_000 }).toBe(true);
    const status = await guestGet<{ status: number }>(sandbox, `clave/payments/${clave.codOper}`);
    expect(status.status).toBe(0);
    await context.close();
  }, 60_000);
});
