import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { startTestServer } from '../../test/testServer';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { openSocket, type RawSocket } from '../../test/rawWebSocket';

// Issue "Only the right party can act", the mailbox and the live socket of a node started with
// SANDBOX_ADMIN_TOKEN: a merchant's secret key reads only the e-mails sent for that merchant and
// hears only its own payments, webhook deliveries and e-mails; the operator's token everything;
// no key (or a wrong one) 401 and nothing.

const ADMIN_TOKEN = 'scope-token-for-tests-0123456789';
const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };

let server: RunningServer;
let port: number;
let client: ReturnType<typeof nodeClient>;

interface Merchant { id: number; secretKey: string; link: string }

const admin = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await fetch(`${server.url}/sandbox${path}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const keyOf = (m: Merchant) => ({ authorization: `Bearer ${m.secretKey}` });

async function newMerchant(name: string): Promise<Merchant> {
  // Nothing listens on port 9: each payment's webhook delivery fails, and each failure is news on the socket.
  const created = await admin('POST', '/merchants', operator, { name, webhookUrl: 'http://127.0.0.1:9/hooks' });
  expect(created.status).toBe(201);
  const secretKey = String(created.json['secretKey']);
  const link = await admin('POST', '/links', { authorization: `Bearer ${secretKey}` }, { amount: 5, description: `De ${name}` });
  expect(link.status).toBe(201);
  return { id: Number(created.json['idMerchant']), secretKey, link: String(link.json['code']) };
}

/** A guest's Nequi QR payment on the merchant's link (with the widget's captcha token): its codOper. */
async function pay(m: Merchant): Promise<string> {
  const answer = await client.api(`/nequi/qr?code=${m.link}`);
  expect(answer.status).toBe(200);
  return String(answer.data['codOper']);
}

/** An e-mail payment request the merchant sends (it lands in the mailbox): its address. */
async function mailRequest(m: Merchant): Promise<string> {
  const to = `cliente-${randomUUID().slice(0, 8)}@example.com`;
  expect((await admin('POST', '/email-payments', keyOf(m), { to, amount: 3, description: 'Pedido' })).status).toBe(201);
  return to;
}

let a: Merchant;
let b: Merchant;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, adminToken: ADMIN_TOKEN, subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0, webhookIntervalMs: 100 });
  client = nodeClient(server.url);
  a = await newMerchant('Tienda A');
  b = await newMerchant('Tienda B');
});
afterAll(() => server.close());

describe('the mailbox (GET /sandbox/mailbox)', () => {
  let toA: string;
  let toB: string;
  let walletTo: string;
  beforeAll(async () => {
    toA = await mailRequest(a);
    toB = await mailRequest(b);
    // The wallet's own e-mail (a sign-up code) is sent for no merchant.
    walletTo = `nuevo-${randomUUID().slice(0, 8)}@example.com`;
    expect((await client.api('/users/register', { email: walletTo, name: 'Ana', lastname: 'Nueva', phone: '+50760000000', pwd: 'Otra#Clave2026' })).status).toBe(200);
  });
  const mailbox = async (headers: Record<string, string>, to?: string) => admin('GET', `/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, headers);
  const addresses = (json: Record<string, unknown>) => (json['messages'] as Array<{ to: string }>).map((m) => m.to);

  it('without a key, or with a wrong one, is 401 with the catalogue\'s error', async () => {
    for (const [headers, code] of [[{}, 'admin_token_required'], [{ authorization: 'Bearer wrong-token-wrong-token' }, 'admin_token_required'], [{ authorization: 'Bearer sk_test_nobodys' }, 'invalid_secret_key']] as const) {
      const res = await mailbox(headers);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code, message: expect.any(String) });
      expect(res.json['message']).not.toBe(code);
      expect(res.json['messages']).toBeUndefined();
    }
  });

  it("a merchant's key reads the e-mails sent for it, never another merchant's or the wallet's", async () => {
    const ofA = addresses((await mailbox(keyOf(a))).json);
    expect(ofA).toContain(toA);
    expect(ofA).not.toContain(toB);
    expect(ofA).not.toContain(walletTo);
    expect(addresses((await mailbox(keyOf(b))).json)).toEqual(expect.arrayContaining([toB]));
    expect(addresses((await mailbox(keyOf(b))).json)).not.toContain(toA);
    // Asking for another's address by name finds nothing.
    expect(addresses((await mailbox(keyOf(b), toA)).json)).toEqual([]);
    expect(addresses((await mailbox(keyOf(a), walletTo)).json)).toEqual([]);
  });

  it("the operator's token reads every e-mail", async () => {
    expect(addresses((await mailbox(operator)).json)).toEqual(expect.arrayContaining([toA, toB, walletTo]));
  });
});

describe('the live socket (/sandbox/push)', () => {
  const open = async (token: string | undefined): Promise<RawSocket> => openSocket(port, token === undefined ? '' : `token=${encodeURIComponent(token)}`, '/sandbox/push');
  const codOpersIn = (ws: RawSocket) => ws.messages.flatMap((m) => ((m as { type?: string }).type === 'transaction' ? [String((m as { codOper: string }).codOper)] : []));

  it('without a key, with a wrong token or an unknown secret key, is refused 401', async () => {
    for (const token of [undefined, '', 'wrong-token-wrong-token', 'sk_test_nobodys']) {
      const ws = await open(token);
      expect(ws.status).toBe('HTTP/1.1 401 Unauthorized');
      ws.socket.destroy();
    }
  });

  it("a merchant's key hears its own payments, webhooks and e-mails only; the operator's token hears all", async () => {
    const [onA, onB, onOperator] = await Promise.all([open(a.secretKey), open(b.secretKey), open(ADMIN_TOKEN)]);
    for (const ws of [onA, onB, onOperator]) {
      expect(ws.status).toBe('HTTP/1.1 101 Switching Protocols');
      expect(await ws.next()).toEqual({ type: 'hello' });
    }
    const paidA = await pay(a);
    const paidB = await pay(b);
    const mailA = await mailRequest(a);
    const approve = await admin('POST', `/nequi/${paidB}`, keyOf(b), { result: 'approve' });
    expect(approve.status).toBe(200);
    // Each hears its own payment (and B its approval), and its webhook's failed delivery.
    await expect.poll(() => codOpersIn(onOperator), { timeout: 10_000 }).toEqual(expect.arrayContaining([paidA, paidB]));
    await expect.poll(() => codOpersIn(onA), { timeout: 10_000 }).toContain(paidA);
    await expect.poll(() => codOpersIn(onB).filter((c) => c === paidB).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => onA.messages.some((m) => (m as { type?: string }).type === 'webhook'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => onA.messages.some((m) => (m as { type?: string }).type === 'mail'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => onOperator.messages.filter((m) => (m as { type?: string }).type === 'webhook').map((m) => (m as { merchantId: number }).merchantId), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([a.id, b.id]));
    // Never the other's.
    expect(codOpersIn(onA)).not.toContain(paidB);
    expect(codOpersIn(onB)).not.toContain(paidA);
    for (const m of onA.messages) if ('merchantId' in (m as object)) expect((m as { merchantId: number }).merchantId).toBe(a.id);
    for (const m of onB.messages) if ('merchantId' in (m as object)) expect((m as { merchantId: number }).merchantId).toBe(b.id);
    expect(onB.messages.some((m) => (m as { type?: string }).type === 'mail')).toBe(false);
    expect(mailA).toMatch(/@example\.com$/);
    for (const ws of [onA, onB, onOperator]) ws.socket.destroy();
  });

  it('a rotated key stops opening the socket', async () => {
    const rotated = await admin('POST', `/merchants/${a.id}/keys`, keyOf(a), {});
    expect(rotated.status).toBe(201);
    const old = await open(a.secretKey);
    expect(old.status).toBe('HTTP/1.1 401 Unauthorized');
    old.socket.destroy();
    a = { ...a, secretKey: String(rotated.json['secretKey']) };
    const fresh = await open(a.secretKey);
    expect(fresh.status).toBe('HTTP/1.1 101 Switching Protocols');
    fresh.socket.destroy();
  });
});
