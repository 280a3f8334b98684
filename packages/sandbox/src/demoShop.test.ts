import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoShop } from './demoShop';
import { defaultPaths } from './paths';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../test/testApp';

const ADMIN_TOKEN = 'shop-token-for-tests-0123456789';
const { examplesDir } = defaultPaths();

/** The demo shop in front of a checkout app, reaching it in-process as its server would over HTTP. */
function shopFor(t: TestApp, adminToken?: string) {
  return createDemoShop(examplesDir, { checkoutOrigin: 'http://checkout.test', adminApiUrl: () => 'http://localhost', adminToken, fetch: async (url, init) => t.app.request(url, init) });
}

const postOrder = (shop: ReturnType<typeof createDemoShop>, body: string, type = 'application/json') =>
  shop.request('/shop/links', { method: 'POST', headers: { 'content-type': type }, body });

describe('the demo shop creates its links on its server (POST /shop/links)', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    [open, guarded] = await Promise.all([createTestApp(), createTestApp({ adminToken: ADMIN_TOKEN })]);
  });
  afterAll(() => Promise.all([open.close(), guarded.close()]));

  it('hands the page only the new link code, its order number and the cart it keeps, from a checkout without a token', async () => {
    const res = await postOrder(shopFor(open), JSON.stringify({ amount: 37, taxAmount: 2.59, description: 'Pedido 1042' }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { code: string };
    expect(Object.keys(body)).toEqual(['code', 'order', 'state', 'cart']);
    expect((await open.get(`/payment-info?code=${body.code}`)).data).toMatchObject({ amount: 37, taxAmount: 2.59 });
  });

  it("keeps its orders on its server: the same order, from any browser, has the same single-use link and cart until it is paid", async () => {
    const shop = shopFor(open);
    const statuses: number[] = [];
    const linkOf = async (cart: object) => {
      const res = await postOrder(shop, JSON.stringify(cart));
      statuses.push(res.status);
      return (await res.json()) as { code?: string; order: string; state: string; cart: { amount: number; items?: string } };
    };
    const cart = { amount: 31.5, taxAmount: 0, description: 'Pedido en Tostadores del Casco', items: 'geisha x1, cacao x1' };
    const first = await linkOf(cart);
    expect(first).toMatchObject({ state: 'open', cart: { amount: 31.5, items: 'geisha x1, cacao x1' } });
    const sameOrder = { ...cart, order: first.order };
    // another browser on the order's address, twice at once: one link
    expect(await Promise.all([linkOf(sameOrder), linkOf(sameOrder)])).toEqual([first, first]);
    // the order's page in another browser draws the cart the server keeps
    expect(await (await shop.request(`/shop/orders/${first.order}`)).json()).toEqual({ order: first.order, state: 'open', cart: first.cart });
    // another visitor's order (no number yet): another order and link
    const another = await linkOf(cart);
    expect(another.order).not.toBe(first.order);
    expect(another.code).not.toBe(first.code);
    expect((await open.post('/cards/auth-capture', await tokenizedCardPayload(first.code ?? '', { amount: 31.5, taxAmount: 0 }))).data).toMatchObject({ status: 1 });
    // paid: the order answers paid, with its cart and no link, whatever the page posts
    const paid = { order: first.order, state: 'paid', cart: first.cart };
    expect(await linkOf(sameOrder)).toEqual(paid);
    expect(await linkOf({ ...sameOrder, amount: 40, items: 'geisha x2, cacao x1' })).toEqual(paid);
    expect(await (await shop.request(`/shop/orders/${first.order}`)).json()).toEqual(paid);
    // 201 for a link made now, 200 for the order's link (or its payment) found
    expect(statuses).toEqual([201, 200, 200, 201, 200, 200]);
  });

  it("answers a known order whose cart changed with its own link and cart while a payment waits on it; with no payment yet, ends the old link before the new one", async () => {
    const shop = shopFor(open);
    const post = async (cart: object) => {
      const res = await postOrder(shop, JSON.stringify(cart));
      return { status: res.status, body: (await res.json()) as { code: string; order: string; state: string; cart: { amount: number; items?: string } } };
    };
    const cart = { amount: 24, taxAmount: 1.68, description: 'Pedido', items: 'geisha x1, cacao x1' };
    const { body: first } = await post(cart);
    const changed = { ...cart, amount: 48, taxAmount: 3.36, items: 'geisha x2, cacao x1', order: first.order };
    // changed before any payment: the old link can no longer be paid, the new one is for the new cart
    // two browsers post the changed cart at once: one new link
    const [{ status, body: second }, sameTime] = await Promise.all([post(changed), post(changed)]);
    expect(status).toBe(201);
    expect(sameTime).toEqual({ status: 200, body: second });
    expect(second).toMatchObject({ order: first.order, state: 'open', cart: { amount: 48, items: 'geisha x2, cacao x1' } });
    expect(second.code).not.toBe(first.code);
    expect((await open.post('/cards/auth-capture', await tokenizedCardPayload(first.code, { amount: 24, taxAmount: 1.68 }))).data).not.toMatchObject({ status: 1 });
    expect(await (await shop.request(`/shop/orders/${first.order}`)).json()).toMatchObject({ state: 'open', cart: { amount: 48 } });
    // a 3DS challenge waits on the new link: the old cart posted again answers that link and the server's cart
    expect((await open.post('/cards/auth-capture', await tokenizedCardPayload(second.code, { amount: 48, taxAmount: 3.36, cardNumber: '4000000000003220' }))).data).toMatchObject({ status: -1 });
    expect(await post({ ...cart, order: first.order })).toEqual({ status: 200, body: second });
    // and the checkout itself refuses to end a link a payment waits on
    expect((await open.admin('POST', `/links/${second.code}/expire`)).status).toBe(409);
    expect((await open.admin('POST', '/links/NOSUCHLINK/expire')).status).toBe(404);
  });

  it('answers 404 for an order it does not keep', async () => {
    expect((await shopFor(open).request('/shop/orders/no-such-order-1')).status).toBe(404);
    expect((await shopFor(open).request('/shop/orders/x')).status).toBe(404);
  });

  it("sends the admin token when the checkout has one, as a merchant's server sends its key", async () => {
    expect((await postOrder(shopFor(guarded, ADMIN_TOKEN), JSON.stringify({ amount: 5, description: 'Con token' }))).status).toBe(201);
    const without = await postOrder(shopFor(guarded), JSON.stringify({ amount: 5, description: 'Sin token' }));
    expect(without.status).toBe(502);
    expect(await without.json()).toMatchObject({ code: 'admin_token_required' });
  });

  it("passes the admin API's refusal of a bad order on, naming the field", async () => {
    const res = await postOrder(shopFor(open), JSON.stringify({ amount: 'diez', description: 'x' }));
    expect(res.status).toBe(400);
    expect(String(((await res.json()) as { message: string }).message)).toContain('amount');
  });

  it('takes a JSON object only: another content type 415 (so no other site posts one without a preflight), bad JSON 400', async () => {
    expect((await postOrder(shopFor(open), 'amount=5', 'text/plain')).status).toBe(415);
    expect((await postOrder(shopFor(open), '{"amount":')).status).toBe(400);
    expect((await postOrder(shopFor(open), '[1]')).status).toBe(400);
    expect((await postOrder(shopFor(open), JSON.stringify({ description: 'x'.repeat(5000) }))).status).toBe(413);
  });

  it('answers 502 when the checkout cannot be reached', async () => {
    const shop = createDemoShop(examplesDir, { checkoutOrigin: 'http://checkout.test', adminApiUrl: () => 'http://localhost', fetch: () => Promise.reject(new Error('ECONNREFUSED')) });
    expect((await postOrder(shop, JSON.stringify({ amount: 5, description: 'x' }))).status).toBe(502);
  });

  it("has no example page call the admin API from the browser: they call their own origin's /shop/links", async () => {
    const pages = (await readdir(examplesDir)).filter((name) => name.endsWith('.html')).map((name) => join(examplesDir, name));
    for (const file of [...pages, join(examplesDir, 'order-link.js'), join(examplesDir, 'react', 'shop.ts')]) {
      expect(await readFile(file, 'utf8'), file).not.toMatch(/\/sandbox\//);
    }
    // The pages that sell share one order script, which asks the shop's own server.
    for (const name of ['index.html', 'esm.html', 'react.html']) expect(await readFile(join(examplesDir, name), 'utf8')).toContain('<script src="order-link.js"></script>');
    expect(await readFile(join(examplesDir, 'order-link.js'), 'utf8')).toContain("fetch('/shop/links'");
  });
});
