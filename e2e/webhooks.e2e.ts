import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, openShopCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { freePort } from '../packages/sandbox/test/freePort';

interface ExampleServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** examples/merchant-server.mjs as a merchant runs it: `node examples/merchant-server.mjs`. */
async function startMerchantServer(pasarelaUrl: string, env: Record<string, string> = {}): Promise<ExampleServer> {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['examples/merchant-server.mjs'], {
    env: { ...process.env, PASARELA_URL: pasarelaUrl, PORT: String(port), SECRET_KEY: '', WEBHOOK_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 15_000;
  while (!log.includes('Merchant server at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`merchant server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.runIf(browserAvailable())('merchant server example: signed webhooks and the verify call for card payments', () => {
  let sandbox: Sandbox;
  let merchant: ExampleServer;
  let browser: Browser;

  withSandboxAndBrowser({}, (started) => ({ sandbox, browser } = started));
  beforeAll(async () => {
    merchant = await startMerchantServer(sandbox.url);
  });
  afterAll(async () => {
    await merchant?.stop();
  });

  type Orders = Record<string, { event: string; result: string; amount: number; verified: boolean }>;
  const orders = async () => (await (await fetch(`${merchant.url}/orders`)).json()) as Orders;

  it('pays with 4242 in the demo shop; the example\'s server checks the signed event and the verify call agrees', async () => {
    const { context, checkout, errors } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => Object.values(await orders()), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ event: 'transaction.approved', result: 'APPROVED', verified: true })]);
    expect(merchant.output()).toMatch(/transaction\.approved PP\w+: verify call says APPROVED/);
    expect(merchant.output()).not.toContain('webhook refused');
    expect(errors).toEqual([]);
    await context.close();

    // A forged event (no or a wrong signature) is refused and changes nothing.
    const forged = JSON.stringify({ id: 'evt_forged', type: 'transaction.approved', createdAt: new Date().toISOString(), data: { codOper: 'PP000000000000', result: 'APPROVED' } });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [undefined, `t=${now},v1=${'0'.repeat(64)}`]) {
      const res = await fetch(`${merchant.url}/webhooks`, { method: 'POST', body: forged, headers: signature ? { 'pasarela-signature': signature } : {} });
      expect(res.status).toBe(400);
    }
    expect(Object.keys(await orders())).toHaveLength(1);
  });

  it('pays on the example\'s own page, whose link its server created with the secret key', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(merchant.url);
    await page.getByRole('button', { name: 'Pay' }).click();
    const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => Object.values(await orders()).filter((o) => o.amount === 25), { timeout: 15_000 })
      .toEqual([{ event: 'transaction.approved', result: 'APPROVED', amount: 25, verified: true }]);
    await context.close();

    // The example refunds part of the order through @pasarela/node; the refund comes back as a signed webhook.
    const [codOper] = Object.entries(await orders()).find(([, o]) => o.amount === 25) ?? [''];
    // Without its caller's Idempotency-Key the example refunds nothing: a retry could not be told from a new refund.
    const keyless = await fetch(`${merchant.url}/orders/${codOper}/refunds`, { method: 'POST', body: JSON.stringify({ amount: 5 }) });
    expect([keyless.status, ((await keyless.json()) as { code: string }).code]).toEqual([400, 'missing_idempotency_key']);
    const refunded = await fetch(`${merchant.url}/orders/${codOper}/refunds`, { method: 'POST', body: JSON.stringify({ amount: 5 }), headers: { 'idempotency-key': `refund-${codOper}` } });
    expect(refunded.status).toBe(201);
    expect(await refunded.json()).toMatchObject({ amount: 5, status: 'succeeded', transaction: { refundedAmount: 5 } });
    await expect.poll(() => merchant.output(), { timeout: 15_000 }).toMatch(/transaction\.refunded PP\w+: verify call says APPROVED\n\s+-> refunded 5 of order example-/);
  });

  it("a merchant in Colombia: the example's order is in whole pesos, and its page comes whole", async () => {
    const made = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Tienda de Bogotá', country: 'CO' }) });
    expect(made.status).toBe(201);
    const { idMerchant } = (await made.json()) as { idMerchant: number };
    const pesos = await startMerchantServer(sandbox.url, { MERCHANT_ID: String(idMerchant) });
    try {
      const page = await fetch(pesos.url, { signal: AbortSignal.timeout(10_000) });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<h1>Order example-\d+-1: \$\s119\.000<\/h1>/);
      expect(pesos.output()).not.toContain('request failed');
    } finally {
      await pesos.stop();
    }
  });
});
