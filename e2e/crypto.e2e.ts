import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { checkoutFrameOf } from './support/frames';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { createLink, transactionsFor } from './support/admin';
import { DemoShop, openShopCheckout, type CheckoutScope } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { startWebhookReceiver, type WebhookReceiver } from '../packages/sandbox/test/webhookReceiver';
import { screenshot } from './support/artifacts';

const databases: Array<[string, Record<string, string>]> = [['PGlite', {}]];
if (process.env.TEST_DATABASE_URL) databases.push(['PostgreSQL', { DATABASE_URL: process.env.TEST_DATABASE_URL }]);

/** PRODUCT.md "Crypto" in the checkout: the selects, then what to send and where. */
class CryptoCheckout {
  constructor(readonly scope: CheckoutScope) {}

  get coin(): Locator {
    return this.scope.getByRole('combobox', { name: /^(Moneda|Coin)$/ });
  }

  get network(): Locator {
    return this.scope.getByRole('combobox', { name: /^(Red|Network)$/ });
  }

  get qr(): Locator {
    return this.scope.getByRole('img', { name: /QR/ });
  }

  get status(): Locator {
    return this.scope.locator('.crypto [role="status"]');
  }

  get timer(): Locator {
    return this.scope.locator('.crypto').getByRole('timer');
  }

  button(name: RegExp): Locator {
    return this.scope.getByRole('button', { name });
  }

  async choose(coin: string, network: string): Promise<void> {
    await this.coin.selectOption(coin);
    await this.network.selectOption(network);
  }

  async getAddress(): Promise<void> {
    await this.button(/obtener dirección de pago|get the payment address/i).click();
    await this.qr.waitFor({ timeout: 15_000 });
  }

  get receiptTitle(): Locator {
    return this.scope.getByRole('heading', { name: /comprobante de pago|payment receipt/i });
  }
  /** By keys alone from the coin: the first coin, its first network, then the address asked with Enter. */
  async addressByKeyboard(page: Page, getAddress: string): Promise<void> {
    await this.coin.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => this.network.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 10_000 }).toBe(getAddress);
    await page.keyboard.press('Enter');
    await this.qr.waitFor({ timeout: 15_000 });
  }
}

/** docs/sandbox.md: the chain confirming the payment, in full or (amountPaid below the quote) in part. */
async function confirmOnChain(sandbox: Sandbox, codOper: string, amountPaid?: number, fromAddress?: string): Promise<void> {
  const res = await fetch(`${sandbox.url}/sandbox/crypto/${encodeURIComponent(codOper)}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(amountPaid === undefined ? {} : { amountPaid }), ...(fromAddress ? { fromAddress } : {}) }),
  });
  if (res.status !== 200) throw new Error(`POST /sandbox/crypto/${codOper}/confirm answered ${res.status}: ${await res.text()}`);
}

describe.runIf(browserAvailable()).each(databases)('crypto payment, end to end, on %s', (_name, env) => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0', ...env }, (started) => ({ sandbox, browser } = started));

  it('from the shop: coin and network, QR, address and amount; a change of coin moves the same payment; under-paid, then paid: receipt and success', async () => {
    const { context, page, shop, checkout, codes, errors } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.chooseMethod(/Cripto|Crypto/);
    const crypto = new CryptoCheckout(checkout.frame);
    await crypto.choose('USDT', 'TRX');
    await crypto.getAddress();
    // The demo order is $37.00 + $2.59 tax; USDT is quoted at 1 USD.
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Envía exactamente 39.59 USDT');
    expect(await crypto.timer.textContent()).toMatch(/^La tasa de cambio se mantiene por (10:00|09:[0-5]\d)$/);
    expect(await crypto.button(/copiar monto/i).isVisible()).toBe(true);
    expect(await crypto.button(/copiar dirección/i).isVisible()).toBe(true);
    expect(await checkout.frame.getByText(/^sbxtrx_[0-9a-f]{32}$/).isVisible()).toBe(true);

    // Another coin after the payment exists: the same payment, quoted again in BTC (50,000 USD).
    await crypto.coin.selectOption('BTC');
    await crypto.button(/actualizar moneda y red/i).click();
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Envía exactamente 0.0007918 BTC');
    expect(await checkout.frame.getByText(/^sbxbtc_[0-9a-f]{32}$/).isVisible()).toBe(true);
    const [transaction, ...more] = await transactionsFor(sandbox, codes[0] ?? '');
    expect(more).toEqual([]);
    expect(transaction).toMatchObject({ method: 'crypto', status: 0 });
    const codOper = transaction?.codOper ?? '';

    await confirmOnChain(sandbox, codOper, 0.0005);
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Recibimos 0.0005 BTC. Aún faltan 0.0002918 BTC');
    expect(await checkout.frame.getByText('0.0002918 BTC', { exact: true }).isVisible()).toBe(true);
    expect(await shop.result.getAttribute('data-status')).toBeNull();
    await screenshot(page, { path: 'e2e/artifacts/crypto-underpaid.png' });

    await confirmOnChain(sandbox, codOper);
    await expect.poll(() => crypto.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await shop.result.textContent()).toContain(codOper);
    await screenshot(page, { path: 'e2e/artifacts/crypto-approved.png' });

    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions).toEqual([expect.objectContaining({ codOper, method: 'crypto', status: 1 })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('part-paid, the same order paid with Nequi in another browser: the second says the coins go back; the first says the order is paid, with the refund, no decline to its shop', async () => {
    const { context, page, shop, checkout, codes, errors } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.chooseMethod(/Cripto|Crypto/);
    const crypto = new CryptoCheckout(checkout.frame);
    await crypto.choose('USDT', 'TRX');
    await crypto.getAddress();
    const [waiting] = await transactionsFor(sandbox, codes[0] ?? '');
    const codOper = waiting?.codOper ?? '';
    await confirmOnChain(sandbox, codOper, 20, 'sbxtrx_payer_wallet_7');
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Recibimos 20 USDT. Aún faltan 19.59 USDT');

    // The same order in another browser (a phone): the question says the 20 USDT received go back.
    const contextB = await browser.newContext({ locale: 'es-PA', viewport: { width: 390, height: 844 } });
    const b = await contextB.newPage();
    await b.goto(page.url());
    const checkoutB = await new DemoShop(b, sandbox.demoUrl).pay();
    await checkoutB.frame.getByRole('heading', { name: /^Tienes un pago con cripto de \$39\.59 esperando tus monedas$/ }).waitFor({ timeout: 20_000 });
    const note = 'Ya recibimos 20 USDT de ese pago. Si pagas este pedido de otra forma, ese pago se anula y te devolveremos los 20 USDT a la dirección desde la que los enviaste.';
    await checkoutB.frame.getByText(note).waitFor({ timeout: 10_000 });
    await screenshot(b, { path: 'e2e/artifacts/crypto-second-browser-coins-back-390.png' });
    await checkoutB.frame.getByRole('button', { name: /^Pagar este pedido \(\$39\.59\) de otra forma$/ }).click();
    await checkoutB.waitForForm();
    await checkoutB.chooseMethod(/Nequi/);
    const verification = checkoutB.frame.getByRole('group', { name: /Verificación/ });
    if (await verification.isVisible()) {
      await verification.getByRole('checkbox', { name: /No soy un robot/ }).check();
      await verification.getByText(/^Verificado$/).waitFor({ timeout: 10_000 });
    }
    await checkoutB.field('nequi-phone').fill('61111111');
    await checkoutB.frame.locator('#method-panel-nequi form button[type="submit"]').click();
    await checkoutB.receiptTitle.waitFor({ timeout: 60_000 });

    // The first browser: the order paid, the refund said beside it, the focus on the news; never a decline.
    const frameA = checkout.frame;
    await frameA.getByRole('heading', { name: 'Este pedido ya se pagó' }).waitFor({ timeout: 30_000 });
    expect(await frameA.getByText(/^Se pagó con Nequi en otra ventana o dispositivo/).isVisible()).toBe(true);
    expect(await frameA.getByText('Te devolveremos 20 USDT por la red Tron (TRC20) a la dirección desde la que los enviaste:').isVisible()).toBe(true);
    expect(await frameA.getByText('sbxtrx_payer_wallet_7').isVisible()).toBe(true);
    expect(await frameA.getByRole('button', { name: /Pagar de nuevo/ }).count()).toBe(0);
    expect(await frameA.getByText(/Pago cancelado/).count()).toBe(0);
    expect(await frameA.getByRole('radiogroup').count()).toBe(0);
    await expect.poll(() => frameA.locator(':focus').textContent()).toBe('Este pedido ya se pagó');
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/crypto-first-browser-paid-elsewhere.png' });
    expect(await shop.result.getAttribute('data-status')).not.toBe('error');
    const recorded = await transactionsFor(sandbox, codes[0] ?? '');
    expect(recorded.filter((t) => t.status === 1)).toHaveLength(1);
    expect(errors).toEqual([]);
    await Promise.all([context.close(), contextB.close()]);
  });

  it('/pf/widget/crypto as a full page, by keyboard alone, axe-clean: crypto chosen, confirmed on chain, receipt', async () => {
    const code = await createLink(sandbox, { amount: 20, taxAmount: 1.4, description: 'Sombrero pintao' });
    const page = await browser.newPage({ locale: 'en-US', viewport: { width: 360, height: 800 } });
    await page.goto(`${sandbox.url}/pf/widget/crypto?type=lk&code=${code}&lang=en`);
    const crypto = new CryptoCheckout(page);
    await crypto.coin.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('radio', { name: /crypto/i }).isChecked()).toBe(true);
    await expect.poll(() => crypto.coin.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Core's coin order (BUSD at XRP's place); keyboard: the first coin, Tether, has three networks.
    expect(await crypto.coin.locator('option').allTextContents()).toEqual([
      'Choose the coin', 'Tether (USDT)', 'USD Coin (USDC)', 'Bitcoin (BTC)', 'Ether (ETH)', 'Binance USD (BUSD)', 'XRP (XRP)',
    ]);
    await crypto.addressByKeyboard(page, 'Get the payment address');
    expect(await crypto.network.inputValue()).toBe('TRX');
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Send exactly 21.4 USDT');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/crypto-full-page.png', fullPage: true });

    const [transaction] = await transactionsFor(sandbox, code);
    await confirmOnChain(sandbox, transaction?.codOper ?? '');
    await expect.poll(() => crypto.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Approved', { exact: true }).isVisible()).toBe(true);
    expect(await transactionsFor(sandbox, code)).toEqual([expect.objectContaining({ method: 'crypto', status: 1 })]);
    await page.close();
  });

  it('on a phone, by keyboard: coins arriving while the focus is on the Red select move it to what is still owed, in view, said once', async () => {
    const code = await createLink(sandbox, { amount: 25, taxAmount: 1.75, description: 'Mola de Kuna Yala' });
    const page = await browser.newPage({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const crypto = new CryptoCheckout(page);
    const card = page.getByRole('radio', { name: /tarjeta/i });
    await card.waitFor({ timeout: 20_000 });
    await card.focus();
    const cripto = page.getByRole('radio', { name: /cripto/i });
    for (let i = 0; i < 8 && !(await cripto.isChecked()); i++) await page.keyboard.press('ArrowDown');
    expect(await cripto.isChecked()).toBe(true);
    await expect.poll(() => crypto.coin.isEnabled(), { timeout: 10_000 }).toBe(true);
    await crypto.addressByKeyboard(page, 'Obtener dirección de pago');
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Envía exactamente 26.75 USDT');
    // Back to the network, as a payer checking it would.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('network');

    const [transaction] = await transactionsFor(sandbox, code);
    await confirmOnChain(sandbox, transaction?.codOper ?? '', 10);
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Recibimos 10 USDT. Aún faltan 16.75 USDT');
    expect(await crypto.network.isDisabled()).toBe(true);
    // PRODUCT: focus never lost to the body; here it lands on what is still owed, which it reads (the group's name).
    await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? 'none'), { timeout: 5_000 }).toBe('waiting crypto__payment');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe('crypto-status');
    // Said by the focus, not a second time by the status region.
    expect(await crypto.status.getAttribute('aria-live')).toBe('off');
    const box = await crypto.status.boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 740, `status at ${JSON.stringify(box)}`).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/crypto-underpaid-keyboard.png' });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

/** A webhook event as the merchant's server receives it (docs/webhooks.md). */
interface WebhookEvent {
  type: string;
  data: { codOper: string; result: string; authStatus: string; refund?: { coin: string; network: string; amount: number; to: string; status: string } };
}

describe.runIf(browserAvailable())('crypto: cancelling after an under-payment refunds the coins (issue "Money is never wrong")', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let secretKey = '';
  withSandboxAndBrowser({ SPLASH_MS: '0', WEBHOOK_INTERVAL_MS: '200' }, (started) => ({ sandbox, browser } = started));
  const events = (codOper: string): WebhookEvent[] =>
    receiver.received.map((r) => JSON.parse(r.body) as WebhookEvent).filter((e) => e.data.codOper === codOper);

  it('under-paid via the admin API, cancel: the warning says what comes back and where; confirmed: the refund screen, DECLINED to the shop and its server, the refund marked sent', async () => {
    receiver = await startWebhookReceiver();
    // The demo shop's merchant (1) sends its webhooks to this test.
    const keys = await fetch(`${sandbox.url}/sandbox/merchants/1/keys`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webhookUrl: receiver.url }),
    });
    expect(keys.status).toBe(201);
    secretKey = String(((await keys.json()) as { secretKey: string }).secretKey);

    const { context, page, shop, checkout, codes, errors } = await openShopCheckout(browser, sandbox.demoUrl);
    await page.setViewportSize({ width: 360, height: 900 });
    await checkout.chooseMethod(/Cripto|Crypto/);
    const crypto = new CryptoCheckout(checkout.frame);
    await crypto.choose('BTC', 'BTC');
    await crypto.getAddress();
    const [transaction] = await transactionsFor(sandbox, codes[0] ?? '');
    const codOper = transaction?.codOper ?? '';
    const sender = 'sbxbtc_payer_wallet_demo';
    await confirmOnChain(sandbox, codOper, 0.0005, sender);
    await expect.poll(() => crypto.status.textContent(), { timeout: 10_000 }).toBe('Recibimos 0.0005 BTC. Aún faltan 0.0002918 BTC');

    // Cancelling asks first, in plain words, and keeping on paying changes nothing.
    await crypto.button(/cancelar y usar otro método/i).click();
    const dialog = checkout.frame.getByRole('alertdialog', { name: '¿Cancelar este pago?' });
    await dialog.waitFor({ timeout: 5_000 });
    expect(await dialog.textContent()).toContain(
      'Enviaste 0.0005 BTC de 0.0007918 BTC. Si cancelas, los 0.0005 BTC recibidos se te devolverán por la red Bitcoin a la dirección desde la que los enviaste:',
    );
    expect(await dialog.getByText(sender, { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    // The question takes the place of what to send.
    expect(await crypto.qr.count()).toBe(0);
    // Its title and both answers are on screen as it opens, with no scrolling to find them.
    for (const part of [dialog.getByRole('heading'), dialog.getByRole('button', { name: 'No, seguir pagando' }), dialog.getByRole('button', { name: 'Sí, cancelar y reembolsar' })]) {
      const box = await part.boundingBox();
      expect(box !== null && box.y >= 0 && box.y + box.height <= 900, `${await part.textContent()} at ${JSON.stringify(box)}`).toBe(true);
    }
    await screenshot(page, { path: 'e2e/artifacts/crypto-cancel-confirm.png' });
    await dialog.getByRole('button', { name: 'No, seguir pagando' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await crypto.qr.waitFor({ timeout: 5_000 });
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ codOper, status: 0 })]);

    await crypto.button(/cancelar y usar otro método/i).click();
    await checkout.frame.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar y reembolsar' }).click();
    const refund = checkout.frame.getByRole('heading', { name: 'Pago cancelado' });
    await refund.waitFor({ timeout: 10_000 });
    const refundText = await checkout.frame.locator('.crypto__refund').textContent();
    expect(refundText).toContain('Te devolveremos 0.0005 BTC por la red Bitcoin a la dirección desde la que los enviaste:');
    expect(refundText).toContain(sender);
    expect(refundText).toContain(codOper);
    await screenshot(page, { path: 'e2e/artifacts/crypto-refund.png' });

    // The shop's page: a result with status error, Estado DECLINED and the reason.
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    expect(await shop.result.getAttribute('data-estado')).toBe('DECLINED');
    expect(await shop.result.textContent()).toContain(codOper);
    // The reason in words (the key stays on the line's data-key, not in its text).
    expect(await shop.result.locator('[data-key="crypto_refund_pending"]').count()).toBe(1);
    expect(await shop.result.textContent()).not.toContain('crypto_refund_pending');
    // The method choice is free again.
    expect(await checkout.frame.getByRole('radio', { name: /tarjeta/i }).isEnabled()).toBe(true);

    // The shop's server: a signed DECLINED webhook with the refund owed, and the verify call agrees.
    const owed = { coin: 'BTC', network: 'BTC', amount: 0.0005, to: sender, status: 'pending' };
    await expect.poll(() => events(codOper).find((e) => e.type === 'transaction.declined')?.data, { timeout: 10_000 })
      .toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED', refund: owed });
    const verify = async () => (await (await fetch(`${sandbox.url}/api/v1/merchant/transactions/${codOper}`, { headers: { authorization: `Bearer ${secretKey}` } })).json()) as Record<string, unknown>;
    expect(await verify()).toMatchObject({ result: 'DECLINED', refund: owed });

    // The receipt says declined and what is owed back.
    const receipt = await context.newPage();
    await receipt.setViewportSize({ width: 360, height: 800 });
    await receipt.goto(`${sandbox.url}/pf/default-receipt/${codOper}`);
    await receipt.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 15_000 });
    expect(await receipt.locator('.receipt__badge').textContent()).toBe('Rechazado');
    expect(await receipt.locator('.receipt').textContent()).toContain(`0.0005 BTC por devolver a ${sender}`);
    await screenshot(receipt, { path: 'e2e/artifacts/crypto-refund-receipt.png', fullPage: true });

    // The admin sends the refund (docs/sandbox.md): the merchant hears it, the receipt says so.
    const sent = await fetch(`${sandbox.url}/sandbox/crypto/${codOper}/refund`, { method: 'POST' });
    expect(sent.status).toBe(200);
    await expect.poll(() => events(codOper).some((e) => e.data.refund?.status === 'refunded'), { timeout: 10_000 }).toBe(true);
    await receipt.reload();
    await receipt.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 15_000 });
    expect(await receipt.locator('.receipt').textContent()).toContain(`0.0005 BTC devueltos a ${sender}`);

    // Back to crypto for a new payment.
    await checkout.frame.getByRole('button', { name: 'Pagar de nuevo con criptomonedas' }).click();
    await crypto.coin.waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
    await receiver.close();
  });
});
