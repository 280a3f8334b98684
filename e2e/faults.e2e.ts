import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { approveNequi, createLink, transactionsFor } from './support/admin';
import { adminPost, guestPost } from './support/entries';
import { DEMO_USER, WalletScreens } from './support/wallet';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, openLinkPage, openShopCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const CARD_CALL = '**/api/v1/cards/auth-capture';
const NEQUI_PUSH = '**/api/v1/nequi/push';
const NEQUI_STATUS = '**/api/v1/nequi/payments/**';
/** payment_outcome_unknown, in Spanish: the answer was lost and the server could not be asked. */
const MAY_HAVE_GONE_THROUGH = /no pudimos confirmar si el pago se realizó/i;
/** payment_not_received, in Spanish: the answer was lost, and the server, asked, never got the payment. */
const NEVER_ARRIVED = /no llegó a procesarse y no se hizo ningún cargo/i;
const ATTEMPT_LOOKUP = '**/api/v1/payments/attempts/**';
const PROXY_502 = { status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' };

/** Serves the checkout with a short API timeout in its config, as an operator could set it. */
async function shortTimeout(context: BrowserContext, ms: number) {
  await context.route('**/pf/widget?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('id="pasarela-config">{', `id="pasarela-config">{"requestTimeoutMs":${ms},`);
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body });
  });
}

/** The request reaches the server, which records the payment; its answer never reaches the payer. */
async function loseTheAnswer(route: Route, how: 'drop' | 'stall' | '502') {
  const response = await route.fetch();
  if (how === 'drop') return route.abort('connectionreset');
  // A proxy between payer and server that failed after the server answered.
  if (how === '502') return route.fulfill(PROXY_502);
  await new Promise((r) => setTimeout(r, 4_000));
  // The page gave up waiting by now; nothing is left to answer.
  await route.fulfill({ response }).catch(() => undefined);
}

// Faults the payer meets. Never a blank screen; after an answer it did not get, the checkout asks
// the server about the attempt by its trackId (with backoff) and shows what happened before it
// offers any retry; a retry sends the same trackId: one payment ("Money is never wrong").
describe.runIf(browserAvailable())('faults during a card payment', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('an API slower than the checkout waits: the checkout asks about the attempt and shows the receipt of the one payment, no click', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl, { beforeOpen: (context) => shortTimeout(context, 2_000) });
    const { context, checkout, codes, shop } = opened;
    await context.route(CARD_CALL, (route) => loseTheAnswer(route, 'stall'));
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    await context.close();
  });

  it('a connection dropped mid-payment: the checkout finds the payment by its trackId and shows its receipt; never sent twice', async () => {
    const { context, checkout, codes, page } = await openShopCheckout(browser, sandbox.demoUrl);
    await context.route(CARD_CALL, (route) => loseTheAnswer(route, 'drop'));
    await checkout.fillCard({ number: '5555 5555 5555 4444' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/fault-dropped.png' });
    expect(await checkout.frame.getByText(MAY_HAVE_GONE_THROUGH).count()).toBe(0);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await context.close();
  });

  it('a 5xx page from a proxy before the server: asked, the server never got it, so "nothing was charged"; Pay again (nothing to retype) pays once', async () => {
    const { context, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    await context.route(CARD_CALL, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }), { times: 1 });
    await checkout.fillCard({ number: '4111 1111 1111 1111' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toMatch(NEVER_ARRIVED);
    expect(await checkout.alert.textContent()).not.toContain('Service Unavailable');
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    await context.close();
  });

  it('a 502 from a proxy after the server approved, and the look-ups failing a while: the checkout keeps asking and shows the receipt of the one payment', async () => {
    const { context, checkout, codes, shop, page } = await openShopCheckout(browser, sandbox.demoUrl);
    await context.route(CARD_CALL, (route) => loseTheAnswer(route, '502'), { times: 1 });
    let looks = 0;
    await context.route(ATTEMPT_LOOKUP, (route) => {
      looks += 1;
      return route.fulfill(PROXY_502);
    }, { times: 2 });
    // A card not paid before in this suite, so the 5-minute duplicate rule has nothing to say.
    await checkout.fillCard({ number: '3782 822463 10005', cvc: '1234' });
    await checkout.submit();
    // While it asks, the merchant page is not told of an outcome nobody knows yet.
    expect(await shop.result.getAttribute('data-status')).not.toBe('error');
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/fault-502-after-approval.png' });
    expect(looks).toBe(2);
    expect(await checkout.frame.getByText(/posible transacción duplicada/i).count()).toBe(0);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await context.close();
  });
});

// A saved card (a logged-in payer) follows the same rule; its own sandbox, so no earlier 4242 payment
// meets the 5-minute duplicate rule.
describe.runIf(browserAvailable())('faults during a saved-card payment', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('a 502 from a proxy after the server approved: the checkout finds it and shows the receipt of the one payment', async () => {
    const { context, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.chooseMethod(/Saldo/);
    await new WalletScreens(checkout.frame).logIn(DEMO_USER.login, DEMO_USER.password);
    await checkout.frame.getByRole('button', { name: /pagar con saldo/i }).waitFor();
    await checkout.chooseMethod(/Tarjeta/);
    await checkout.frame.getByRole('group', { name: /tarjetas guardadas/i }).getByRole('radio', { name: /Visa .*4242/ }).waitFor();
    await context.route('**/api/v1/activity/pay', (route) => loseTheAnswer(route, '502'), { times: 1 });
    const pay = checkout.frame.locator('.saved-cards').getByRole('button', { name: /pagar/i });
    await pay.click();
    // Found by its trackId: the receipt, without a second press.
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await context.close();
  });
});

// A subscription paid by card follows the same rule (SPEC 7: its payment is a process tx that
// activates it).
const SUBSCRIPTION_PAYMENT = /\/api\/v\d+\/process-tx$/;
describe.runIf(browserAvailable())('faults during a subscription card payment', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('a 502 from a proxy after the server charged: the checkout finds it and shows the subscription receipt, nothing charged twice', async () => {
    const plan = await adminPost<{ idPlan: number }>(sandbox, 'plans', { name: 'Plan Fallas', amount: 12.5, period: 'MO', chargeNow: true });
    const { subscriptionKey } = await guestPost<{ subscriptionKey: string }>(sandbox, 'subscriptions', { idPlan: plan.idPlan, email: 'suscriptor@example.com' });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    let payCalls = 0;
    await page.route(SUBSCRIPTION_PAYMENT, (route) => {
      payCalls += 1;
      return loseTheAnswer(route, '502');
    });
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${subscriptionKey}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await checkout.fillCard({ number: '5555 5555 5555 4444' });
    await checkout.submit();
    await expect.poll(() => page.getByRole('heading', { name: 'Comprobante de suscripción' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(payCalls).toBe(1);
    await context.close();
  });
});

// The same for a payment finished in the Nequi app: a lost push answer is found again, and a status
// call that fails does not end the wait.
describe.runIf(browserAvailable())('faults during a Nequi payment', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  async function pushTo(checkout: CheckoutFrame, phone: string) {
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).fill(phone);
    await checkout.frame.getByRole('button', { name: /enviar notificación/i }).click();
  }

  it.each([
    ['dropped', 'drop'],
    ['answered 502 by a proxy', '502'],
  ] as const)('the push answer %s: the checkout asks about it and follows the first push to its receipt, no click; one transaction', async (_, how) => {
    const { context, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    // Every answer lost while the fault lasts (the client's own retry of a reset connection too).
    await context.route(NEQUI_PUSH, (route) => loseTheAnswer(route, how));
    await checkout.chooseMethod(/Nequi/);
    await pushTo(checkout, '61111111');
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 25_000 }).toBe(true);
    expect(await checkout.frame.getByText(MAY_HAVE_GONE_THROUGH).count()).toBe(0);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'nequi', status: 1 })]);
    await context.close();
  });

  it('the push answer lost and the server out of reach for every look: "could not confirm"; a reload asks again at once and follows the first push', async () => {
    const code = await createLink(sandbox, { amount: 21, description: 'Recarga' });
    const { context, page, checkout } = await openLinkPage(browser, sandbox.url, code);
    await page.route(NEQUI_PUSH, (route) => loseTheAnswer(route, '502'));
    await page.route(ATTEMPT_LOOKUP, (route) => route.fulfill(PROXY_502));
    await checkout.chooseMethod(/Nequi/);
    await pushTo(checkout, '61111111');
    await expect.poll(() => checkout.alert.textContent(), { timeout: 30_000 }).toMatch(MAY_HAVE_GONE_THROUGH);
    await page.unroute(NEQUI_PUSH);
    await page.unroute(ATTEMPT_LOOKUP);
    await page.reload();
    // The checkout opens on Nequi, asks about the attempt it kept, and follows it: no press.
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 25_000 }).toBe(true);
    expect(await transactionsFor(sandbox, code)).toEqual([expect.objectContaining({ method: 'nequi', status: 1 })]);
    await context.close();
  });

  it('the push socket refused: the QR payment approved meanwhile is found by polling', async () => {
    const { context, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    let refused = 0;
    await context.routeWebSocket(/\/api\/v1\/push/, (ws) => {
      refused += 1;
      return ws.close({ code: 1011, reason: 'refused' });
    });
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('radio', { name: /código qr/i }).check();
    await checkout.frame.getByRole('button', { name: /mostrar código qr/i }).click();
    await checkout.frame.getByRole('img', { name: /QR/ }).waitFor({ timeout: 10_000 });
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(0);
    const [tx] = await transactionsFor(sandbox, codes[0] ?? '');
    expect(await approveNequi(sandbox, tx?.codOper ?? '')).toBe(200);
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });

  it('the status call failing 502 several times: the wait goes on and ends approved', async () => {
    const { context, checkout, codes, page } = await openShopCheckout(browser, sandbox.demoUrl);
    let failed = 0;
    await context.route(NEQUI_STATUS, (route) => {
      failed += 1;
      return route.fulfill(PROXY_502);
    }, { times: 4 });
    await checkout.chooseMethod(/Nequi/);
    await pushTo(checkout, '61111111');
    await expect.poll(() => failed, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await screenshot(page, { path: 'e2e/artifacts/fault-nequi-status-502.png' });
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(failed).toBe(4);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'nequi', status: 1 })]);
    await context.close();
  });
});
