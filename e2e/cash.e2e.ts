import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { DemoShop, type CheckoutFrame, vaultFrameOf, watchShopPage } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

interface HeardResult {
  status: string;
  method: string;
  notification: { Estado: string; Oper: string; Tipo: string };
}

/** docs/sandbox.md: the payer paying the voucher at a kiosk, by voucher number or codOper. */
async function payAtKiosk(sandbox: Sandbox, referenceOrCodOper: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sandbox.url}/sandbox/cash/${encodeURIComponent(referenceOrCodOper)}/pay`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Every `result` event the shop page hears, with its Estado (the demo shop shows only success or error). */
async function recordResults(page: Page): Promise<() => Promise<HeardResult[]>> {
  await page.evaluate(() => {
    const w = window as unknown as {
      heard: unknown[];
      Checkout: { open(options: unknown): { on(event: string, listener: (r: unknown) => void): unknown } };
    };
    w.heard = [];
    const open = w.Checkout.open;
    w.Checkout.open = (options) => {
      const handle = open(options);
      handle.on('result', (r) => w.heard.push(r));
      return handle;
    };
  });
  return () => page.evaluate(() => (window as unknown as { heard: HeardResult[] }).heard);
}

/** The checkout frame as a Frame, to run code in its document (wherever it has navigated since). */
function widgetFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('no checkout frame');
  return frame;
}

const cashSubmit = (checkout: CheckoutFrame) => checkout.frame.locator('#method-panel-cash form button[type="submit"]');
// The voucher's 12 digits as it shows them, grouped for reading (1234 5678 9012).
const voucherNumber = (checkout: CheckoutFrame) => checkout.frame.getByText(/^\d{4} \d{4} \d{4}$/);
const digitsOf = (text: string | null) => (text ?? '').replace(/\s/g, '');

describe.runIf(browserAvailable())('cash voucher from a merchant page, end to end (PRODUCT.md "Cash")', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  /** The demo shop on its own origin, its results recorded, the checkout open on the card form. */
  async function openShop(lang: 'es' | 'en') {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US' });
    const page = await context.newPage();
    const { errors, codes } = watchShopPage(page);
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    if (lang === 'en') await page.locator('#lang-toggle').click();
    const heard = await recordResults(page);
    const checkout = await shop.pay();
    await checkout.waitForForm();
    return { context, page, shop, checkout, heard, codes, errors };
  }

  it('PAYCASH: one voucher for a double click, the shop hears PENDING, the kiosk payment turns the open voucher into the receipt and the shop hears APPROVED', async () => {
    const { context, page, shop, checkout, heard, codes, errors } = await openShop('es');
    await checkout.chooseMethod(/Efectivo/);
    const networks = checkout.frame.getByRole('radiogroup', { name: /elige dónde pagar/i });
    await expect.poll(() => networks.getByRole('radio', { name: /Punto de pago/ }).isVisible()).toBe(true);
    await networks.getByRole('radio', { name: /PayCash/ }).check();
    await checkout.field('cash-email').fill('maria.nunez@example.com');
    await checkout.field('cash-phone').fill('+507 6123-4567');
    // Marks this document: the receipt must come without a reload.
    await widgetFrame(page).evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await cashSubmit(checkout).dblclick();

    await voucherNumber(checkout).waitFor({ timeout: 15_000 });
    const reference = digitsOf(await voucherNumber(checkout).textContent());
    expect(reference).toMatch(/^\d{12}$/);
    expect(await checkout.frame.getByRole('button', { name: /copiar código/i }).isVisible()).toBe(true);
    expect(await checkout.frame.getByRole('button', { name: /imprimir/i }).isVisible()).toBe(true);
    expect(await checkout.frame.getByText('$39.59').first().isVisible()).toBe(true);

    await expect.poll(heard, { timeout: 10_000 }).toHaveLength(1);
    const [pending] = await heard();
    expect(pending).toMatchObject({ status: 'success', method: 'cash', notification: { Estado: 'PENDING', Tipo: 'PAYCASH' } });
    expect(await shop.result.getAttribute('data-status')).toBe('success');
    const recorded = await transactionsFor(sandbox, codes[0] ?? '');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'cash', status: 0, codOper: pending?.notification.Oper });
    await screenshot(page, { path: 'e2e/artifacts/cash-voucher.png' });

    const paid = await payAtKiosk(sandbox, reference);
    expect(paid).toMatchObject({ status: 200, body: { Oper: pending?.notification.Oper, status: 2 } });
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await widgetFrame(page).evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await checkout.frame.getByText(/^pagado$/i).isVisible()).toBe(true);
    await expect.poll(heard, { timeout: 10_000 }).toHaveLength(2);
    expect((await heard())[1]).toMatchObject({ status: 'success', method: 'cash', notification: { Estado: 'APPROVED', Oper: pending?.notification.Oper } });
    expect((await transactionsFor(sandbox, codes[0] ?? ''))[0]).toMatchObject({ status: 2 });
    await screenshot(page, { path: 'e2e/artifacts/cash-paid.png' });

    // Paying the same voucher twice is refused.
    expect(await payAtKiosk(sandbox, reference)).toMatchObject({ status: 409, body: { code: 'request_already_paid' } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('PC cash point in English: a bad e-mail asks nothing of the server; the shop reloaded and paid again shows the same voucher; paid by codOper it becomes the receipt', async () => {
    const { context, page, shop, checkout, heard, codes } = await openShop('en');
    await checkout.chooseMethod(/Cash/);
    await checkout.frame.getByRole('radio', { name: /Cash point/ }).check();
    await checkout.field('cash-email').fill('maria@example');
    await checkout.field('cash-phone').fill('6123 4567');
    await cashSubmit(checkout).click();
    await expect.poll(() => checkout.field('cash-email').getAttribute('aria-invalid')).toBe('true');
    expect(await checkout.frame.getByText('Invalid e-mail').isVisible()).toBe(true);
    await expect.poll(() => widgetFrame(page).evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cash-email');
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([]);

    await checkout.field('cash-email').fill('maria@example.com');
    await cashSubmit(checkout).click();
    await voucherNumber(checkout).waitFor({ timeout: 15_000 });
    const reference = digitsOf(await voucherNumber(checkout).textContent());
    await expect.poll(heard, { timeout: 10_000 }).toHaveLength(1);
    const [pending] = await heard();
    expect(pending).toMatchObject({ status: 'success', method: 'cash', notification: { Estado: 'PENDING', Tipo: 'PC' } });
    const codOper = pending?.notification.Oper ?? '';

    // The payer reloads the shop's page and pays again: the checkout (its frame given no storage by
    // the whole Chromium, as a private window does) is back on the same voucher, which the loader
    // kept in the shop page's own storage; the shop's new order makes no second voucher.
    await page.reload();
    const heardAgain = await recordResults(page);
    const again = await shop.pay();
    await expect.poll(async () => digitsOf(await voucherNumber(again).textContent({ timeout: 15_000 })), { timeout: 20_000 }).toBe(reference);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    expect(await Promise.all(codes.slice(1).map((code) => transactionsFor(sandbox, code)))).toEqual(codes.slice(1).map(() => []));

    expect((await payAtKiosk(sandbox, codOper)).status).toBe(200);
    await expect.poll(() => again.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(heardAgain, { timeout: 10_000 }).toHaveLength(1);
    expect((await heardAgain())[0]).toMatchObject({ notification: { Estado: 'APPROVED', Oper: codOper, Tipo: 'PC' } });
    await context.close();
  });

  it('a link restricted to cards offers no cash', async () => {
    const res = await fetch(`${sandbox.url}/sandbox/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 12, description: 'Solo tarjeta', cardTypes: ['VISA'] }),
    });
    const { code } = (await res.json()) as { code: string };
    const page = await browser.newPage({ locale: 'es-PA' });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('radio', { name: /Efectivo/ }).count()).toBe(0);
    expect(await page.locator('#method-panel-cash').count()).toBe(0);
    await page.close();
  });
});
