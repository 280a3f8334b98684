import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { createOrderBook, orderNumberOf, type ShopOrderAnswer } from './demoShopOrders';
import { fileResponse, fileUnder } from './http/serveFile';

const MAX_ORDER_BYTES = 4 * 1024;
const NO_STORE = { 'cache-control': 'no-store' };

/** What is in the cart, as the page lists it ("geisha x1, cacao x2"); anything else is not kept. */
const itemsOf = (value: unknown): string | undefined => (typeof value === 'string' && /^[a-z]{1,20} x\d(, [a-z]{1,20} x\d){0,9}$/.test(value) ? value : undefined);

export interface DemoShopOptions {
  checkoutOrigin: string;
  /** Server to server, known once it listens. */
  adminApiUrl: () => string;
  adminToken?: string | undefined;
  /** In-process tests hand the checkout app's own. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** A wildcard address is reached through loopback. */
export function listeningUrl(server: Server | undefined): string {
  const address = server?.address();
  if (!address || typeof address === 'string') throw new Error('The checkout is not listening');
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

const order = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The merchant side on its own origin (DEMO_PORT), so the checkout iframe is cross-origin as in
 * production; it keeps each order (cart and link): `GET /shop/orders/:order` for the order's page in any
 * browser, `POST /shop/links` for its link, found or made with the admin API as a merchant's server does.
 */
export function createDemoShop(examplesDir: string, options: DemoShopOptions): Hono {
  const app = new Hono();
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const orders = createOrderBook(async (method, path, body) => {
    const res = await send(`${options.adminApiUrl()}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(options.adminToken ? { authorization: `Bearer ${options.adminToken}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: order(await res.json().catch(() => undefined)) ?? {} };
  });
  app.post('/shop/links', async (c) => {
    // JSON only: another site's page cannot send that without a preflight, which this origin never answers.
    if ((c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return c.json({ code: 'unsupported_media_type', message: 'Send the order as application/json' }, 415);
    }
    const text = await c.req.text();
    if (Buffer.byteLength(text, 'utf8') > MAX_ORDER_BYTES) return c.json({ code: 'payload_too_large', message: `An order is at most ${MAX_ORDER_BYTES} bytes` }, 413);
    let body: Record<string, unknown> | undefined;
    try {
      body = order(JSON.parse(text));
    } catch {
      body = undefined;
    }
    if (!body) return c.json({ code: 'invalid_body', message: 'The order must be a JSON object' }, 400);
    // The demo's page prices the cart; a real shop prices it on its server. The order is kept there either way.
    const orderNumber = orderNumberOf(body['order']);
    let answered: ShopOrderAnswer;
    try {
      answered = await orders.linkFor(orderNumber, { amount: body['amount'], taxAmount: body['taxAmount'], description: body['description'], descriptions: body['descriptions'], items: itemsOf(body['items']) });
    } catch {
      return c.json({ code: 'checkout_unreachable', message: 'The shop could not reach the checkout' }, 502);
    }
    if (answered.kind === 'refused') {
      const { status, body: answer } = answered.answer;
      const refused = status === 400 || status === 422 ? status : 502;
      return c.json({ code: String(answer['code'] ?? 'link_not_created'), message: String(answer['message'] ?? `The checkout answered ${status}`) }, refused);
    }
    if (answered.kind === 'paid') return c.json({ order: orderNumber, state: 'paid', cart: answered.cart }, 200, NO_STORE);
    return c.json({ code: answered.code, order: orderNumber, state: 'open', cart: answered.cart }, answered.created ? 201 : 200, NO_STORE);
  });
  // The order's page in any browser draws the order from here, not from what that browser holds.
  app.get('/shop/orders/:order', async (c) => {
    const orderNumber = c.req.param('order');
    let found: Awaited<ReturnType<typeof orders.orderOf>>;
    try {
      found = orderNumber === orderNumberOf(orderNumber) ? await orders.orderOf(orderNumber) : undefined;
    } catch {
      return c.json({ code: 'checkout_unreachable', message: 'The shop could not reach the checkout' }, 502);
    }
    if (!found) return c.json({ code: 'order_not_found', message: 'The shop has no such order' }, 404, NO_STORE);
    return c.json({ order: orderNumber, state: found.paid ? 'paid' : 'open', cart: found.cart }, 200, NO_STORE);
  });
  app.get('*', async (c) => {
    const path = c.req.path === '/' ? '/index.html' : c.req.path;
    const file = await fileUnder(examplesDir, path.slice(1));
    if (!file) return c.text('Not found\n', 404);
    if (!file.endsWith('.html')) return fileResponse(file, 'no-cache');
    const html = (await readFile(file, 'utf8')).replaceAll('%CHECKOUT_ORIGIN%', options.checkoutOrigin);
    return c.html(html, 200, { 'cache-control': 'no-cache' });
  });
  return app;
}
