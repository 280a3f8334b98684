import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WALLET_USER } from './db/seed';
import { testCluster, type TestNode } from '../test/testNodes';
import { openSocket } from '../test/rawWebSocket';
import { tokenizedCardPayload } from '../test/testApp';
import { startWebhookReceiver } from '../test/webhookReceiver';

// Issue 11 / PRODUCT.md "Running more than one node": two servers on one PostgreSQL behave as one
// service. Needs a real PostgreSQL (TEST_DATABASE_URL): PGlite cannot be shared by two processes.
const url = process.env['TEST_DATABASE_URL'];

type Node = TestNode;

let cluster: Awaited<ReturnType<typeof testCluster>>;
let a: Node;
let b: Node;
let code: string;
beforeAll(async () => {
  if (!url) return;
  cluster = await testCluster(url);
  // Both first starts at once on the empty schema: one migrates and seeds, both share one key.
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  code = String((await a.client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Dos nodos' })).data['code']);
});
afterAll(async () => {
  if (!url) return;
  await cluster.close();
});

describe.skipIf(!url)('two nodes on one PostgreSQL', () => {
  it('honours a trackId across nodes: the retry on the other node answers the first payment', async () => {
    const body = await tokenizedCardPayload(code, { cardNumber: '5555555555554444' });
    const first = await a.client.api('/cards/auth-capture', body);
    const retry = await b.client.api('/cards/auth-capture', body);
    expect(first.status).toBe(200);
    expect(retry.data).toEqual(first.data);
    const rows = (await a.client.admin('GET', `/transactions?code=${code}`)).data['transactions'] as unknown[];
    expect(rows).toHaveLength(1);
  });

  it('applies the duplicate rule across nodes and across a restart', async () => {
    const card = { cardNumber: '4111111111111111', amount: 25, taxAmount: 1.75 };
    expect((await a.client.api('/cards/auth-capture', await tokenizedCardPayload(code, card))).status).toBe(200);
    const onB = await b.client.api('/cards/auth-capture', await tokenizedCardPayload(code, card));
    expect(onB).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    // Node A goes away and comes back (a deploy): the key it matches cards with is the same.
    await cluster.stop(a);
    a = await cluster.start();
    expect((await a.client.api('/cards/auth-capture', await tokenizedCardPayload(code, card))).data['code']).toBe('possible_duplicated_tx');
  });

  it('lets a socket on node B hear a payment settled through node A', async () => {
    const qr = await a.client.api(`/nequi/qr?code=${code}`);
    const codOper = String(qr.data['codOper']);
    const ws = await openSocket(b.port, `codOper=${codOper}`);
    try {
      expect(ws.status).toBe('HTTP/1.1 101 Switching Protocols');
      expect(await ws.next()).toMatchObject({ codOper, status: -1 });
      expect((await a.client.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).status).toBe(200);
      expect(await ws.next()).toMatchObject({ type: 'transaction', codOper, method: 'nequi', status: 1, authStatus: 'APPROVED' });
    } finally {
      ws.socket.destroy();
    }
  });

  it('takes a login made on one node on the other, and a logout on the other ends it', async () => {
    const login = await a.client.api('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password });
    const token = String(login.data['token']);
    expect((await b.client.api('/users/me', undefined, token)).data).toMatchObject({ login: DEMO_WALLET_USER.login });
    // The wallet's push socket on node A hears a payment the same user makes through node B.
    const ws = await openSocket(a.port, `token=${token}`);
    try {
      const paid = await b.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '378282246310005', amount: 25 }), token);
      expect(paid.status).toBe(200);
      expect(await ws.next()).toMatchObject({ type: 'transaction', status: 1, method: 'card' });
    } finally {
      ws.socket.destroy();
    }
    await b.client.api('/users/logout', {}, token);
    expect((await a.client.api('/users/me', undefined, token)).status).toBe(401);
  });

  it('charges a due subscription once, with both nodes sweeping and readers on both', async () => {
    const [plan] = (await a.client.api('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
    const key = String((await a.client.api('/subscriptions', { idPlan: plan?.idPlan, email: 'nodos@example.com' })).data['subscriptionKey']);
    const pay = await b.client.api(`/subscriptions/${key}/pay`, { cardInformation: (await tokenizedCardPayload('x')).cardInformation, trackId: randomUUID() });
    expect(pay.data['status']).toBe(1);
    await a.server.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
    await Promise.all([a.client.api(`/subscriptions/${key}`), b.client.api(`/subscriptions/${key}`), a.client.api(`/subscriptions/${key}`), b.client.api(`/subscriptions/${key}`)]);
    const renewals = async () =>
      (await a.server.db.query<{ n: number }>("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]))[0]?.n;
    await vi.waitFor(async () => expect(await renewals()).toBe(1), { timeout: 5000, interval: 50 });
    // Several more sweeps on both nodes later, still one.
    await new Promise((r) => setTimeout(r, 300));
    expect(await renewals()).toBe(1);
  });

  it('expires an unanswered Nequi payment once, and a socket on the other node hears it', async () => {
    const push = await b.client.api('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    const ws = await openSocket(a.port, `codOper=${codOper}`);
    try {
      expect(await ws.next()).toMatchObject({ codOper, status: -1 });
      await a.server.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [codOper]);
      expect(await ws.next()).toMatchObject({ codOper, status: 0, authStatus: 'EXPIRED' });
      await new Promise((r) => setTimeout(r, 200));
      expect(ws.messages).toEqual([]);
    } finally {
      ws.socket.destroy();
    }
  });

  it('sends each webhook once with both nodes sending, and retries a failed one from either', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const merchant = await a.client.admin('POST', '/merchants', { name: 'Dos nodos S.A.', webhookUrl: receiver.url });
      const merchantId = Number(merchant.data['idMerchant']);
      receiver.answers.push(500);
      const links = await Promise.all([a, b, a, b].map((node) => node.client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Webhook', merchantId })));
      await Promise.all(links.map(async (link, i) => (i % 2 ? b : a).client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.data['code'])))));
      const delivered = async () => (await a.server.db.query<{ n: number }>("select count(*)::int as n from webhook_events where merchant_id = $1 and state = 'delivered'", [merchantId]))[0]?.n;
      await vi.waitFor(async () => expect(await delivered()).toBe(4), { timeout: 5000, interval: 50 });
      await new Promise((r) => setTimeout(r, 300));
      const ids = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      // Four events, one of them sent twice because its first answer was a 500.
      expect(new Set(ids).size).toBe(4);
      const attempts = await a.server.db.query("select attempts, last_status_code, last_error from webhook_events where merchant_id = $1", [merchantId]);
      expect(ids, JSON.stringify(attempts)).toHaveLength(5);
    } finally {
      await receiver.close();
    }
  });
});
