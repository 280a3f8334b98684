import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { browserAvailable, launchChromium } from './support/browser';
import { openShopCheckout } from './support/pages';
import { startSandboxInProcess } from './support/sandbox';
import { startHttpFaultProxy } from '../packages/sandbox/test/gateways/httpFaultProxy';
import { testSimulator } from '../packages/sandbox/test/testServer';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

/** The server's deadline for a call to the processors, shortened so the payment is in doubt at once. */
const PROCESSORS_TIMEOUT_MS = 1_500;
/** card_processing_failed and the other "nothing was charged" words, in Spanish. */
const NOTHING_CHARGED = /no se hizo ningún cargo/i;
const PENDING_NOTE = /pendiente de confirmación/i;

// A card payment whose processor charges but answers after the server's deadline: the server answers
// 504 payment_error_try_again and keeps the attempt in doubt; the reconciler later records it approved.
// The payer is never told nothing was charged: the checkout looks the attempt up by its trackId, shows
// it pending (the shop hears PENDING, never an error), and follows it until the reconciler decides.
describe.runIf(browserAvailable())('a card payment in doubt past the processor\'s deadline', () => {
  let proxy: Awaited<ReturnType<typeof startHttpFaultProxy>>;
  let sandbox: Sandbox;
  let browser: Browser;

  beforeAll(async () => {
    proxy = await startHttpFaultProxy((await testSimulator()).url);
    sandbox = await startSandboxInProcess({ SPLASH_MS: '0', PROCESSORS_URL: proxy.url, PROCESSORS_TIMEOUT_MS: String(PROCESSORS_TIMEOUT_MS), EXPIRY_SWEEP_INTERVAL_MS: '1000' });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await sandbox?.stop();
    await proxy?.close();
  });

  it('504 in doubt: pending, never "nothing was charged"; once the reconciler finds it charged, the receipt; one payment', async () => {
    const { context, checkout, codes, shop } = await openShopCheckout(browser, sandbox.demoUrl);
    // The processor authorizes; its answer (and those of the server's tries again under the same key) never comes back.
    for (let i = 0; i < 10; i++) proxy.plan({ kind: 'hold_answer' }, (r) => r.path === '/v1/card/authorize');
    const answers: number[] = [];
    context.on('response', (res) => {
      if (res.url().endsWith('/api/v1/cards/auth-capture')) answers.push(res.status());
    });
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.frame.getByText(PENDING_NOTE).count(), { timeout: 20_000 }).toBe(1);
    expect(answers).toEqual([504]);
    expect(await checkout.frame.getByText(NOTHING_CHARGED).count()).toBe(0);
    // SPEC 4: PENDING is told to the shop as success, never as an error.
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    // The reconciler asks the processor past the attempt's time in doubt (15 s): charged, approved;
    // the receipt in view follows and shows it, with no click.
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 45_000, interval: 500 }).toBe(true);
    expect(await checkout.frame.getByText(PENDING_NOTE).count()).toBe(0);
    expect(await checkout.frame.getByText(NOTHING_CHARGED).count()).toBe(0);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await context.close();
  }, 90_000);
});
