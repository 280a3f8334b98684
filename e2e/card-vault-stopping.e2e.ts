import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { transactionsFor } from './support/admin';
import { openShopCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// A card vault node stopping as the payer's card is tokenized (docs/operations.md "Stopping, and what
// survives a kill -9"): the fields page's tokenizing meets what the stopping node gives a call it read
// after it stopped listening (503 Vault-Not-Started, nothing done), or its connection cut before any
// answer; the fields send it once more at once, and the payer sees the payment go through, never the
// connection error. (The server's side, two real vault nodes behind a balancer, one stopped:
// packages/sandbox/src/payments/vaultDrain.test.ts.)

describe.runIf(browserAvailable())('a card vault node stopping as the card is tokenized', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  /** The first tokenizing meets the fault; every later call reaches the vault. */
  const firstTokenizing = (fault: (route: Route) => Promise<void>) => {
    const seen: string[] = [];
    const beforeOpen = async (context: BrowserContext) => {
      await context.route('**/v1/cards', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        seen.push(seen.length === 0 ? 'fault' : 'vault');
        return seen.length === 1 ? fault(route) : route.continue();
      });
    };
    return { seen, beforeOpen };
  };

  // A card of its own each: the same card and amount again would be the duplicate rule's.
  it.each([
    ['refused as not started (503 Vault-Not-Started)', '4242 4242 4242 4242', (route: Route) => route.fulfill({ status: 503, headers: { 'content-type': 'application/json', 'vault-not-started': '1', connection: 'close' }, body: '{"code":"vault_stopping"}' })],
    ['cut before any answer', '4111 1111 1111 1111', (route: Route) => route.abort('connectionreset')],
  ])('%s: sent once more, the payment approved, no error shown', async (_name, number, fault) => {
    const { seen, beforeOpen } = firstTokenizing(fault);
    const { context, shop, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl, { beforeOpen });
    await checkout.fillCard({ number });
    // The card is tokenized as the payer leaves the name (before Pay): sent once more by the fields at
    // once, not left for Pay to ask again.
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    // Pay took the token of the call sent once more: nothing else went to the vault.
    expect(seen).toEqual(['fault', 'vault']);
    expect(await checkout.alert.isVisible()).toBe(false);
    expect(await transactionsFor(sandbox, codes[0] ?? '')).toHaveLength(1);
    await context.close();
  }, 90_000);
});
