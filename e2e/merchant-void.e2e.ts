import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Pasarela } from '@pasarela/node';
import { transactionsFor } from './support/admin';
import { browserAvailable, launchChromium } from './support/browser';
import { openShopCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { startSandboxInProcess } from './support/sandbox';

// docs/merchant-api.md "void": the merchant's server calls off a payment the payer is still
// waiting on, and the payer's open checkout shows it at once (the live socket), not when its wait runs out.
describe.runIf(browserAvailable())('a merchant voids a Nequi push the payer is waiting on', () => {
  let sandbox: Sandbox;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await startSandboxInProcess({ SPLASH_MS: '200' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.stop();
  });

  it('the waiting screen ends with a message and the shop hears the error, long before the 2-minute window', async () => {
    const opened = await openShopCheckout(browser, sandbox.demoUrl);
    const { context, shop, checkout, codes } = opened;
    await checkout.chooseMethod(/Nequi/);
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).fill('3993333333');
    await checkout.frame.getByRole('button', { name: /enviar notificación/i }).click();
    await checkout.frame.getByRole('timer').waitFor({ timeout: 10_000 });

    // The demo shop's merchant (1) with keys of its own, as docs/webhooks.md "Keys" gives them.
    const keys = (await (await fetch(`${sandbox.url}/sandbox/merchants/1/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { secretKey: string };
    const pasarela = new Pasarela({ secretKey: keys.secretKey, baseUrl: sandbox.url });
    const [waiting] = await transactionsFor(sandbox, codes[0] ?? '');
    const started = Date.now();
    const voided = await pasarela.transactions.void(waiting?.codOper ?? '');
    expect(voided).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });

    await expect.poll(() => checkout.alert.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await checkout.alert.textContent()).toContain('El comercio canceló este pago');
    await opened.page.screenshot({ path: 'e2e/artifacts/nequi-voided.png' });
    expect(await checkout.frame.getByRole('timer').count()).toBe(0);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    expect(Date.now() - started).toBeLessThan(15_000);
    await context.close();
  });
});
