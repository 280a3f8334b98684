import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { browserAvailable } from './support/browser';
import { adminPost, guestPost } from './support/entries';
import { createLink, transactionsFor } from './support/admin';
import { CheckoutFrame } from './support/pages';
import { WalletScreens } from './support/wallet';
import { withStripeSandbox } from './support/stripe';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// Saved cards with Stripe as the card processor (GATEWAYS_MODULE=@pasarela/gateway-stripe against
// stripe-stateful-mock): the wallet's card saved then paid with, and a subscription's first and
// next charge, in Chromium; the fake's own records, read with Stripe's client, hold a customer
// with that card and one charge per payment.

describe.runIf(browserAvailable())('saved cards at Stripe, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let stripe: () => Stripe;
  withStripeSandbox((started) => ({ sandbox, browser, stripe } = started));
  /** The fake's charges made under Pasarela's key (metadata pasarela_key). */
  async function chargesUnder(key: string): Promise<Stripe.Charge[]> {
    const found: Stripe.Charge[] = [];
    for await (const charge of stripe().charges.list({ limit: 100 })) if (charge.metadata['pasarela_key'] === key) found.push(charge);
    return found;
  }
  /** The customer whose card a charge took (the fake leaves `charge.customer` empty; the card names it). */
  function customerOf(charge: Stripe.Charge | undefined): string {
    const customer = charge?.customer ?? (charge?.source as Stripe.Card | null | undefined)?.customer;
    return typeof customer === 'string' ? customer : customer?.id ?? '';
  }
  /** The cards a customer holds at the fake, by last four. */
  async function cardsOf(customer: string): Promise<string[]> {
    expect(customer).toMatch(/^cus_/);
    const found = (await stripe().customers.retrieve(customer, { expand: ['sources'] })) as Stripe.Customer;
    return (found.sources?.data ?? []).map((s) => (s as Stripe.Card).last4);
  }

  it('a wallet card saved at Stripe, then paid with: one customer with that card, one charge of it', async () => {
    const login = `stripe${randomUUID().slice(0, 6)}`;
    await adminPost(sandbox, 'users', { email: `${login}@example.com`, login, password: 'Segura#2026', name: 'Ana', lastname: 'Prueba' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget/addcard`);
    await new WalletScreens(page).logIn(login, 'Segura#2026');
    await page.getByRole('heading', { name: /agregar tarjeta/i }).waitFor();
    const card = new CheckoutFrame(page);
    await card.field('cardnumber').fill('4242424242424242');
    await card.field('expirationDate').fill('12/34');
    await card.field('cvc').fill('123');
    await card.field('name').fill('ANA PRUEBA');
    await page.getByRole('button', { name: /guardar/i }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/pf/widget/home');

    const code = await createLink(sandbox, { amount: 12, description: 'Taza' });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const checkout = new CheckoutFrame(page);
    // Still logged in from adding the card: the card method offers the saved card, and once the
    // saved cards are in, the typed card's fields are hidden (waiting for them raced that list).
    await checkout.frame.getByRole('radiogroup', { name: /método de pago|payment method/i }).waitFor();
    await checkout.chooseMethod(/Tarjeta/);
    await checkout.frame.getByRole('radio', { name: /Visa .*4242/ }).waitFor();
    await checkout.frame.locator('.saved-cards').getByRole('button', { name: /pagar/i }).click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();

    const [paid] = await transactionsFor(sandbox, code);
    expect(paid).toMatchObject({ method: 'card', status: 1 });
    const charges = await chargesUnder(paid?.codOper ?? '');
    expect(charges.map((c) => [c.amount, c.status])).toEqual([[1200, 'succeeded']]);
    expect(await cardsOf(customerOf(charges[0]))).toEqual(['4242']);
  });

  it('a subscription\'s first payment saves the card at Stripe; the next charge is the saved card\'s, one charge each', async () => {
    const plan = await adminPost<{ idPlan: number }>(sandbox, 'plans', { name: 'Club Stripe', amount: 5, period: 'MO', chargeNow: true });
    const { subscriptionKey } = await guestPost<{ subscriptionKey: string }>(sandbox, 'subscriptions', { idPlan: plan.idPlan, email: 'socia@example.com' });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${subscriptionKey}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/pf\/default-receipt\//);
    await context.close();

    const next = await adminPost<{ charged: { codOper: string; status: number } | null }>(sandbox, `subscriptions/${subscriptionKey}/due`, {});
    expect(next.charged).toMatchObject({ status: 1 });
    const renewal = await chargesUnder(next.charged?.codOper ?? '');
    expect(renewal.map((c) => [c.amount, c.status])).toEqual([[500, 'succeeded']]);
    expect(await cardsOf(customerOf(renewal[0]))).toEqual(['4242']);
    // The first payment and the renewal: one charge each, every charge under a key of its own.
    const all: Stripe.Charge[] = [];
    for await (const charge of stripe().charges.list({ limit: 100 })) all.push(charge);
    const keys = all.map((c) => c.metadata['pasarela_key']);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.filter((c) => c.amount === 500)).toHaveLength(2);
  });
});
