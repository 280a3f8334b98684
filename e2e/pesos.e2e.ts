import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost, guestPost } from './support/entries';
import { transactionsFor } from './support/admin';
import { CheckoutFrame } from './support/pages';
import { ConsolePage } from './support/consolePage';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// Issue 93 "Pesos end to end": a Colombian merchant's link of 50.000 COP, paid by card and by Nequi
// in Chromium (es-CO), shown as Colombia writes pesos ("$ 50.000"), refunded in part; the payout
// and its CSV in pesos add up. At 360 px.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
// Intl writes a no-break space between the sign and the figure.
const PESOS = /\$\s50\.000(?![\d.,])/;

describe.runIf(browserAvailable())('a Colombian shop sells in pesos', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  const merchantApi = async (key: string, method: string, path: string, body?: unknown, accept = 'application/json') => {
    const res = await fetch(`${sandbox.url}/api/v1/merchant/${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, accept, ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, text: await res.text() };
  };
  const json = (answer: { text: string }) => JSON.parse(answer.text) as Record<string, unknown>;

  async function openLink(page: Page, code: string) {
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es`);
    const checkout = new CheckoutFrame(page);
    await page.locator('.summary__line--total dd').waitFor({ timeout: 30_000 });
    return checkout;
  }

  it('a link of 50.000 COP paid by card and by Nequi, refunded in part; the payout and its CSV in pesos add up (es-CO, 360 px)', async () => {
    const merchant = await adminPost<{ idMerchant: number; secretKey: string; currency: string; paymentMethods: Array<{ method: string }> }>(
      sandbox, 'merchants', { name: 'Tienda Bogotá', country: 'CO', captchaRequired: false });
    expect(merchant.currency).toBe('COP');
    const key = merchant.secretKey;
    const newLink = async () => {
      const link = await merchantApi(key, 'POST', 'payment-links', { amount: 50_000, description: 'Camiseta de la Selección' });
      expect(link.status).toBe(201);
      return String(json(link)['code']);
    };

    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-CO' });
    const page = await context.newPage();

    // By card: the summary and the Pay button in pesos; no Yappy or Clave offered.
    const cardCode = await newLink();
    const checkout = await openLink(page, cardCode);
    expect(await page.locator('.summary__line--total dd').textContent()).toMatch(PESOS);
    const methods = page.getByRole('radiogroup', { name: /método de pago/i }).getByRole('radio');
    const names = await methods.evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent ?? ''));
    expect(names.join(' ')).not.toMatch(/yappy|clave/i);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}pesos-checkout-es-360.png`, fullPage: true });
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242', phone: '+57 300 123 4567' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('.receipt__amount').first().textContent()).toMatch(PESOS);
    await screenshot(page, { path: `${SHOTS}pesos-card-receipt-es-360.png`, fullPage: true });

    // By Nequi: the Colombian test phone; the order still in pesos.
    const nequiCode = await newLink();
    await openLink(page, nequiCode);
    await checkout.chooseMethod(/Nequi/);
    const field = page.getByRole('textbox', { name: /celular nequi/i });
    await field.waitFor({ timeout: 20_000 });
    const send = page.getByRole('button', { name: /enviar notificación/i });
    expect(await page.locator('.summary__line--total dd').textContent()).toMatch(PESOS);
    await screenshot(page, { path: `${SHOTS}pesos-nequi-es-360.png`, fullPage: true });
    await field.fill('399 111 1111');
    await send.click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('.receipt__amount').first().textContent()).toMatch(PESOS);
    await context.close();

    // The merchant's books: both payments in pesos; part of each refunded.
    const [card] = await transactionsFor(sandbox, cardCode);
    const [nequi] = await transactionsFor(sandbox, nequiCode);
    for (const [tx, method] of [[card, 'card'], [nequi, 'nequi']] as const) {
      expect(tx?.method).toBe(method);
      const recorded = json(await merchantApi(key, 'GET', `transactions/${tx?.codOper}`));
      expect(recorded).toMatchObject({ amount: 50_000, currency: 'COP', result: 'APPROVED' });
    }
    // The card's part by the merchant's server ...
    const refunded = await merchantApi(key, 'POST', `transactions/${card?.codOper}/refunds`, { amount: 20_000 });
    expect(json(refunded)).toMatchObject({ status: 'succeeded' });
    // ... the Nequi's by an operator in the sandbox console, typed as Colombia writes it: "10.000" is ten thousand pesos.
    const consoleContext = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'es-CO' });
    const consolePage = await consoleContext.newPage();
    const ui = new ConsolePage(consolePage, sandbox.url);
    await ui.open('es');
    // A link of the Colombian merchant made in the console: priced in pesos, "75.000" is seventy-five thousand.
    await ui.tab(/^crear$/i).click();
    const linkCard = ui.card(/enlace de pago/i);
    // Dollars typed for the Panamanian demo merchant are not carried over as pesos.
    await linkCard.getByLabel('Monto (USD)').fill('25');
    await linkCard.getByLabel(/^comercio$/i).selectOption(String(merchant.idMerchant));
    const price = linkCard.getByLabel('Monto (COP)');
    expect([await price.inputValue(), await linkCard.getByLabel('Impuesto (COP)').inputValue()]).toEqual(['50.000', '0']);
    await price.fill('75.000');
    await linkCard.getByLabel(/^descripción$/i).fill('Balón');
    await linkCard.getByRole('button', { name: /^crear$/i }).click();
    const made = await linkCard.getByText(/enlace LK\w+ creado/i).textContent({ timeout: 20_000 });
    const madeCode = /LK\w+/.exec(made ?? '')?.[0];
    expect(json(await merchantApi(key, 'GET', `payment-links/${madeCode}`))).toMatchObject({ code: madeCode, amount: 75_000 });
    await ui.tab(/transacciones/i).click();
    const form = ui.transaction(String(nequi?.codOper)).getByRole('form', { name: /^reembolso de/i });
    const amount = form.getByLabel('Importe a reembolsar (COP)');
    await amount.waitFor();
    expect((await form.locator('.hint').textContent())?.replace(/\s/g, ' ')).toBe('Déjalo vacío para reembolsar lo que queda: $ 50.000');
    await amount.fill('10.000,50');
    await form.getByRole('button', { name: 'Reembolsar' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Los pesos no llevan centavos: escribe un importe en pesos enteros');
    await amount.fill('10.000');
    await form.getByRole('button', { name: 'Reembolsar' }).click();
    await expect.poll(async () => (await form.locator('.hint').textContent())?.replace(/\s/g, ' '), { timeout: 20_000 }).toBe('Déjalo vacío para reembolsar lo que queda: $ 40.000');
    expect(await axeViolations(consolePage)).toEqual([]);
    await screenshot(consolePage, { path: `${SHOTS}pesos-console-refund-es.png`, fullPage: true });
    await consoleContext.close();
    expect(json(await merchantApi(key, 'GET', `transactions/${nequi?.codOper}`))).toMatchObject({ refundedAmount: 10_000 });

    // Card 2,9 % + 900 COP = 2.350; Nequi 1,5 % = 750; the refunds give back 940 and 150 of them.
    const expected = (50_000 - 2_350) + (50_000 - 750) - (20_000 - 940) - (10_000 - 150);
    const run = await fetch(`${sandbox.url}/sandbox/payouts/run`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
    const [payout] = ((await run.json()) as { payouts: Array<{ id: string; amount: number; currency: string; status: string }> }).payouts;
    expect(payout).toMatchObject({ amount: expected, currency: 'COP', status: 'paid' });
    const csv = await merchantApi(key, 'GET', `balance-transactions?payout=${payout?.id}`, undefined, 'text/csv');
    const [header, ...rows] = csv.text.trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    const cells = rows.map((r) => r.split(','));
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    expect(new Set(cells.map((c) => at(c, 'currency')))).toEqual(new Set(['COP']));
    const pesos = (row: string[]) => Math.round(Number(at(row, 'net')) * 100);
    expect(cells.filter((c) => at(c, 'type') !== 'payout').reduce((sum, c) => sum + pesos(c), 0)).toBe(expected * 100);
    expect(pesos(cells.find((c) => at(c, 'type') === 'payout') ?? [])).toBe(-expected * 100);
  });

  it('a donation to a Colombian campaign typed as Colombia writes it: "5.000" is five thousand pesos, in the Pay total, the receipt and the books (es-CO, 360 px)', async () => {
    const merchant = await adminPost<{ idMerchant: number; secretKey: string }>(sandbox, 'merchants', { name: 'Fundación Cali', country: 'CO', captchaRequired: false });
    // A peso merchant's campaign is made in pesos when the call gives no amounts.
    const bridge = await adminPost<{ campaign: Record<string, unknown> }>(sandbox, 'campaigns', { merchantId: merchant.idMerchant, title: 'Becas Cali' });
    expect(bridge.campaign).toMatchObject({ minAmount: 1000, maxAmount: 4_000_000, defaultValues: [5000, 20_000, 50_000] });
    const link = json(await merchantApi(merchant.secretKey, 'POST', 'payment-links', { amount: 50_000, description: 'Matrícula' }));
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-CO' });
    const page = await context.newPage();
    const checkout = await openLink(page, String(link['code']));
    await checkout.waitForForm();
    const group = page.getByRole('group', { name: 'Becas Cali' });
    await group.waitFor({ timeout: 10_000 });
    await group.getByRole('radio', { name: 'Otro monto' }).check();
    const amount = page.getByLabel('Monto de la donación');
    expect(await amount.getAttribute('inputmode')).toBe('numeric');
    await amount.pressSequentially('5.000');
    await amount.press('Tab');
    expect(await page.locator('#field-donationAmount-error').textContent()).toBe('');
    expect(await page.locator('form button[type="submit"]').textContent()).toMatch(/\$\s55\.000(?![\d.,])/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}pesos-donation-es-360.png`, fullPage: true });
    await checkout.fillCard({ number: '4242 4242 4242 4242', phone: '300 123 4567' });
    await checkout.submit();
    const title = page.getByRole('heading', { name: 'Comprobante de donación' });
    await expect.poll(() => title.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('.receipt__amount').textContent()).toMatch(/\$\s5\.000(?![\d.,])/);
    expect(json(await merchantApi(merchant.secretKey, 'GET', 'transactions'))['data']).toMatchObject([{ amount: 50_000, donationAmount: 5000, currency: 'COP', result: 'APPROVED' }]);
    await context.close();
  });

  it('a station without a price and a monthly plan of a Colombian merchant, in whole pesos; a Colombian phone without its code (es-CO, 360 px)', async () => {
    const merchant = await adminPost<{ idMerchant: number; secretKey: string }>(sandbox, 'merchants', { name: 'Café Medellín', country: 'CO', captchaRequired: false });
    await adminPost(sandbox, 'stations', { stationId: 'CAJA-MEDELLIN', description: 'Caja Medellín', merchantId: merchant.idMerchant });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-CO' });
    const page = await context.newPage();

    // The station: the payer types pesos as Colombia writes them; centavos are refused, saying how to write the amount.
    await page.goto(`${sandbox.url}/pf/widget?type=ps&code=CAJA-MEDELLIN&lang=es`);
    const amount = page.getByLabel('Monto a pagar');
    await amount.waitFor({ timeout: 30_000 });
    expect(await amount.getAttribute('inputmode')).toBe('numeric');
    expect(await page.locator('#field-amount-hint').textContent()).toBe('En pesos, sin centavos, por ejemplo 50.000');
    await amount.fill('50.000,50');
    await page.getByRole('button', { name: 'Continuar' }).click();
    expect(await page.locator('#field-amount-error').textContent()).toMatch(/sin centavos/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}pesos-station-amount-es-360.png`, fullPage: true });
    await amount.fill('50.000');
    await page.getByRole('button', { name: 'Continuar' }).click();
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.locator('.summary__line--total dd').textContent()).toMatch(PESOS);
    expect(await page.locator('#field-phone-hint').textContent()).toBe('Con código de país si no es de Colombia');
    await screenshot(page, { path: `${SHOTS}pesos-station-es-360.png`, fullPage: true });
    await checkout.fillCard({ number: '4242 4242 4242 4242', phone: '300 123 4567' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('.receipt__amount').first().textContent()).toMatch(PESOS);
    // The merchant's one payment, made at the station.
    expect(json(await merchantApi(merchant.secretKey, 'GET', 'transactions'))['data']).toMatchObject([{ amount: 50_000, currency: 'COP', result: 'APPROVED' }]);

    // The plan: its price every month and the Pay button in pesos.
    const plan = await adminPost<{ idPlan: number }>(sandbox, 'plans', { name: 'Club del Café', amount: 50_000, period: 'MO', chargeNow: true, merchantId: merchant.idMerchant });
    const { subscriptionKey } = await guestPost<{ subscriptionKey: string }>(sandbox, 'subscriptions', { idPlan: plan.idPlan, email: 'socia@example.com' });
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${subscriptionKey}&lang=es`);
    await checkout.waitForForm();
    expect(await page.locator('.plan__every').textContent()).toMatch(/^Se cobrará \$\s50\.000 cada mes$/);
    expect(await page.locator('form button[type="submit"]').textContent()).toMatch(/Pagar \$\s50\.000/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}pesos-plan-es-360.png`, fullPage: true });
    await context.close();
  });
});
