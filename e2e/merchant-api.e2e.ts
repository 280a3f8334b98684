import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { constructEvent, Pasarela, PasarelaError, type WebhookEvent } from '@pasarela/node';
import { browserAvailable, launchChromium } from './support/browser';
import { CheckoutFrame } from './support/pages';
import { startSandboxInProcess } from './support/sandbox';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { newTestSchema } from '../packages/sandbox/src/test/testSchema';

// The merchant API as docs/merchant-api.md tells a shop's developer to use it, with @pasarela/node:
// the shop's server makes a link for its order, a payer pays it in Chromium, the signed webhook
// names the order, the server refunds half, then the rest, a third refund is refused, and a
// replayed Idempotency-Key answers the same. On PGlite (one server), and on PostgreSQL with two
// servers on one database, every call with a key sent to both.

const setups: Array<[string, number]> = [['PGlite, one server', 1]];
if (process.env.TEST_DATABASE_URL) setups.push(['PostgreSQL, two servers', 2]);

/** The shop's server: a page with the Pay button for one order, and the webhook endpoint. */
async function startShop(sandboxUrl: string) {
  const events: WebhookEvent[] = [];
  const refused: string[] = [];
  let webhookSecret = '';
  let code = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/webhooks') {
        try {
          events.push(constructEvent(Buffer.concat(chunks), req.headers['pasarela-signature'], webhookSecret));
          res.writeHead(200).end();
        } catch (error) {
          refused.push(String(error));
          res.writeHead(400).end();
        }
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Shop</title>
<button id="pay" type="button">Pay</button>
<script src="${sandboxUrl}/sdk/checkout.js"></script>
<script>document.getElementById('pay').addEventListener('click', function () { Checkout.open({ code: ${JSON.stringify(code)}, lang: 'en' }); });</script></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    events, refused,
    set: (secret: string, linkCode: string) => {
      webhookSecret = secret;
      code = linkCode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(browserAvailable()).each(setups)('the merchant API end to end with @pasarela/node, %s', (_name, servers) => {
  let sandboxes: Sandbox[] = [];
  let dropSchema: (() => Promise<void>) | undefined;
  let browser: Browser;
  let shop: Awaited<ReturnType<typeof startShop>>;

  beforeAll(async () => {
    const env: Record<string, string> = { WEBHOOK_INTERVAL_MS: '200' };
    if (servers > 1) {
      const schema = await newTestSchema(process.env.TEST_DATABASE_URL ?? '');
      dropSchema = schema.drop;
      env['DATABASE_URL'] = schema.url;
    }
    // The first server migrates the database; the second starts on it.
    sandboxes = [await startSandboxInProcess(env)];
    if (servers > 1) sandboxes.push(await startSandboxInProcess(env));
    browser = await launchChromium();
    shop = await startShop(sandboxes[0]?.url ?? '');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    for (const sandbox of sandboxes) await sandbox.stop();
    await dropSchema?.();
  });

  it('links an order, is paid in Chromium, hears the order in the webhook, refunds half, then the rest, then refuses', async () => {
    const [first, second = first] = sandboxes as [Sandbox, Sandbox?];
    // Keys, as docs/webhooks.md "Keys" gives them in the sandbox.
    const keysRes = await fetch(`${first.url}/sandbox/merchants`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Tienda E2E', webhookUrl: `${shop.url}/webhooks` }),
    });
    const keys = (await keysRes.json()) as { secretKey: string; webhookSecret: string };
    // One client per server: a call with a key sent to one and then the other is one request.
    const [a, b] = [first, second].map((s) => new Pasarela({ secretKey: keys.secretKey, baseUrl: s?.url ?? '' })) as [Pasarela, Pasarela];

    const orderReference = `order-${randomUUID().slice(0, 8)}`;
    const linkKey = `link-${orderReference}`;
    const link = await a.paymentLinks.create({ amount: 30, taxAmount: 0, description: 'Pedido E2E', orderReference, metadata: { customer: 'c_77' }, singleUse: true }, { idempotencyKey: linkKey });
    expect(await b.paymentLinks.create({ amount: 30, taxAmount: 0, description: 'Pedido E2E', orderReference, metadata: { customer: 'c_77' }, singleUse: true }, { idempotencyKey: linkKey })).toEqual(link);
    expect(link).toMatchObject({ state: 'open', orderReference, amount: 30 });
    shop.set(keys.webhookSecret, link.code);

    // The payer, in Chromium, on the shop's page.
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(shop.url);
    await page.getByRole('button', { name: 'Pay' }).click();
    const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();

    // The webhook names the order; the verify call agrees.
    await expect.poll(() => shop.events.find((e) => e.type === 'transaction.approved')?.data.orderReference, { timeout: 20_000 }).toBe(orderReference);
    const approved = shop.events.find((e) => e.type === 'transaction.approved');
    const codOper = approved?.data.codOper ?? '';
    expect(await b.transactions.retrieve(codOper)).toMatchObject({ result: 'APPROVED', orderReference, metadata: { customer: 'c_77' }, refundedAmount: 0 });
    expect((await a.transactions.list({ orderReference })).data.map((t) => t.codOper)).toEqual([codOper]);
    expect(await a.paymentLinks.retrieve(link.code)).toMatchObject({ state: 'paid', paidBy: codOper });

    // Half, then the same request again on the other server: the first answer, one refund.
    const half = await a.transactions.refund(codOper, { amount: 15 }, { idempotencyKey: `refund-${orderReference}-1` });
    expect(half).toMatchObject({ amount: 15, status: 'succeeded', transaction: { refundedAmount: 15 } });
    expect(await b.transactions.refund(codOper, { amount: 15 }, { idempotencyKey: `refund-${orderReference}-1` })).toEqual(half);
    // The rest (no amount), then nothing remains.
    const rest = await b.transactions.refund(codOper, {}, { idempotencyKey: `refund-${orderReference}-2` });
    expect(rest).toMatchObject({ amount: 15, status: 'succeeded', transaction: { refundedAmount: 30 } });
    const third = await a.transactions.refund(codOper, { amount: 1 }).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(PasarelaError);
    expect(third).toMatchObject({ status: 409, code: 'transaction_fully_refunded' });
    expect((await a.transactions.retrieve(codOper)).refunds?.map((r) => [r.id, r.amount])).toEqual([[half.id, 15], [rest.id, 15]]);

    // Each refund is a signed webhook naming the order.
    await expect.poll(() => shop.events.filter((e) => e.type === 'transaction.refunded').map((e) => [e.data.refundId, e.data.orderReference]).sort(), { timeout: 20_000 })
      .toEqual([[half.id, orderReference], [rest.id, orderReference]].sort());
    expect(shop.refused).toEqual([]);
  }, 120_000);
});
