import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { openShopCheckout } from './support/pages';
import type { RunningSandbox } from '../scripts/sandbox-process.mjs';

const CARD_CALL = '**/api/v1/cards/auth-capture';

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
async function loseTheAnswer(route: Route, how: 'drop' | 'stall') {
  const response = await route.fetch();
  if (how === 'drop') return route.abort('connectionreset');
  await new Promise((r) => setTimeout(r, 4_000));
  // The page gave up waiting by now; nothing is left to answer.
  await route.fulfill({ response }).catch(() => undefined);
}

// Issue: faults the payer meets. Never a blank screen, the catalogue's message, and the same click
// again never charges twice (the same trackId).
describe.runIf(browserAvailable())('faults during a card payment', () => {
  let sandbox: RunningSandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('an API slower than the checkout waits: the timeout message, then Pay again gives the receipt of the one payment', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl, { beforeOpen: (context) => shortTimeout(context, 2_000) });
    const { context, checkout, codes, shop } = opened;
    await context.route(CARD_CALL, (route) => loseTheAnswer(route, 'stall'));
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toMatch(/tardó demasiado/i);
    await context.unroute(CARD_CALL);
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    await context.close();
  });

  it('a connection dropped mid-payment: the connection message, then Pay again gives the receipt of the one payment', async () => {
    const { context, checkout, codes, page } = await openShopCheckout(browser, sandbox.demoUrl);
    await context.route(CARD_CALL, (route) => loseTheAnswer(route, 'drop'));
    await checkout.fillCard({ number: '5555 5555 5555 4444' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toMatch(/conexión/i);
    await page.screenshot({ path: 'e2e/artifacts/fault-dropped.png' });
    await context.unroute(CARD_CALL);
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await context.close();
  });

  it('a 5xx page from a proxy: a message, never a blank screen, and the payer can pay', async () => {
    const { context, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    await context.route(CARD_CALL, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }), { times: 1 });
    await checkout.fillCard({ number: '4111 1111 1111 1111' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toMatch(/error|intenta/i);
    expect(await checkout.alert.textContent()).not.toContain('Service Unavailable');
    await checkout.field('cvc').fill('123');
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    await context.close();
  });
});
