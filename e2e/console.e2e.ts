import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { ConsolePage } from './support/consolePage';
import { CheckoutFrame } from './support/pages';
import { mailedCode } from './support/wallet';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = 'e2e/artifacts';

/** The merchant's webhook endpoint: answers 200 and keeps what it heard. */
async function startWebhookReceiver(): Promise<{ url: string; heard: unknown[]; server: Server }> {
  const heard: unknown[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      heard.push(JSON.parse(body || 'null'));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, heard, server };
}

/**
 * The demo shop (another origin, the SDK by script tag) with the console's embed snippet pasted in:
 * the zero-JS button opens the checkout for the console's link.
 */
async function payFromShop(browser: Browser, demoUrl: string, snippet: string): Promise<{ context: BrowserContext; page: Page; checkout: CheckoutFrame }> {
  const context = await browser.newContext({ locale: 'es-PA' });
  const page = await context.newPage();
  await page.goto(`${demoUrl}/`);
  const button = /<button[^>]*>[^<]*<\/button>/.exec(snippet)?.[0];
  if (!button) throw new Error(`no button in the snippet: ${snippet}`);
  // The shop already loads /sdk/checkout.js; the snippet's button is what a merchant pastes.
  await page.evaluate((markup) => {
    const holder = document.createElement('div');
    holder.id = 'console-snippet';
    holder.innerHTML = markup;
    document.body.prepend(holder);
  }, button);
  await page.locator('#console-snippet button').click();
  const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
  await checkout.waitForForm();
  return { context, page, checkout };
}

describe.runIf(browserAvailable())('sandbox console (issue 13): create, watch live, settle, mailbox, webhooks', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await new Promise((r) => receiver?.server.close(r));
  });
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('creates a merchant and a link, pays it by Nequi QR and cash from the demo shop, settles both, and watches payments and webhooks change without a reload', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const ui = new ConsolePage(page, sandbox.url);
    await ui.open('es');
    await page.getByText(/en vivo: los cambios llegan solos/i).waitFor({ timeout: 10_000 });
    // Marks this document: everything below must happen without a reload.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    expect(await axeViolations(page)).toEqual([]);

    // A merchant with a webhook URL: its keys are shown once, and it becomes the links' merchant.
    const merchant = ui.card(/^comercio$/i);
    await merchant.getByLabel(/^nombre$/i).fill('Zapatería <b>Consola</b>');
    await merchant.getByLabel(/url de webhook/i).fill(receiver.url);
    await merchant.getByRole('button', { name: /^crear$/i }).click();
    await merchant.getByText(/comercio #\d+ creado/i).waitFor();
    expect(await merchant.locator('dd code').first().textContent()).toMatch(/^sk_/);
    const merchantId = /#(\d+)/.exec((await merchant.getByText(/comercio #\d+ creado/i).textContent()) ?? '')?.[1];

    // Only the title is said: the keys are there to read.
    expect(await merchant.locator('[role="status"]').allTextContents()).toEqual([`Comercio #${merchantId} creado. Los enlaces nuevos lo usan.`]);

    const link = ui.card(/enlace de pago/i);
    expect(await link.getByLabel(/^comercio$/i).inputValue()).toBe(merchantId);
    // A negative price says it must be more than 0, not how to write dollars.
    await link.getByLabel(/^monto/i).fill('-5');
    await link.getByLabel(/^descripción$/i).fill('Zapatos de prueba');
    await link.getByRole('button', { name: /^crear$/i }).click();
    await link.getByRole('alert').getByText('Error: El importe debe ser mayor que 0').waitFor();
    await link.getByLabel(/^monto/i).fill('20');
    await link.getByLabel(/^impuesto/i).fill('1.40');
    await link.getByLabel(/^descripción$/i).fill('Zapatos de prueba');
    await link.getByLabel(/^descripción en inglés/i).fill('Test shoes');
    for (const type of ['VISA', 'NEQUI', 'CASH']) await link.getByLabel(type, { exact: true }).check();
    await link.getByRole('button', { name: /^crear$/i }).click();
    await link.getByText(/enlace LK\w+ creado/i).waitFor();
    const code = /LK\w+/.exec((await link.getByText(/enlace LK\w+ creado/i).textContent()) ?? '')?.[0] ?? '';
    const snippet = (await link.locator('pre code').textContent()) ?? '';
    expect(snippet).toContain(`data-pasarela-code="${code}"`);
    // Only the title is said, not the URL and the embed code; the focus stays on the Create button.
    expect(await link.locator('[role="status"], [aria-live]:not(:empty)').allTextContents()).toEqual([`Enlace ${code} creado`]);
    expect(await ui.focused()).toBe('button "Crear"');
    expect(await link.getByRole('link', { name: new RegExp(`^${sandbox.url}/`) }).getAttribute('href')).toMatch(/^http:\/\/localhost:\d+\/lk/);
    await screenshot(page, { path: `${SHOTS}/console-create.png`, fullPage: true });
    // The payer reads the description in their language: English given, Spanish left to the default.
    const english = await browser.newPage({ locale: 'en-US' });
    await english.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=en`);
    await english.getByText('Test shoes').first().waitFor({ timeout: 20_000 });
    expect(await english.locator('body').innerText()).not.toContain('Zapatos de prueba');
    await english.close();

    await ui.tab(/transacciones/i).click();
    await page.getByLabel(/^enlace$/i).selectOption(code);
    await page.getByText(/^0 transacciones$/).waitFor();
    // The count is said when a filter is changed; the list's count itself is not live, so an action is said once, by the notice.
    await expect.poll(() => page.locator('.count-said').textContent()).toBe('Con estos filtros: 0 transacciones');
    expect(await page.locator('p.count').getAttribute('aria-live')).toBeNull();

    // Nequi QR from the demo shop, with the console's snippet.
    const nequi = await payFromShop(browser, sandbox.demoUrl, snippet);
    await nequi.checkout.chooseMethod(/Nequi/);
    await nequi.checkout.frame.getByRole('radio', { name: /código qr/i }).check();
    await nequi.checkout.frame.getByRole('button', { name: /mostrar código qr/i }).click();
    await nequi.checkout.frame.getByRole('img', { name: /QR/ }).waitFor({ timeout: 15_000 });

    // Cash (PayCash) from the demo shop.
    const cash = await payFromShop(browser, sandbox.demoUrl, snippet);
    await cash.checkout.chooseMethod(/Efectivo/);
    const networks = cash.checkout.frame.getByRole('radiogroup', { name: /elige dónde pagar/i });
    await cash.checkout.field('cash-email').waitFor();
    // A new merchant has the PayCash network only; with both, the payer picks one.
    if ((await networks.count()) > 0) await networks.getByRole('radio', { name: /PayCash/ }).check();
    await cash.checkout.field('cash-email').fill('maria.nunez@example.com');
    await cash.checkout.field('cash-phone').fill('+507 6123-4567');
    await cash.checkout.frame.locator('#method-panel-cash form button[type="submit"]').click();
    // The voucher's digits, shown grouped (1234 5678 9012); the console lists them bare.
    const voucher = cash.checkout.frame.getByText(/^\d{4} \d{4} \d{4}$/);
    await voucher.waitFor({ timeout: 15_000 });
    const reference = ((await voucher.textContent()) ?? '').replace(/\s/g, '');

    // Both arrive in the console by themselves, pending, each with its settle buttons.
    const nequiTx = ui.transaction(/Nequi/);
    const cashTx = ui.transaction(reference);
    await expect.poll(() => nequiTx.getByText(/^pendiente$/i).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cashTx.getByText(/^pendiente$/i).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(/^2 transacciones$/).isVisible()).toBe(true);
    expect(await nequiTx.getByRole('link', { name: /comprobante/i }).getAttribute('href')).toMatch(/^\/pf\/default-receipt\/\w+/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/console-pending.png`, fullPage: true });

    // Settle both from the console by keyboard, only pending payments shown: the voucher is paid at a
    // kiosk, then the payer accepts in the Nequi app. A settled payment leaves the list: the focus goes
    // to the payment now in its place, then to the list's heading, never to the page's body, and the
    // notice says the status the payment took.
    const cashOper = await cashTx.getAttribute('data-codoper');
    const nequiOper = await nequiTx.getAttribute('data-codoper');
    await page.getByLabel(/^resultado$/i).selectOption('PENDING');
    await page.getByText(/^2 transacciones$/).waitFor();
    await cashTx.getByRole('button', { name: /efectivo: voucher pagado/i }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.focused(), { timeout: 15_000 }).toBe(`listitem "${nequiOper} Pendiente"`);
    await expect.poll(() => ui.notice()).toBe(`Hecho: Efectivo: voucher pagado (${cashOper}). Estado: Aprobada; ya no aparece con estos filtros`);
    // From the payment, Tab reaches its receipt, then its first settle button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await ui.focused()).toBe('button "Nequi: aprobar"');
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.focused(), { timeout: 15_000 }).toBe('heading "Transacciones" [level=2]');
    await expect.poll(() => ui.notice()).toBe(`Hecho: Nequi: aprobar (${nequiOper}). Estado: Aprobada; ya no aparece con estos filtros`);
    expect(await page.getByText(/^0 transacciones$/).isVisible()).toBe(true);
    await page.getByLabel(/^resultado$/i).selectOption('');
    await page.getByText(/^2 transacciones$/).waitFor();
    await expect.poll(() => nequiTx.getByText(/^aprobada$/i).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cashTx.getByText(/^aprobada$/i).isVisible(), { timeout: 15_000 }).toBe(true);
    // Settled: its settle buttons are gone; what remains is the merchant's refund.
    expect(await nequiTx.getByRole('button').allTextContents()).toEqual(['Reembolsar']);
    // A partial refund: more than what remains is refused in the form, a part goes through the wallet.
    const refundForm = nequiTx.getByRole('form', { name: /^reembolso de/i });
    await refundForm.getByLabel(/importe a reembolsar/i).fill('9999');
    await refundForm.getByRole('button', { name: 'Reembolsar' }).click();
    await refundForm.getByRole('alert').getByText(/^solo quedan \$\d+\.\d\d por reembolsar/i).waitFor();
    await refundForm.getByLabel(/importe a reembolsar/i).fill('5');
    await refundForm.getByRole('button', { name: 'Reembolsar' }).click();
    await expect.poll(() => nequiTx.getByText('Reembolsado: $5.00').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await refundForm.getByRole('alert').count()).toBe(0);
    await expect.poll(() => ui.notice()).toBe(`Hecho: Reembolsar (${nequiOper})`);
    // The same refund again is heard again: the same words in a new paragraph of the live region.
    await page.locator('.notice p').evaluate((p) => p.setAttribute('data-said-before', ''));
    await refundForm.getByLabel(/importe a reembolsar/i).fill('5');
    await refundForm.getByRole('button', { name: 'Reembolsar' }).click();
    await expect.poll(() => nequiTx.getByText('Reembolsado: $10.00').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('.notice p:not([data-said-before])').textContent()).toBe(`Hecho: Reembolsar (${nequiOper})`);
    // The open checkouts turn into receipts by themselves, too.
    await expect.poll(() => nequi.checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cash.checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, { path: `${SHOTS}/console-settled.png`, fullPage: true });

    // Filters: the outcome filter is applied by the server.
    await page.getByLabel(/^resultado$/i).selectOption('PENDING');
    await page.getByText(/^0 transacciones$/).waitFor();
    await page.getByLabel(/^resultado$/i).selectOption('');
    await page.getByText(/^2 transacciones$/).waitFor();

    // Webhooks: one delivery per change (pending, then approved) for each payment, and each of the two refunds, delivered with 200.
    await ui.tab(/webhooks/i).click();
    await expect.poll(() => page.locator('li.webhook').count(), { timeout: 20_000 }).toBe(6);
    await expect.poll(() => page.locator('li.webhook .status-code').allTextContents(), { timeout: 20_000 }).toEqual(['200', '200', '200', '200', '200', '200']);
    expect(receiver.heard).toHaveLength(6);
    const first = page.locator('li.webhook').first();
    await first.getByText(/^cuerpo/i).click();
    expect(await first.locator('pre').textContent()).toContain('"result": "APPROVED"');
    // Redeliver: the attempts start again, the new attempt shows by itself and is said, the focus kept on the button.
    const redeliver = first.getByRole('button', { name: /^reenviar/i });
    const eventId = ((await redeliver.getAttribute('aria-label')) ?? '').replace(/^Reenviar /, '');
    await redeliver.click();
    await expect.poll(() => receiver.heard.length, { timeout: 15_000 }).toBe(7);
    await expect.poll(() => first.locator('.attempts').textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => ui.notice(), { timeout: 15_000 }).toBe(`Reenviado ${eventId}: entregado (HTTP 200)`);
    expect(await ui.focused()).toBe(`button "Reenviar ${eventId}": Reenviar`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/console-webhooks.png`, fullPage: true });

    // Text is never markup: the merchant's name came back as typed.
    await ui.tab(/crear/i).click();
    expect(await page.locator('option', { hasText: 'Zapatería <b>Consola</b>' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await nequi.context.close();
    await cash.context.close();
    await context.close();
  });

  it('plays every other outside party from the console: crypto under-paid then paid, Clave, 3DS, a subscription falling due, a random charge on the statement, Yappy for a phone that never answers', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const ui = new ConsolePage(page, sandbox.url);
    await ui.open('es');
    await page.getByText(/en vivo: los cambios llegan solos/i).waitFor({ timeout: 10_000 });
    const link = ui.card(/enlace de pago/i);
    await link.getByLabel(/^comercio$/i).selectOption('1');
    await link.getByLabel(/^descripción$/i).fill('Todos los métodos');
    await link.getByRole('button', { name: /^crear$/i }).click();
    await link.getByText(/enlace LK\w+ creado/i).waitFor();
    const code = /LK\w+/.exec((await link.getByText(/enlace LK\w+ creado/i).textContent()) ?? '')?.[0] ?? '';
    const snippet = (await link.locator('pre code').textContent()) ?? '';

    // A plan, with a subscription ready to pay at its checkout URL.
    const plan = ui.card(/plan de suscripción/i);
    await plan.getByLabel(/nombre del plan/i).fill('Club del café');
    await plan.getByRole('button', { name: /^crear$/i }).click();
    await plan.getByText(/plan #\d+ creado/i).waitFor();
    const subscriptionUrl = (await plan.getByRole('link').first().getAttribute('href')) ?? '';
    const subscriptionKey = /code=(SUB\w+)/.exec(subscriptionUrl)?.[1] ?? '';
    expect(subscriptionKey).not.toBe('');

    await ui.tab(/transacciones/i).click();
    await page.getByLabel(/^enlace$/i).selectOption(code);

    const crypto = await payFromShop(browser, sandbox.demoUrl, snippet);
    await crypto.checkout.chooseMethod(/Cripto/);
    await crypto.checkout.frame.getByRole('combobox', { name: /^Moneda$/ }).selectOption('USDT');
    await crypto.checkout.frame.getByRole('combobox', { name: /^Red$/ }).selectOption('TRX');
    await crypto.checkout.frame.getByRole('button', { name: /obtener dirección de pago/i }).click();
    await crypto.checkout.frame.getByRole('img', { name: /QR/ }).waitFor({ timeout: 15_000 });

    const clave = await payFromShop(browser, sandbox.demoUrl, snippet);
    await clave.checkout.chooseMethod(/Clave/);
    await clave.checkout.frame.getByRole('button', { name: /continuar al banco/i }).click();
    await clave.checkout.frame.getByRole('button', { name: /aprobar/i }).waitFor({ timeout: 15_000 });

    const card = await payFromShop(browser, sandbox.demoUrl, snippet);
    await card.checkout.fillCard({ number: '4000 0000 0000 3220' });
    await card.checkout.submit();
    await card.checkout.frame.getByRole('button', { name: /aprobar/i }).waitFor({ timeout: 15_000 });

    const yappy = await payFromShop(browser, sandbox.demoUrl, snippet);
    await yappy.checkout.chooseMethod(/Yappy/);
    await yappy.checkout.field('yappy-phone').fill('63333333');
    await yappy.checkout.frame.locator('#method-panel-yappy form button[type="submit"]').click();

    const cryptoTx = ui.transaction(/Cripto/);
    const claveTx = ui.transaction(/Clave/);
    const cardTx = ui.transaction(/Tarjeta/);
    const yappyTx = ui.transaction(/Yappy/);
    await cryptoTx.getByRole('button', { name: /cripto: pago incompleto/i }).click();
    await expect.poll(() => cryptoTx.getByRole('button').allTextContents(), { timeout: 15_000 }).toEqual(['Cripto: confirmado completo', 'Anular']);
    expect(await cryptoTx.getByText(/^pendiente$/i).isVisible()).toBe(true);
    await expect.poll(() => crypto.checkout.frame.getByText(/aún faltan/i).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await cryptoTx.getByRole('button', { name: /cripto: confirmado completo/i }).click();
    await claveTx.getByRole('button', { name: /clave: aprobar/i }).click();
    await cardTx.getByRole('button', { name: /3ds: aprobar/i }).click();
    await yappyTx.getByRole('button', { name: /yappy: aprobar/i }).click();
    for (const tx of [cryptoTx, claveTx, cardTx, yappyTx]) await expect.poll(() => tx.getByText(/^aprobada$/i).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => crypto.checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);

    // The approved card payment takes a random charge, read off the statement.
    await cardTx.getByRole('button', { name: /cargo aleatorio: crear y revelar/i }).click();
    await cardTx.getByText(/PASARELA\*VERIFICA \d\.\d\d USD/).waitFor({ timeout: 10_000 });
    await screenshot(page, { path: `${SHOTS}/console-every-method.png`, fullPage: true });

    // The subscription, paid by card, then falling due now: a renewal charge appears by itself.
    const subscriber = await context.newPage();
    await subscriber.goto(subscriptionUrl);
    const subscriptionCheckout = new CheckoutFrame(subscriber);
    await subscriptionCheckout.waitForForm();
    await subscriptionCheckout.fillCard({ number: '4242 4242 4242 4242' });
    await subscriptionCheckout.submit();
    await expect.poll(() => subscriber.url(), { timeout: 15_000 }).toMatch(/\/pf\/default-receipt\//);
    await page.bringToFront();
    await page.getByLabel(/^enlace$/i).selectOption('');
    const subscriptionTx = ui.transaction(subscriptionKey);
    await expect.poll(() => subscriptionTx.count(), { timeout: 15_000 }).toBe(1);
    await subscriptionTx.getByRole('button', { name: /suscripción: cobrar ahora/i }).click();
    await expect.poll(() => subscriptionTx.count(), { timeout: 15_000 }).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    for (const opened of [crypto, clave, card, yappy]) await opened.context.close();
    await context.close();
  });

  it('cancels a subscription from the Subscriptions tab after asking: Escape keeps it, confirmed it is cancelled once, said and focused', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const ui = new ConsolePage(page, sandbox.url);
    await ui.open('es');
    // A merchant with a webhook URL (picked for what is created next), and its plan with a subscription ready to pay.
    const merchant = ui.card(/^comercio$/i);
    await merchant.getByLabel(/^nombre$/i).fill('Club Consola');
    await merchant.getByLabel(/url de webhook/i).fill(receiver.url);
    await merchant.getByRole('button', { name: /^crear$/i }).click();
    await merchant.getByText(/comercio #\d+ creado/i).waitFor();
    const merchantId = /#(\d+)/.exec((await merchant.getByText(/comercio #\d+ creado/i).textContent()) ?? '')?.[1] ?? '';
    const plan = ui.card(/plan de suscripción/i);
    await plan.getByLabel(/nombre del plan/i).fill('Club de lectura');
    await plan.getByRole('button', { name: /^crear$/i }).click();
    await plan.getByText(/plan #\d+ creado/i).waitFor();
    const subscriptionKey = /code=(SUB\w+)/.exec((await plan.getByRole('link').first().getAttribute('href')) ?? '')?.[1] ?? '';
    expect(subscriptionKey).not.toBe('');

    await ui.tab(/suscripciones/i).click();
    expect(await page.getByLabel(/^comercio$/i).inputValue()).toBe(merchantId);
    const row = page.locator(`li[data-subscription="${subscriptionKey}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('[data-subscription-status]').textContent()).toBe('Pendiente del primer pago');
    const cancel = row.getByRole('button', { name: /^cancelar la suscripción$/i });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: /cancelar la suscripción de/i });
    await dialog.waitFor();
    expect(await ui.focused()).toBe('button "No, mantenerla"');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/console-subscription-cancel-dialog.png`, fullPage: true });
    // Escape: nothing cancelled, the focus back on the row's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => ui.focused()).toMatch(/^button "Cancelar la suscripción/);
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-subscription'))).toBe(subscriptionKey);
    const read = async () => (await (await fetch(`${sandbox.url}/sandbox/merchants/${merchantId}/subscriptions/${subscriptionKey}`)).json()) as { status: string };
    expect((await read()).status).toBe('pending');

    // Confirmed from the keyboard: cancelled, the row says so and takes the focus, the status says it.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await ui.focused()).toBe('button "Sí, cancelarla"');
    await page.keyboard.press('Enter');
    await expect.poll(() => row.locator('[data-subscription-status]').textContent(), { timeout: 10_000 }).toBe('Cancelada');
    expect(await cancel.count()).toBe(0);
    await page.getByRole('status').filter({ hasText: `Suscripción de` }).filter({ hasText: subscriptionKey }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-subscription'))).toBe(subscriptionKey);
    expect((await read()).status).toBe('cancelled');
    // The subscription.cancelled event, recorded once for its merchant's webhooks.
    const { webhooks } = (await (await fetch(`${sandbox.url}/sandbox/webhooks?merchantId=${merchantId}`)).json()) as { webhooks: Array<{ type: string; body: { data?: { subscriptionKey?: string } } }> };
    expect(webhooks.filter((w) => w.type === 'subscription.cancelled' && w.body.data?.subscriptionKey === subscriptionKey)).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a new wallet user\'s signup code in the mailbox, newest first, with a copy button; on a 360 px screen, in English too', async () => {
    const email = `nuevo.${Date.now()}@example.com`;
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 780 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url });
    const page = await context.newPage();
    const ui = new ConsolePage(page, sandbox.url);
    await ui.open('es');
    await ui.tab(/correo/i).click();
    await screenshot(page, { path: `${SHOTS}/console-mailbox-empty-360.png`, fullPage: true });

    // A payer signs up in the wallet: the code is e-mailed.
    const signup = await context.newPage();
    await signup.goto(`${sandbox.url}/pf/widget/signup`);
    await signup.getByLabel(/correo electrónico/i).fill(email);
    await signup.getByLabel(/^nombre$/i).fill('Lucia');
    await signup.getByLabel(/^apellido$/i).fill('Gomez');
    await signup.getByLabel(/^teléfono$/i).fill('+50761234567');
    await signup.getByLabel(/^nueva contraseña$/i).fill('Nueva#2026clave');
    await signup.getByLabel(/^confirmar contraseña$/i).fill('Nueva#2026clave');
    await signup.getByRole('button', { name: /registrarme/i }).click();
    await signup.getByLabel(/código enviado a tu correo/i).waitFor();

    // The e-mail shows in the open mailbox by itself (newest first).
    await page.bringToFront();
    const code = page.locator('li.mail .code').first();
    await code.waitFor({ timeout: 10_000 });
    const shown = (await code.textContent()) ?? '';
    expect(shown).toBe(await mailedCode(sandbox.url, email));
    expect(await page.locator('li.mail').first().textContent()).toContain(email);
    // The recipient filter narrows the list to that address.
    await page.getByLabel(/destinatario/i).fill(email);
    await page.getByRole('button', { name: /actualizar/i }).click();
    await expect.poll(() => page.locator('li.mail').count()).toBe(1);
    await page.getByRole('button', { name: new RegExp(`copiar código ${shown}`, 'i') }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/console-mailbox-360.png`, fullPage: true });

    // The code lets the payer finish signing up.
    await signup.getByLabel(/código enviado a tu correo/i).fill(shown);
    await signup.getByRole('button', { name: /confirmar/i }).click();
    await signup.getByRole('heading', { name: /mi billetera/i }).waitFor();

    // English, by the language button; the keyboard reaches every tab.
    await page.getByRole('button', { name: /^english$/i }).click();
    await page.getByRole('heading', { name: /sandbox console/i }).waitFor();
    await ui.tab(/^create$/i).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^transactions$/i }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/console-transactions-en-360.png`, fullPage: true });
    await ui.tab(/^create$/i).click();
    await screenshot(page, { path: `${SHOTS}/console-create-en-360.png`, fullPage: true });
    await context.close();
  });
});
