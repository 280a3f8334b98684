import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { adminPost } from './support/entries';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// Issue "Money is never wrong": SPEC 4's tables ("Nequi: 1 approved, -1 pending", "Yappy: 1
// approved, -1 and 0 pending") have no declined code, and a decline read through them alone showed
// "Pendiente" (Yappy) and "Desconocido" (Nequi). Core's paymentDisplayStatus reads the auth status the
// sandbox records: every surface says declined, in Spanish and English.
describe.runIf(browserAvailable())('a declined Yappy and a declined Nequi: receipt, tx result and return page say declined', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  /** A link with a return address, paid on the full-page checkout with a phone that declines. */
  async function declinedPayment(page: Page, method: 'Yappy' | 'Nequi', phone: string): Promise<{ code: string; codOper: string; returnUrl: string }> {
    const returnUrl = `${sandbox.demoUrl}/?pedido=${method}`;
    const { code } = await adminPost<{ code: string }>(sandbox, 'links', { amount: 18, taxAmount: 1.26, description: `Pedido ${method}`, returnUrl });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    await page.getByRole('radiogroup', { name: /método de pago/i }).getByRole('radio', { name: new RegExp(method) }).check();
    if (method === 'Yappy') {
      await page.locator('[name="yappy-phone"]').fill(phone);
      await page.getByRole('button', { name: /enviar solicitud de pago/i }).click();
    } else {
      await page.getByRole('textbox', { name: /celular nequi/i }).fill(phone);
      await page.getByRole('button', { name: /enviar notificación/i }).click();
    }
    await page.getByRole('alert').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await transactionsFor(sandbox, code)).map((t) => Number(t.status)), { timeout: 10_000 }).toEqual([0]);
    const [transaction] = await transactionsFor(sandbox, code);
    return { code, codOper: transaction?.codOper ?? '', returnUrl };
  }

  it.each([
    ['Yappy', '62222222'],
    ['Nequi', '62222222'],
  ] as const)('%s %s: Rechazado / Declined everywhere, never pendiente or Desconocido', async (method, phone) => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const { codOper, returnUrl } = await declinedPayment(page, method, phone);

    // The receipt: title and status word.
    await page.goto(`${sandbox.url}/pf/default-receipt/${codOper}`);
    await page.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.receipt__badge').textContent()).toBe('Rechazado');
    const receiptText = await page.locator('main').textContent();
    expect(receiptText).not.toMatch(/pendiente|desconocido|instrucciones de pago/i);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `e2e/artifacts/declined-${method.toLowerCase()}-receipt-360.png`, fullPage: true });

    // /pf/tx-result.
    await page.goto(`${sandbox.url}/pf/tx-result?Oper=${codOper}`);
    await page.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('main').textContent()).not.toMatch(/pendiente|desconocido/i);
    // The method by its name, as on the receipt, never its code ("YAPPY").
    expect(await page.locator('.receipt__lines').textContent()).toContain(`Medio de pago${method}`);
    await screenshot(page, { path: `e2e/artifacts/declined-${method.toLowerCase()}-tx-result-360.png`, fullPage: true });

    // The return page sends the payer back with Estado=DECLINED.
    await page.goto(`${sandbox.url}/pf/returnpage?Oper=${codOper}`);
    await page.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.origin === new URL(sandbox.demoUrl).origin, { timeout: 10_000 });
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ ...Object.fromEntries(new URL(returnUrl).searchParams), Oper: codOper, Estado: 'DECLINED' });

    // English.
    await page.goto(`${sandbox.url}/pf/default-receipt/${codOper}?lang=en`);
    await page.getByRole('heading', { name: 'Payment declined' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.receipt__badge').textContent()).toBe('Declined');
    expect(await page.locator('main').textContent()).not.toMatch(/pending|unknown|payment instructions/i);
    await page.goto(`${sandbox.url}/pf/tx-result?Oper=${codOper}&lang=en`);
    await page.getByRole('heading', { name: 'Payment declined' }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
