import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Pasarela, type BalanceTransaction, type DisputeEvent, type PayoutEvent, type WebhookEvent } from '@pasarela/node';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { centsOf, csvRows, payByCardOnShop, startShopServer } from './support/shopServer';
import { ConsolePage } from './support/consolePage';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = 'e2e/artifacts';

// A merchant's month, end to end on the built server (docs/merchant-api.md "Books" and
// "Disputes"): payers pay four orders by card in the checkout, one of them with 4000 0000 0000 1976
// (approved, then disputed) and one more so; the shop's server, on @pasarela/node, refunds part of
// an order, answers a dispute with evidence; the merchant accepts the other dispute in the console;
// the sandbox decides the first one won and pays out. The payout's CSV adds up to the payout to the
// cent, the shop reconciles the payout's lines with its orders, and it heard every step as a signed
// webhook. The console's Books tab shows the disputes and the payout (es and en, 360 px and desktop).

/** Default card price: 2.90 % + 0.30 (docs/merchant-api.md "Fees"). */
const ORDERS = [
  { order: 'pedido-1', amount: 40, card: '4242 4242 4242 4242', fee: 1.46 },
  { order: 'pedido-2', amount: 25.5, card: '4242 4242 4242 4242', fee: 1.04 },
  { order: 'pedido-3', amount: 60, card: '4000 0000 0000 1976', fee: 2.04 },
  { order: 'pedido-4', amount: 10, card: '4000 0000 0000 1976', fee: 0.59 },
] as const;
// 135.50 paid - 5.13 in fees; the refund of 5.25 gives back 0.21 of pedido-2's fee (1.04 × 5.25 /
// 25.50); each dispute took its amount and a 15.00 fee; pedido-3's won back its 60.00, pedido-4's
// (10.00) was accepted: 135.50 - 5.13 - (5.25 - 0.21) - (60 + 15) + 60 - (10 + 15) = 85.33.
const PAYOUT_CENTS = 8533;

describe.runIf(browserAvailable())('the merchant\'s month: pay, refund, disputes, payout, the report and the reconciliation', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ WEBHOOK_INTERVAL_MS: '200' }, (started) => ({ sandbox, browser } = started), 'full');

  async function openBooks(page: Page, lang: 'es' | 'en', merchantId: number): Promise<void> {
    const ui = new ConsolePage(page, sandbox.url);
    await ui.open(lang);
    await ui.tab(lang === 'es' ? /saldo y pagos/i : /balance and payouts/i).click();
    await page.getByRole('region', { name: lang === 'es' ? /saldo, pagos a la cuenta/i : /balance, payouts/i }).getByLabel(lang === 'es' ? 'Comercio' : 'Merchant').selectOption(String(merchantId));
  }

  it('Balance and payouts offers a merchant created after the console opened, and one whose first read failed, without a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      // The console's reads of the merchants fail (as a read that timed out on a busy server does) until the merchant exists.
      let merchantsDown = true;
      await page.route('**/sandbox/merchants', (route) => (merchantsDown && route.request().method() === 'GET' ? route.abort('connectionreset') : route.continue()));
      const ui = new ConsolePage(page, sandbox.url);
      await ui.open('en');
      await ui.tab(/balance and payouts/i).click();
      const books = page.getByRole('region', { name: /balance, payouts/i });
      await page.locator('.notice .error').waitFor();
      expect(await books.getByLabel('Merchant').locator('option').count()).toBe(0);
      merchantsDown = false;
      const created = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Papelería Nueva' }) });
      const { idMerchant } = (await created.json()) as { idMerchant: number };
      // What a user does: Refresh on the tab, or opening it again.
      await books.getByRole('button', { name: 'Refresh' }).click();
      await books.getByLabel('Merchant').selectOption(String(idMerchant));
      expect(await books.getByLabel('Merchant').locator('option:checked').textContent()).toBe(`#${idMerchant} Papelería Nueva`);
      const another = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Papelería Otra' }) });
      const { idMerchant: anotherId } = (await another.json()) as { idMerchant: number };
      await ui.tab(/create/i).click();
      await ui.tab(/balance and payouts/i).click();
      await books.getByLabel('Merchant').selectOption(String(anotherId));
    } finally {
      await context.close();
    }
  });

  it('the payout\'s CSV and the shop\'s reconciliation add up to the payout, to the cent; every step a signed webhook; the console shows it', async () => {
    const shop = await startShopServer(sandbox.url);
    try {
      const created = await fetch(`${sandbox.url}/sandbox/merchants`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Librería del Mes', webhookUrl: `${shop.url}/webhooks` }),
      });
      const merchant = (await created.json()) as { idMerchant: number; secretKey: string; webhookSecret: string };
      shop.listen(merchant.webhookSecret);
      const pasarela = new Pasarela({ secretKey: merchant.secretKey, baseUrl: sandbox.url });
      const asMerchant = { authorization: `Bearer ${merchant.secretKey}`, 'content-type': 'application/json' };

      // The payers, each in their own browser.
      const codOperOf: Record<string, string> = {};
      for (const o of ORDERS) {
        const link = await pasarela.paymentLinks.create({ amount: o.amount, taxAmount: 0, description: `Libros ${o.order}`, orderReference: o.order });
        await payByCardOnShop(browser, shop.url, link.code, { lang: 'es', card: o.card });
        await expect.poll(async () => (await pasarela.transactions.list({ orderReference: o.order })).data.find((t) => t.result === 'APPROVED')?.codOper, { timeout: 20_000 }).toBeDefined();
        codOperOf[o.order] = String((await pasarela.transactions.list({ orderReference: o.order })).data.find((t) => t.result === 'APPROVED')?.codOper);
      }
      const orderOf = Object.fromEntries(Object.entries(codOperOf).map(([order, codOper]) => [codOper, order]));

      // Part of pedido-2 back, through the merchant API.
      expect(await pasarela.transactions.refund(codOperOf['pedido-2'] ?? '', { amount: 5.25 })).toMatchObject({ amount: 5.25, status: 'succeeded' });

      // The card processor disputes both 1976 payments a moment after their approval.
      await expect.poll(async () => (await pasarela.disputes.list()).data.length, { timeout: 30_000 }).toBe(2);
      const disputes = (await pasarela.disputes.list()).data;
      const disputeOf = (order: string) => disputes.find((d) => d.codOper === codOperOf[order]);
      const won = disputeOf('pedido-3');
      const accepted = disputeOf('pedido-4');
      expect(won).toMatchObject({ amount: 60, status: 'needs_response', reason: 'fraudulent' });
      expect(accepted).toMatchObject({ amount: 10, status: 'needs_response' });

      // The shop answers pedido-3's with evidence: POST /disputes/:id/evidence.
      const answered = await fetch(`${sandbox.url}/api/v1/merchant/disputes/${won?.id}/evidence`, {
        method: 'POST', headers: { ...asMerchant, 'idempotency-key': `evidence-${won?.id}` }, body: JSON.stringify({ evidence: 'Pedido 3 entregado el 20/11, firma del cliente adjunta' }),
      });
      expect([answered.status, ((await answered.json()) as { status: string }).status]).toEqual([200, 'under_review']);

      // The merchant accepts pedido-4's in the console.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await openBooks(page, 'es', merchant.idMerchant);
      const acceptedItem = page.locator(`li[data-dispute="${accepted?.id}"]`);
      await expect.poll(() => acceptedItem.locator('.badge').textContent()).toBe('Requiere respuesta');
      expect(await page.locator(`li[data-dispute="${won?.id}"] .badge`).textContent()).toBe('En revisión');
      // Beside its claim, what the dispute took from the balance.
      expect(await acceptedItem.locator('.facts').innerText()).toMatch(/Tipo\s+Contracargo\s+Tomado del saldo\s+\$10\.00/);
      // The answer form, labelled, with nothing for axe-core.
      expect(await acceptedItem.getByLabel('Pruebas (pedido, entrega, mensajes del cliente)').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}/books-month-dispute-open-es-desktop.png`, fullPage: true });
      await acceptedItem.getByRole('form', { name: `Disputa ${accepted?.id} del pago ${codOperOf['pedido-4']}` }).getByRole('button', { name: 'Aceptar la disputa' }).click();
      await expect.poll(() => acceptedItem.locator('.badge').textContent()).toBe('Perdida');
      await context.close();

      // The processor decides pedido-3's: won. Then the sandbox pays out now.
      const decided = await fetch(`${sandbox.url}/sandbox/disputes/${won?.id}/decide`, { method: 'POST', headers: asMerchant, body: JSON.stringify({ outcome: 'won' }) });
      expect(((await decided.json()) as { status: string }).status).toBe('won');
      const run = await fetch(`${sandbox.url}/sandbox/payouts/run`, { method: 'POST', headers: asMerchant, body: '{}' });
      const [payout] = ((await run.json()) as { payouts: Array<{ id: string; amount: number; status: string }> }).payouts;
      expect(payout).toMatchObject({ status: 'paid' });
      expect(centsOf(payout?.amount)).toBe(PAYOUT_CENTS);
      expect(await pasarela.balance.retrieve()).toEqual({ currency: 'USD', available: 0, pending: 0 });

      // The payout's report: the nets of its lines add up to it; its own line takes it out.
      const report = await fetch(`${sandbox.url}/api/v1/merchant/balance-transactions?payout=${payout?.id}`, { headers: { authorization: `Bearer ${merchant.secretKey}`, accept: 'text/csv' } });
      expect(report.headers.get('content-type')).toMatch(/^text\/csv/);
      const [header, ...rows] = csvRows(await report.text());
      expect(header?.slice(0, 7)).toEqual(['id', 'type', 'amount', 'fee', 'net', 'currency', 'created']);
      const col = (name: string) => header?.indexOf(name) ?? -1;
      const settled = rows.filter((r) => r[col('type')] !== 'payout');
      expect(settled.reduce((sum, r) => sum + centsOf(r[col('net')]), 0)).toBe(PAYOUT_CENTS);
      expect(rows.filter((r) => r[col('type')] === 'payout').map((r) => centsOf(r[col('net')]))).toEqual([-PAYOUT_CENTS]);
      for (const r of rows) expect(centsOf(r[col('amount')])).toBe(centsOf(r[col('fee')]) + centsOf(r[col('net')]));
      expect(settled.map((r) => r[col('type')]).sort()).toEqual(['dispute', 'dispute', 'dispute_reversal', 'payment', 'payment', 'payment', 'payment', 'refund']);
      const grossCents = settled.filter((r) => r[col('type')] === 'payment').reduce((sum, r) => sum + centsOf(r[col('amount')]), 0);
      const feeCents = settled.reduce((sum, r) => sum + centsOf(r[col('fee')]), 0);
      expect([grossCents, feeCents]).toEqual([13550, 513 - 21 + 3000]);

      // The shop's server reconciles its month: each order's fee and net, and the amount that arrived.
      const lines: BalanceTransaction[] = [];
      for await (const line of pasarela.balanceTransactions.list({ payout: payout?.id ?? '', limit: 3 })) lines.push(line);
      expect(lines).toHaveLength(rows.length);
      const ofPayout = lines.filter((l) => l.type !== 'payout');
      expect(ofPayout.reduce((sum, l) => sum + centsOf(l.net), 0)).toBe(centsOf((await pasarela.payouts.retrieve(payout?.id ?? '')).amount));
      expect(lines.filter((l) => l.type === 'payment').map((l) => [orderOf[String(l.codOper)], l.amount, l.fee]).sort())
        .toEqual(ORDERS.map((o) => [o.order, o.amount, o.fee]).sort());

      // Every step reached the shop as a webhook its secret signed.
      await expect.poll(() => shop.events.filter((e: WebhookEvent): e is PayoutEvent => e.type === 'payout.paid').map((e) => e.data.id), { timeout: 20_000 }).toEqual([payout?.id]);
      await expect.poll(() => shop.events.filter((e: WebhookEvent): e is DisputeEvent => String(e.type).startsWith('dispute.')).map((e) => `${e.type} ${e.data.id === won?.id ? 'won' : 'accepted'} ${e.data.status}`).sort(), { timeout: 20_000 })
        .toEqual(['dispute.closed accepted lost', 'dispute.closed won won', 'dispute.created accepted needs_response', 'dispute.created won needs_response', 'dispute.updated won under_review']);
      expect(shop.refused).toEqual([]);

      // The console's Books tab, in both languages, on a phone and a desktop.
      for (const [lang, text] of [['es', { paid: 'Pagado', won: 'Ganada', lost: 'Perdida' }], ['en', { paid: 'Paid', won: 'Won', lost: 'Lost' }]] as const) {
        for (const [size, viewport] of [['360', { width: 360, height: 780 }], ['desktop', { width: 1280, height: 900 }]] as const) {
          const shot = await browser.newContext({ viewport });
          const books = await shot.newPage();
          await openBooks(books, lang, merchant.idMerchant);
          const payoutItem = books.locator(`li[data-payout="${payout?.id}"]`);
          await expect.poll(() => payoutItem.textContent()).toContain('$85.33');
          expect(await payoutItem.locator('.badge').textContent()).toBe(text.paid);
          expect(await books.locator(`li[data-dispute="${won?.id}"] .badge`).textContent()).toBe(text.won);
          expect(await books.locator(`li[data-dispute="${accepted?.id}"] .badge`).textContent()).toBe(text.lost);
          if (size === 'desktop') expect(await axeViolations(books)).toEqual([]);
          await screenshot(books, { path: `${SHOTS}/books-month-${lang}-${size}.png`, fullPage: true });
          await shot.close();
        }
      }
    } finally {
      await shop.close();
    }
  });
});
