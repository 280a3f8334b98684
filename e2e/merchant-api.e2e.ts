import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Pasarela, PasarelaError, type TransactionEvent, type WebhookEvent } from '@pasarela/node';
import { browserAvailable, launchChromium } from './support/browser';
import { payByCardOnShop, startShopServer, type ShopServer } from './support/shopServer';
import { startSandboxInProcess } from './support/sandbox';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { newTestSchema } from '../packages/sandbox/test/testSchema';
import { pngImage } from '../packages/sandbox/test/images';

// The merchant API as docs/merchant-api.md tells a shop's developer to use it, with @pasarela/node:
// the shop's server makes a link for its order, a payer pays it in Chromium, the signed webhook
// names the order, the server refunds half, then the rest, a third refund is refused, and a
// replayed Idempotency-Key answers the same. On PGlite (one server), and on PostgreSQL with two
// servers on one database, every call with a key sent to both.

const setups: Array<[string, number]> = [['PGlite, one server', 1]];
if (process.env.TEST_DATABASE_URL) setups.push(['PostgreSQL, two servers', 2]);

describe.runIf(browserAvailable()).each(setups)('the merchant API end to end with @pasarela/node, %s', (_name, servers) => {
  let sandboxes: Sandbox[] = [];
  let dropSchema: (() => Promise<void>) | undefined;
  let browser: Browser;
  let shop: ShopServer;

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
    shop = await startShopServer(sandboxes[0]?.url ?? '');
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
    // A link needs an Idempotency-Key: sent without one, the server makes none; @pasarela/node
    // always sends one (a key of its own when the call gives none).
    const keyless = await fetch(`${second.url}/api/v1/merchant/payment-links`, {
      method: 'POST', headers: { authorization: `Bearer ${keys.secretKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: 30, description: 'Pedido E2E' }),
    });
    expect([keyless.status, ((await keyless.json()) as { code: string }).code]).toEqual([400, 'missing_idempotency_key']);
    expect(await b.paymentLinks.create({ amount: 1, description: 'Sin clave propia' })).toMatchObject({ state: 'open', amount: 1 });
    expect((await a.paymentLinks.list()).data.map((l) => l.description).sort()).toEqual(['Pedido E2E', 'Sin clave propia']);
    expect(link).toMatchObject({ state: 'open', orderReference, amount: 30 });
    shop.listen(keys.webhookSecret);

    // The payer, in Chromium, on the shop's page.
    await payByCardOnShop(browser, shop.url, link.code, { lang: 'en', card: '4242 4242 4242 4242' });

    // The webhook names the order; the verify call agrees.
    await expect.poll(() => shop.events.find((e): e is TransactionEvent => e.type === 'transaction.approved')?.data.orderReference, { timeout: 20_000 }).toBe(orderReference);
    const approved = shop.events.find((e): e is TransactionEvent => e.type === 'transaction.approved');
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
    await expect.poll(() => shop.events.filter((e: WebhookEvent): e is TransactionEvent => e.type === 'transaction.refunded').map((e) => [e.data.refundId, e.data.orderReference]).sort(), { timeout: 20_000 })
      .toEqual([[half.id, orderReference], [rest.id, orderReference]].sort());
    expect(shop.refused).toEqual([]);
  }, 120_000);

  it('sets the brand with @pasarela/node: colour and name, a logo served by its hash, the replaced one deleted, each key one change on either server', async () => {
    const [first, second = first] = sandboxes as [Sandbox, Sandbox?];
    const keysRes = await fetch(`${first.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Marca E2E' }) });
    const { secretKey } = (await keysRes.json()) as { secretKey: string };
    const [a, b] = [first, second].map((s) => new Pasarela({ secretKey, baseUrl: s?.url ?? '' })) as [Pasarela, Pasarela];

    expect(await a.brand.retrieve()).toEqual({ colorPrimary: null, displayName: null, logoUrl: null });
    const named = await a.brand.update({ colorPrimary: '#A52', displayName: 'Café Ñandú' }, { idempotencyKey: 'brand-e2e-1' });
    expect(named).toEqual({ colorPrimary: '#aa5522', displayName: 'Café Ñandú', logoUrl: null });
    expect(await b.brand.update({ colorPrimary: '#A52', displayName: 'Café Ñandú' }, { idempotencyKey: 'brand-e2e-1' })).toEqual(named);
    await expect(b.brand.update({ colorPrimary: 'brown' })).rejects.toMatchObject({ status: 400, code: 'invalid_arguments', message: expect.stringContaining('colorPrimary') });

    // A logo, its upload replayed on the other server: one upload, the same answer.
    const logo = pngImage(96, 96, [170, 85, 34]);
    const uploaded = await a.brand.uploadLogo(logo, { idempotencyKey: 'logo-e2e-1' });
    expect(uploaded.logoUrl).toBe(`${first.url}/images/logos/${createHash('sha256').update(logo).digest('hex')}`);
    expect(await b.brand.uploadLogo(logo, { idempotencyKey: 'logo-e2e-1' })).toEqual(uploaded);
    const served = await fetch(uploaded.logoUrl ?? '');
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);

    // A new logo from a Blob: the old one, which no other merchant uses, is gone.
    const next = await b.brand.uploadLogo(new Blob([pngImage(64, 64, [20, 20, 20])]));
    expect(next.logoUrl).not.toBe(uploaded.logoUrl);
    expect((await fetch(uploaded.logoUrl ?? '')).status).toBe(404);
    expect((await fetch(`${first.url}${new URL(next.logoUrl ?? '').pathname}`)).status).toBe(200);
    const svg = await a.brand.uploadLogo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')).catch((e: unknown) => e);
    expect(svg).toBeInstanceOf(PasarelaError);
    expect(svg).toMatchObject({ status: 415, code: 'logo_type_not_allowed' });

    expect(await a.brand.update({ logo: null, displayName: null })).toEqual({ colorPrimary: '#aa5522', displayName: null, logoUrl: null });
    expect((await fetch(`${first.url}${new URL(next.logoUrl ?? '').pathname}`)).status).toBe(404);
  }, 60_000);
});
