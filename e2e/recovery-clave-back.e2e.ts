import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { denyStorage } from './support/storage';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import { screenshot } from './support/artifacts';
import { openPhoneShop, vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type ShopEvent = [string, unknown];

// An embedded Clave payment whose frame keeps nothing: coming back from the bank's page finds the
// payment on the server, never the card form inviting a second payment; the shop hears once.
describe.runIf(browserAvailable())('back from the Clave bank page with the frame denied storage', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  async function openOnBank(lang: 'es' | 'en', amount: number): Promise<{ page: Page; frame: FrameLocator; code: string }> {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Mola', singleUse: true });
    const page = await openPhoneShop(browser, sandbox.demoUrl, lang, { beforeOpen: (context) => denyStorage(context, new URL(sandbox.url).origin) });
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await frame.getByRole('radiogroup').getByRole('radio', { name: /Clave/ }).check();
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
    await frame.getByRole('button', { name: /continuar al banco|continue to the bank/i }).click();
    await frame.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    return { page, frame, code };
  }
  const shopEvents = (page: Page) => shopEventsOf<ShopEvent>(page);

  it('es: Back from the bank page opens on the Clave wait of that payment; approved at the bank, the receipt, and the shop hears success once', async () => {
    const { page, frame, code } = await openOnBank('es', 51);
    await (await checkoutFrameOf(page)).evaluate(() => history.back());
    await frame.getByText('Tu pago con Clave espera la respuesta de tu banco.').waitFor({ timeout: 20_000 });
    expect(await frame.getByRole('radio', { name: /Clave/ }).isChecked()).toBe(true);
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').isVisible()).toBe(false);
    // The focus on the wait's title, never left on the page's body.
    await expect.poll(() => frame.locator(':focus').textContent()).toBe('Pagar con Clave');
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}recovery-clave-back-es-360.png` });

    // The bank approves it meanwhile (its page in another tab): the wait ends on the receipt.
    const [tx] = await transactionsFor(sandbox, code);
    const approved = await fetch(`${sandbox.url}/sandbox/clave/${tx?.codOper ?? ''}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=approve',
    });
    expect(approved.status).toBe(200);
    await frame.getByRole('heading', { name: /comprobante de pago/i }).waitFor({ timeout: 20_000 });
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'clave', notification: { Estado: 'APPROVED', Oper: tx?.codOper } }]]);
    expect(await transactionsFor(sandbox, code)).toHaveLength(1);
    await page.context().close();
  });

  it("es: 'Cancelar y usar otro método' on the wait calls the payment off at the bank first: the bank's page takes no approval after, the method choice has the focus", async () => {
    const { page, frame, code } = await openOnBank('es', 53);
    await (await checkoutFrameOf(page)).evaluate(() => history.back());
    await frame.getByText('Tu pago con Clave espera la respuesta de tu banco.').waitFor({ timeout: 20_000 });
    const [tx] = await transactionsFor(sandbox, code);
    await frame.getByRole('button', { name: 'Cancelar y usar otro método' }).click();
    await frame.getByRole('button', { name: 'Continuar al banco' }).waitFor({ timeout: 10_000 });
    // Called off on the server before the choice came back: recorded CANCELLED, the payer's.
    expect(await transactionsFor(sandbox, code)).toMatchObject([{ codOper: tx?.codOper, status: 0, authStatus: 'CANCELLED' }]);
    // The focus on the method chosen, from which the arrow keys pick another, never on the page's body.
    await expect.poll(async () => (await checkoutFrameOf(page)).evaluate(() => document.activeElement?.outerHTML.slice(0, 80))).toMatch(/^<input type="radio" name="payment-method" value="clave"/);
    // And said: the focus on the radio tells nothing of the payment called off.
    await expect.poll(() => frame.getByRole('status').filter({ hasText: 'Se canceló la solicitud de pago. Puedes elegir otro método.' }).count()).toBe(1);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}recovery-clave-back-cancelled-es-360.png` });
    // The bank approving it later (its page in another tab) charges nothing: nothing waits there.
    const late = await fetch(`${sandbox.url}/sandbox/clave/${tx?.codOper ?? ''}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=approve',
    });
    expect(late.status).toBe(400);
    expect(await transactionsFor(sandbox, code)).toMatchObject([{ status: 0, authStatus: 'CANCELLED' }]);
    // Another method is on offer, and the shop heard of no result for the payment called off.
    await frame.getByRole('radio', { name: /Tarjeta/ }).check();
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(await shopEvents(page)).toEqual([]);
    await page.context().close();
  });

  it('en: approved on the bank page, the return (returnclavesdk) shows the receipt from the operation in its address and the shop hears success once', async () => {
    const { page, frame, code } = await openOnBank('en', 52);
    await frame.getByRole('button', { name: /aprobar|approve/i }).click();
    await frame.getByRole('heading', { name: /payment receipt/i }).waitFor({ timeout: 20_000 });
    const [tx] = await transactionsFor(sandbox, code);
    await expect.poll(() => shopEvents(page)).toMatchObject([['result', { status: 'success', method: 'clave', notification: { Estado: 'APPROVED', Oper: tx?.codOper } }]]);
    await screenshot(page, { path: `${SHOTS}recovery-clave-return-en-360.png` });
    await page.waitForTimeout(500);
    expect(await shopEvents(page)).toHaveLength(1);
    await page.context().close();
  });
});
