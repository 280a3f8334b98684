import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { Pasarela } from '@pasarela/node';
import { browserAvailable } from './support/browser';
import { openLinkPage, payCardThroughChallenge } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import { payByCardOnShop, startShopServer } from './support/shopServer';
import { withStripeSandbox } from './support/stripe';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// Issue 89: a manual-capture link (captureMethod manual, the merchant's choice) paid by card in
// Chromium through the checkout: the payer sees it approved, the card is only held; the shop captures
// part through the merchant API; the rest is released and the books hold only the captured part. With
// the simulated card processor, and with Stripe (stripe-stateful-mock) as the card processor, whose
// own charge is captured for that amount.

async function newMerchant(url: string): Promise<Pasarela> {
  const res = await fetch(`${url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Alquileres E2E' }) });
  const { secretKey } = (await res.json()) as { secretKey: string };
  return new Pasarela({ secretKey, baseUrl: url });
}

/** Pays a manual link of $30 in Chromium, captures $20 of it, and checks what the merchant API tells. */
async function payHoldAndCapturePart(browser: Browser, url: string, pasarela: Pasarela, whileHeld: (codOper: string) => Promise<void> = async () => {}): Promise<string> {
  const orderReference = `order-${randomUUID().slice(0, 8)}`;
  const link = await pasarela.paymentLinks.create({ amount: 30, taxAmount: 0, description: 'Depósito', orderReference, singleUse: true, captureMethod: 'manual' });
  expect(link.captureMethod).toBe('manual');
  const shop = await startShopServer(url);
  try {
    await payByCardOnShop(browser, shop.url, link.code, { lang: 'en', card: '4242 4242 4242 4242' });
  } finally {
    await shop.close();
  }
  const [held] = (await pasarela.transactions.list({ orderReference })).data;
  expect(held).toMatchObject({ result: 'APPROVED', captureMethod: 'manual', captured: false, capturableAmount: 30, refundableAmount: 0 });
  const codOper = held?.codOper ?? '';
  // Nothing held is in the books.
  expect((await pasarela.balanceTransactions.list()).data).toEqual([]);
  await whileHeld(codOper);

  const captured = await pasarela.transactions.capture(codOper, { amount: 20 }, { idempotencyKey: `capture-${orderReference}` });
  expect(captured).toMatchObject({ result: 'APPROVED', captured: true, capturableAmount: 0, captureBefore: null, refundableAmount: 20 });
  // Once: the rest was released.
  await expect(pasarela.transactions.capture(codOper, { amount: 10 })).rejects.toMatchObject({ status: 409, code: 'transaction_already_captured' });
  const lines = (await pasarela.balanceTransactions.list()).data;
  expect(lines.map((l) => [l.type, l.amount, l.codOper])).toEqual([['payment', 20, codOper]]);
  const balance = await pasarela.balance.retrieve();
  expect(balance.available + balance.pending).toBe(lines[0]?.net);
  return codOper;
}

describe.runIf(browserAvailable())('a manual-capture link with the simulated card processor', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({}, (started) => ({ sandbox, browser } = started));

  it('is held for the payer, captured in part by the merchant API, and only that part reaches the books', async () => {
    await payHoldAndCapturePart(browser, sandbox.url, await newMerchant(sandbox.url));
  }, 120_000);
});

// With no splash the server draws the receipt into its page (packages/widget/src/prerender.tsx), as
// the return from the issuer's 3DS page lands on it before the widget's script has run.
describe.runIf(browserAvailable())('a manual-capture payment\'s receipt with the simulated card processor', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  // A hold takes nothing until the shop captures it (maybe less) or voids it: its receipt, in the
  // checkout and as the server draws it on the return from the issuer's 3DS page, says the amount is
  // held on the card and charged when the shop confirms the order, never that it was paid or approved.
  it('its receipt and its transaction result say the amount is held, in the checkout and drawn on the return from 3DS', async () => {
    const pasarela = await newMerchant(sandbox.url);
    const HELD_NOTE = 'Este monto queda reservado en tu tarjeta y se cobrará cuando la tienda confirme tu pedido.';
    for (const threeDs of [false, true]) {
      const link = await pasarela.paymentLinks.create({ amount: 30, taxAmount: 0, description: 'Depósito', orderReference: `held-${randomUUID().slice(0, 8)}`, singleUse: true, captureMethod: 'manual' });
      const { context, page, checkout } = await openLinkPage(browser, sandbox.url, link.code);
      if (threeDs) await payCardThroughChallenge(page);
      else {
        await checkout.waitForForm();
        await checkout.fillCard({ number: '4242 4242 4242 4242' });
        await checkout.submit();
        await checkout.receiptTitle.waitFor({ timeout: 30_000 });
      }
      expect(await page.locator('.receipt__badge').textContent()).toBe('Reservado');
      expect(await page.locator('.receipt__note').textContent()).toBe(HELD_NOTE);
      expect(await page.getByText(/aprobado|pagado/i).count()).toBe(0);
      // The receipt's address as the server draws it (what the 3DS return lands on before the widget starts).
      const drawn = await (await fetch(page.url(), { headers: { 'accept-language': 'es-PA' } })).text();
      expect(drawn).toContain(HELD_NOTE);
      expect(drawn).toContain('>Reservado<');
      // The transaction result page (/pf/tx-result) says the same: held, not approved.
      const codOper = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      await page.goto(`${sandbox.url}/pf/tx-result?Oper=${codOper}`);
      await page.getByRole('heading', { level: 1, name: 'Reservado' }).waitFor({ timeout: 20_000 });
      expect(await page.locator('.receipt__note').textContent()).toBe(HELD_NOTE);
      expect(await page.getByText(/aprobado|pagado/i).count()).toBe(0);
      await context.close();
    }
  }, 120_000);
});

describe.runIf(browserAvailable())('a manual-capture link with Stripe as the card processor', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let stripe: () => Stripe;
  withStripeSandbox((started) => ({ sandbox, browser, stripe } = started));

  it('holds the charge at Stripe uncaptured, captures $20 of it there, and the books hold $20', async () => {
    const chargesOf = async (codOper: string) => {
      const charges: Stripe.Charge[] = [];
      for await (const charge of stripe().charges.list({ limit: 100 })) if (charge.metadata['pasarela_key'] === codOper) charges.push(charge);
      return charges.map((c) => [c.amount, c.currency, c.captured, c.amount_captured]);
    };
    const codOper = await payHoldAndCapturePart(browser, sandbox.url, await newMerchant(sandbox.url), async (held) => {
      expect(await chargesOf(held)).toEqual([[3000, 'usd', false, 0]]);
    });
    expect(await chargesOf(codOper)).toEqual([[3000, 'usd', true, 2000]]);
  }, 120_000);
});
