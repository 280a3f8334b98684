import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { adminPost, guestPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// SPEC 2 "/pf/tx-result Transaction result", "/pf/returnpage Return page" (SPEC 3 notification
// isReturn and returnUrl; SPEC 5 "A URL is valid only with http or https"), "/pf/deeplink/market".
describe.runIf(browserAvailable())('transaction result, return page and app-store page, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  /** A link (with the merchant's return address, or none) paid by card through the API. */
  async function paidOperation(cardNumber: string, returnUrl?: string): Promise<string> {
    const link = await adminPost<{ code: string }>(sandbox, 'links', { amount: 12, taxAmount: 0.84, description: 'Entradas de cine', ...(returnUrl ? { returnUrl } : {}) });
    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code: link.code, amount: 12, taxAmount: 0.84, email: 'rosa@example.com',
      cardInformation: { cardNumber, expMonth: '12', expYear: nextYear, cvv: '123', firstName: 'Rosa', lastName: 'Díaz', cardType: 'VISA' },
      additionalData: { trackId: `spec-pages-${Math.random()}` },
    });
    return paid.codOper;
  }

  it('/pf/tx-result shows an approved and a declined operation, each with its receipt', async () => {
    const approved = await paidOperation('4242424242424242');
    const declined = await paidOperation('4000000000000002');
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/tx-result?Oper=${approved}`);
    await page.getByRole('heading', { name: 'Pago aprobado' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('main').textContent()).toContain('$12.84');
    expect(await page.locator('main').textContent()).toContain(approved);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/tx-result-approved-360.png', fullPage: true });

    await page.goto(`${sandbox.url}/pf/tx-result?Oper=${declined}`);
    await page.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').textContent()).toContain('declinada');
    await screenshot(page, { path: 'e2e/artifacts/tx-result-declined-360.png', fullPage: true });
    await page.getByRole('link', { name: 'Ver el comprobante' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/pf/default-receipt/${declined}`);

    // SPEC 8 "404 with ... receive_not_found leads to /404".
    await page.goto(`${sandbox.url}/pf/tx-result?Oper=PPUNKNOWN0000`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/404');
    await context.close();
  });

  it('/pf/returnpage takes the payer back to the link\'s returnUrlString with Oper and Estado', async () => {
    const returnUrl = `${sandbox.demoUrl}/?pedido=77`;
    const codOper = await paidOperation('4111111111111111', returnUrl);
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    // The page leaves by itself after 1.5 s. The shop answers its navigation 204 No Content, so the
    // browser stays on the page to be checked (axe takes longer than 1.5 s on a loaded machine),
    // and the test reads where it went.
    const shop = new URL(sandbox.demoUrl).origin;
    const leftFor: string[] = [];
    await page.route((url) => url.origin === shop, async (route) => {
      if (route.request().isNavigationRequest()) leftFor.push(route.request().url());
      await route.fulfill({ status: 204 });
    });
    await page.goto(`${sandbox.url}/pf/returnpage?Oper=${codOper}&lang=en`);
    await page.getByRole('heading', { name: 'Payment approved' }).waitFor({ timeout: 20_000 });
    const back = page.getByRole('link', { name: `Back to ${new URL(sandbox.demoUrl).host}` });
    expect(await back.getAttribute('href')).toBe(`${sandbox.demoUrl}/?pedido=77&Oper=${codOper}&Estado=APPROVED`);
    // A full page goes by itself after a moment, once; the page is then still there to check.
    await expect.poll(() => leftFor.length, { timeout: 10_000 }).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/returnpage-360.png', fullPage: true });
    expect(leftFor).toHaveLength(1);
    const arrived = new URL(leftFor[0] ?? '');
    expect(arrived.origin).toBe(shop);
    expect(Object.fromEntries(arrived.searchParams)).toEqual({ pedido: '77', Oper: codOper, Estado: 'APPROVED' });
    await context.close();
  });

  it('/pf/returnpage without a return address (isReturn false) stays and says so', async () => {
    // Another card than the first test's: the same card and amount within 5 minutes is a duplicate on any link.
    const codOper = await paidOperation('4012888888881881');
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/returnpage?Oper=${codOper}`);
    await page.getByRole('heading', { name: 'Pago aprobado' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(2_000);
    expect(new URL(page.url()).pathname).toBe('/pf/returnpage');
    expect(await page.locator('main').textContent()).toContain('Ya puedes cerrar esta ventana');
    await context.close();
  });

  it('/pf/deeplink/market offers the phone\'s own store first', async () => {
    const context = await browser.newContext({
      locale: 'es-PA', viewport: { width: 360, height: 740 },
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/deeplink/market`);
    await page.getByRole('heading', { name: 'Descarga la app de Pasarela' }).waitFor({ timeout: 20_000 });
    const links = page.getByRole('link');
    expect(await links.allTextContents()).toEqual(['Disponible en Google Play', 'Descargar en App Store']);
    expect(await links.first().getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/deeplink-market-360.png', fullPage: true });
    await context.close();
  });
});
