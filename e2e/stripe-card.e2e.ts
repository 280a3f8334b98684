import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { Pasarela } from '@pasarela/node';
import { browserAvailable } from './support/browser';
import { payByCardOnShop, startShopServer } from './support/shopServer';
import { withStripeSandbox } from './support/stripe';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// Stripe as the card processor (GATEWAYS_MODULE=@pasarela/gateway-stripe, the built server as
// npm start runs it) against stripe-stateful-mock, a fake of Stripe's API on this machine: a payer
// pays by card in Chromium through the checkout, the shop refunds half then the rest through the
// merchant API, and the fake's own records, read with Stripe's client, hold what Pasarela recorded.

describe.runIf(browserAvailable())('Stripe as the card processor, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let stripe: () => Stripe;
  withStripeSandbox((started) => ({ sandbox, browser, stripe } = started));

  it('pays by card at Stripe, refunds half then the rest, and Stripe holds one charge and the two refunds', async () => {
    const keysRes = await fetch(`${sandbox.url}/sandbox/merchants`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Tienda Stripe' }),
    });
    const keys = (await keysRes.json()) as { secretKey: string };
    const pasarela = new Pasarela({ secretKey: keys.secretKey, baseUrl: sandbox.url });
    const orderReference = `order-${randomUUID().slice(0, 8)}`;
    const link = await pasarela.paymentLinks.create({ amount: 30, taxAmount: 0, description: 'Pedido Stripe', orderReference, singleUse: true });
    const shop = await startShopServer(sandbox.url);
    await payByCardOnShop(browser, shop.url, link.code, { lang: 'en', card: '4242 4242 4242 4242' });
    await shop.close();

    const [paid] = (await pasarela.transactions.list({ orderReference })).data;
    expect(paid).toMatchObject({ result: 'APPROVED' });
    const codOper = paid?.codOper ?? '';
    expect(await pasarela.transactions.refund(codOper, { amount: 15 })).toMatchObject({ status: 'succeeded', transaction: { refundedAmount: 15 } });
    expect(await pasarela.transactions.refund(codOper, {})).toMatchObject({ status: 'succeeded', transaction: { refundedAmount: 30 } });

    // The fake's own books, read as a shop's accountant would read Stripe's.
    const charges: Stripe.Charge[] = [];
    for await (const charge of stripe().charges.list({ limit: 100 })) if (charge.metadata['pasarela_key'] === codOper) charges.push(charge);
    expect(charges.map((c) => [c.amount, c.currency, c.status, c.amount_refunded])).toEqual([[3000, 'usd', 'succeeded', 3000]]);
    const refunds = await stripe().refunds.list({ charge: charges[0]?.id ?? '' });
    expect(refunds.data.map((r) => r.amount).sort()).toEqual([1500, 1500]);
  });
});
