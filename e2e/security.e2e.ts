import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { decodeBody } from '@pasarela/core';
import { browserAvailable } from './support/browser';
import { guestPost } from './support/entries';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { sentBody } from './support/sentBody';

// Issue "Only the right party can act", through a browser: a sandbox with SANDBOX_ADMIN_TOKEN and
// the captcha as it ships (required). A payer pays without ticking (the widget sends the captcha's
// invisible token); a payment without a token is refused. From a web page, each admin door is tried
// without a key, with another merchant's key and with the right one: 401 / 404 with the catalogue's
// { code, message }, nothing changed; the live socket opens only with a key and carries only its
// merchant's changes.
const ADMIN_TOKEN = 'security-e2e-token-0123456789abcdef';
const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };

interface Merchant { id: number; key: string; link: string }

describe.runIf(browserAvailable())('only the right party can act, in a browser', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0', SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN }, (started) => ({ sandbox, browser } = started));

  const admin = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${sandbox.url}/sandbox${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  async function newMerchant(name: string): Promise<Merchant> {
    const created = await admin('POST', '/merchants', operator, { name });
    expect(created.status).toBe(201);
    const key = String(created.json['secretKey']);
    const link = await admin('POST', '/links', { authorization: `Bearer ${key}` }, { amount: 18, taxAmount: 1.26, description: `Compra en ${name}` });
    expect(link.status).toBe(201);
    return { id: Number(created.json['idMerchant']), key, link: String(link.json['code']) };
  }
  /** What a refused call must leave as it was: every payment, merchant and e-mail, as the operator sees them. */
  const state = async () => JSON.stringify(await Promise.all([
    admin('GET', '/transactions/recent', operator), admin('GET', '/merchants', operator), admin('GET', '/mailbox', operator),
  ]));

  it('a payer pays by card without ticking the captcha: the widget sends its invisible token; a payment without one is 403 and records nothing', async () => {
    const a = await newMerchant('Tienda Segura');
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const sent: Array<Record<string, unknown>> = [];
    await page.route('**/api/v1/cards/auth-capture', async (route) => {
      const body = await sentBody(route.request());
      if (body !== undefined) sent.push(body as Record<string, unknown>);
      await route.continue();
    });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${a.link}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/security-paid-unticked-360.png', fullPage: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.['additionalData']).toMatchObject({ captchaToken: expect.stringMatching(/^sandbox\./), scoreCaptcha: 1 });

    // The same payment from the page, without the token: refused before anything is recorded.
    const before = await state();
    const { additionalData, ...rest } = sent[0] as { additionalData: Record<string, unknown> };
    const { captchaToken: _dropped, ...withoutToken } = additionalData;
    const refused = await page.evaluate(async ({ url, body }) => {
      const res = await fetch(`${url}/api/v1/cards/auth-capture`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' }, body: JSON.stringify(body) });
      return { status: res.status, envelope: (await res.json()) as { data: string } };
    }, { url: sandbox.url, body: { ...rest, additionalData: { ...withoutToken, trackId: `no-token-${Date.now()}` } } });
    expect(refused.status).toBe(403);
    // The envelope's data is wire-encoded (WIRE_ENCODING on, as shipped).
    const data = decodeBody(refused.envelope.data) as { code: string; message: string };
    expect(data.code).toBe('error_captcha');
    expect(data.message).not.toBe('error_captcha');
    expect(await state()).toBe(before);
    await context.close();
  });

  it("the checkout's page opens its own live socket and no other: a socket to another origin is refused by its policy", async () => {
    const a = await newMerchant('Tienda Sockets');
    const pending = await guestPost<{ codOper: string }>(sandbox, 'nequi/push', { code: a.link, phone: '63333333', email: 'ana@example.com', trackId: `socket-${Date.now()}` });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${a.link}`);
    const own = `${sandbox.url.replace(/^http/, 'ws')}/api/v1/push?codOper=${pending.codOper}`;
    // Another origin: the demo shop's port, and another host with the socket's scheme.
    const elsewhere = [sandbox.demoUrl.replace(/^http/, 'ws'), 'wss://collector.example/steal'];
    const tried = await page.evaluate(({ own, elsewhere }) => new Promise<{ own: string; blocked: string[] }>((resolve) => {
      const blocked: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => blocked.push(`${event.effectiveDirective} ${event.blockedURI}`));
      for (const url of elsewhere) {
        try {
          new WebSocket(url);
        } catch {
          blocked.push(`thrown ${url}`);
        }
      }
      const ws = new WebSocket(own);
      ws.onopen = () => {
        ws.close();
        setTimeout(() => resolve({ own: 'open', blocked }), 200);
      };
      ws.onerror = () => setTimeout(() => resolve({ own: 'error', blocked }), 200);
    }), { own, elsewhere });
    expect(tried.own).toBe('open');
    expect(tried.blocked.filter((b) => b.startsWith('connect-src'))).toHaveLength(2);
    expect(tried.blocked.join('\n')).not.toContain('/api/v1/push');
    await context.close();
  });

  /** A call from a web page on another origin (the demo shop's): with a token set, the admin API's CORS is open and the key decides. */
  async function fromPage(page: Page, method: string, path: string, key: string | undefined, body?: unknown) {
    return page.evaluate(async ({ url, method, path, key, body }) => {
      const res = await fetch(`${url}/sandbox${path}`, {
        method, headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    }, { url: sandbox.url, method, path, key, body });
  }

  it("each door from a web page: no key 401, another merchant's key 404 (or only its own rows), the right key answered; refusals change nothing", async () => {
    const a = await newMerchant('Tienda A');
    const b = await newMerchant('Tienda B');
    const pending = await guestPost<{ codOper: string }>(sandbox, 'nequi/push', { code: a.link, phone: '63333333', email: 'ana@example.com', trackId: `sec-${Date.now()}` });
    const mailed = `cliente-${Date.now()}@example.com`;
    expect((await admin('POST', '/email-payments', { authorization: `Bearer ${a.key}` }, { to: mailed, amount: 4, description: 'Pedido' })).status).toBe(201);
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);

    const doors = [
      { name: "A's payments", method: 'GET', path: `/transactions?code=${a.link}`, other: { status: 404, code: 'link_not_found' } },
      { name: "approve A's Nequi push", method: 'POST', path: `/nequi/${pending.codOper}`, body: { result: 'approve' }, other: { status: 404, code: 'PAYMENT_NOT_FOUND' } },
      { name: "turn A's captcha off", method: 'PATCH', path: `/merchants/${a.id}`, body: { captchaRequired: false }, other: { status: 404, code: 'merchant_not_found' } },
      { name: "A's mailbox", method: 'GET', path: '/mailbox', other: 'filtered' as const },
    ];
    for (const door of doors) {
      const before = await state();
      const none = await fromPage(page, door.method, door.path, undefined, door.body);
      expect(none.status, door.name).toBe(401);
      expect(none.json, door.name).toMatchObject({ code: 'admin_token_required', message: expect.any(String) });
      expect(none.json['message']).not.toBe('admin_token_required');
      const other = await fromPage(page, door.method, door.path, b.key, door.body);
      if (door.other === 'filtered') {
        expect(other.status, door.name).toBe(200);
        expect(JSON.stringify(other.json), door.name).not.toContain(mailed);
      } else {
        expect(other.status, door.name).toBe(door.other.status);
        expect(other.json, door.name).toMatchObject({ code: door.other.code, message: expect.any(String) });
        expect(other.json['message']).not.toBe(door.other.code);
      }
      expect(await state(), door.name).toBe(before);
      const own = await fromPage(page, door.method, door.path, a.key, door.body);
      expect(own.status, door.name).toBe(200);
    }
    expect(JSON.stringify((await fromPage(page, 'GET', '/mailbox', a.key)).json)).toContain(mailed);
    expect((await admin('GET', `/transactions?code=${a.link}`, operator)).json['transactions']).toEqual([expect.objectContaining({ codOper: pending.codOper, status: 1 })]);
    await context.close();
  });

  it("the live socket from a web page: refused without a key; a merchant's key hears its own payments only", async () => {
    const a = await newMerchant('Tienda Viva A');
    const b = await newMerchant('Tienda Viva B');
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    const wsUrl = `${sandbox.url.replace(/^http/, 'ws')}/sandbox/push`;
    const opened = await page.evaluate((url) => new Promise<string>((resolve) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve('open');
      ws.onerror = () => resolve('refused');
    }), wsUrl);
    expect(opened).toBe('refused');
    // A's socket, collecting what it hears.
    await page.evaluate((url) => new Promise<void>((resolve, reject) => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      const ws = new WebSocket(url);
      ws.onmessage = (event) => {
        heard.push(JSON.parse(String(event.data)));
        resolve();
      };
      ws.onerror = () => reject(new Error('refused'));
    }), `${wsUrl}?token=${encodeURIComponent(a.key)}`);
    const paidB = await guestPost<{ codOper: string }>(sandbox, 'nequi/push', { code: b.link, phone: '63333333', email: 'b@example.com', trackId: `live-b-${Date.now()}` });
    const paidA = await guestPost<{ codOper: string }>(sandbox, 'nequi/push', { code: a.link, phone: '63333333', email: 'a@example.com', trackId: `live-a-${Date.now()}` });
    const heard = () => page.evaluate(() => (window as unknown as { heard: Array<{ type: string; codOper?: string }> }).heard);
    await expect.poll(async () => (await heard()).map((m) => m.codOper), { timeout: 10_000 }).toContain(paidA.codOper);
    expect((await heard())[0]).toEqual({ type: 'hello' });
    expect((await heard()).map((m) => m.codOper)).not.toContain(paidB.codOper);
    await context.close();
  });
});
