import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { createOrderBook, orderNumberOf } from './demoShopOrders';
import { fileResponse, fileUnder } from './http/serveFile';

const MAX_ORDER_BYTES = 4 * 1024;

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
 * production; `POST /shop/links` finds or creates the order's link with the admin API, as a merchant's server does.
 */
export function createDemoShop(examplesDir: string, options: DemoShopOptions): Hono {
  const app = new Hono();
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const linkFor = createOrderBook(async (method, path, body) => {
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
  // The demo's cart is on the page; a real shop prices the order on its server.
    const orderNumber = orderNumberOf(body['order']);
    let answered: { status: number; body: Record<string, unknown> };
    try {
      answered = await linkFor(orderNumber, { amount: body['amount'], taxAmount: body['taxAmount'], description: body['description'], descriptions: body['descriptions'] });
    } catch {
      return c.json({ code: 'checkout_unreachable', message: 'The shop could not reach the checkout' }, 502);
    }
    const { status, body: answer } = answered;
    if ((status !== 201 && status !== 200) || typeof answer['code'] !== 'string') {
      const refused = status === 400 || status === 422 ? status : 502;
      return c.json({ code: String(answer['code'] ?? 'link_not_created'), message: String(answer['message'] ?? `The checkout answered ${status}`) }, refused);
    }
    return c.json({ code: answer['code'], order: orderNumber }, status, { 'cache-control': 'no-store' });
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
