import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayCall } from '../../gateways/GatewayCall';
import { WITHOUT_FLUSH } from '../../store/idempotencyKeys';
import { pngImage } from '../../../test/images';
import { tokenizedCardPayload } from '../../../test/testApp';
import { merchantApiClient, type MerchantAnswer, type MerchantApiClient } from '../../../test/merchantApiClient';
import { testCluster, type TestNode } from '../../../test/testNodes';

// The merchant API's rules that allow once, with requests racing on two nodes on one PostgreSQL
// (where they run in parallel): one effect per Idempotency-Key, one link per order reference, and
// refunds that never give back more than was paid. Needs TEST_DATABASE_URL, as races.test.ts.
const url = process.env['TEST_DATABASE_URL'];

let cluster: Awaited<ReturnType<typeof testCluster>>;
let a: TestNode;
let b: TestNode;
let apis: [MerchantApiClient, MerchantApiClient];
let key: string;

beforeAll(async () => {
  if (!url) return;
  cluster = await testCluster(url);
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  apis = await Promise.all([a, b].map((node) => merchantApiClient((path, init) => fetch(`${node.server.url}${path}`, init)))) as [MerchantApiClient, MerchantApiClient];
  const merchant = await a.client.admin('POST', '/merchants', { name: 'Carreras S.A.' });
  key = String(merchant.data['secretKey']);
});
afterAll(async () => {
  if (url) await cluster.close();
});

/** n calls at once, every other one on the other node. */
const atOnce = (n: number, call: (api: MerchantApiClient, i: number) => Promise<MerchantAnswer>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(apis[i % 2] as MerchantApiClient, i)));

const newLink = (api: MerchantApiClient, body: Record<string, unknown> = {}, idempotencyKey?: string) =>
  api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', ...body }, ...(idempotencyKey ? { idempotencyKey } : {}) });

const count = async (sql: string, params: unknown[]) => (await a.server.db.query<{ n: number }>(sql, params))[0]?.n;

describe.skipIf(!url)('the merchant API on two nodes on one PostgreSQL', () => {
  it('makes one link of 10 requests with one Idempotency-Key at once, and answers them all the same', async () => {
    const idempotencyKey = randomUUID();
    const answers = await atOnce(10, (api) => newLink(api, { orderReference: 'race-idem' }, idempotencyKey));
    expect(answers.every((x) => x.status === 201)).toBe(true);
    expect(new Set(answers.map((x) => x.json['code'])).size).toBe(1);
    expect(await count("select count(*)::int as n from payment_links where order_reference = 'race-idem'", [])).toBe(1);
  });

  it('makes one link of 10 requests with one order reference at once (without keys)', async () => {
    const answers = await atOnce(10, (api) => newLink(api, { orderReference: 'race-ref' }));
    expect(answers.filter((x) => x.status === 201)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409).every((x) => x.json['code'] === 'order_reference_taken')).toBe(true);
    expect(await count("select count(*)::int as n from payment_links where order_reference = 'race-ref'", [])).toBe(1);
  });

  it('keeps a merchant to 16 webhook endpoints and one primary when 20 are added at once on both nodes', async () => {
    const merchant = await a.client.admin('POST', '/merchants', { name: 'Puntos S.A.' });
    const [own, merchantId] = [String(merchant.data['secretKey']), Number(merchant.data['idMerchant'])];
    const answers = await atOnce(20, (api, i) => api.call('POST', '/webhook-endpoints', { key: own, body: { url: `http://127.0.0.1:9/hooks/${i}` } }));
    expect(answers.filter((x) => x.status === 201)).toHaveLength(16);
    expect(answers.filter((x) => x.status !== 201).map((x) => [x.status, x.json['code']])).toEqual(Array.from({ length: 4 }, () => [409, 'webhook_endpoint_limit']));
    expect(await count('select count(*)::int as n from webhook_endpoints where merchant_id = $1', [merchantId])).toBe(16);
    const primaries = await a.server.db.query<{ url: string }>('select url from webhook_endpoints where merchant_id = $1 and is_primary', [merchantId]);
    expect(primaries).toHaveLength(1);
    expect((await a.server.db.query<{ webhook_url: string }>('select webhook_url from merchants where id = $1', [merchantId]))[0]?.webhook_url).toBe(primaries[0]?.url);
  });

  it('gives the primary\'s place to an endpoint that stays when the primary and the next one are removed at once on both nodes', async () => {
    const merchant = await a.client.admin('POST', '/merchants', { name: 'Relevo S.A.' });
    const [own, merchantId] = [String(merchant.data['secretKey']), Number(merchant.data['idMerchant'])];
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(String((await apis[0].call('POST', '/webhook-endpoints', { key: own, body: { url: `http://127.0.0.1:9/relevo/${n}` } })).json['id']));
    const removed = await Promise.all([apis[0].call('DELETE', `/webhook-endpoints/${ids[0]}`, { key: own }), apis[1].call('DELETE', `/webhook-endpoints/${ids[1]}`, { key: own })]);
    expect(removed.map((x) => x.status)).toEqual([200, 200]);
    expect(await a.server.db.query('select id, is_primary from webhook_endpoints where merchant_id = $1', [merchantId])).toEqual([{ id: ids[2], is_primary: true }]);
    expect((await a.server.db.query<{ webhook_url: string }>('select webhook_url from merchants where id = $1', [merchantId]))[0]?.webhook_url).toBe('http://127.0.0.1:9/relevo/3');
  });

  it('never refunds more than was paid when 10 partial refunds race', async () => {
    const code = String((await newLink(apis[0])).json['code']);
    const paid = await a.client.api('/cards/auth-capture', await tokenizedCardPayload(code));
    const codOper = String(paid.data['codOper']);
    // 26.75 paid: five refunds of 5.00 fit, the other five do not.
    const answers = await atOnce(10, (api) => api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 5 } }));
    const succeeded = answers.filter((x) => x.status === 201);
    expect(succeeded).toHaveLength(5);
    expect(answers.filter((x) => x.status !== 201).map((x) => [x.status, x.json['code']])).toEqual(Array.from({ length: 5 }, () => [422, 'refund_exceeds_remaining']));
    const [row] = await a.server.db.query<{ refunded_cents: number }>('select refunded_cents from transactions where cod_oper = $1', [codOper]);
    expect(row?.refunded_cents).toBe(2500);
    expect(cluster.simulator?.books.find<unknown, { refundedCents: number }>(codOper)?.state.refundedCents).toBe(2500);
    // The rest, from either node, then nothing.
    const rest = await atOnce(4, (api) => api.call('POST', `/transactions/${codOper}/refunds`, { key }));
    expect(rest.filter((x) => x.status === 201).map((x) => x.json['amount'])).toEqual([1.75]);
    expect(await count("select count(*)::int as n from refunds where cod_oper = $1 and state = 'succeeded'", [codOper])).toBe(6);
  });

  it('stamps a payment\'s refund events in the order the payment changed when refunds race on both nodes', async () => {
    const link = await newLink(apis[0], { amount: 100, taxAmount: 0 });
    const paid = await a.client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 100, taxAmount: 0 }));
    expect([link.status, paid.data['authStatus']]).toEqual([201, 'APPROVED']);
    const codOper = String(paid.data['codOper']);
    // webhooks.md: a receiver keeps the event with the latest createdAt. A refund whose database
    // transaction began first but waited for the payment's lock wrote after another: stamped with the
    // transaction's start, its event (more refunded) read older.
    const answers = await atOnce(12, (api) => api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 7.5 } }));
    expect(answers.map((x) => [x.status, x.json['code']])).toEqual(Array.from({ length: 12 }, () => [201, undefined]));
    const events = await a.server.db.query<{ refunded_cents: number; created_at: Date; tx_updated_at: Date }>(
      "select refunded_cents, created_at, tx_updated_at from webhook_events where cod_oper = $1 and refunded_cents > 0 order by created_at, id", [codOper]);
    expect(events.length).toBeGreaterThanOrEqual(12);
    const refunded = events.map((e) => e.refunded_cents);
    expect(refunded).toEqual([...refunded].sort((x, y) => x - y));
    expect(refunded.at(-1)).toBe(9000);
    const updated = events.map((e) => e.tx_updated_at.getTime());
    expect(updated).toEqual([...updated].sort((x, y) => x - y));
  });

  it('gives back exactly the whole fee in the books when refunds of one payment end at once on both nodes', async () => {
    const code = String((await newLink(apis[1])).json['code']);
    const codOper = String((await b.client.api('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    // 26.75 paid at 2.9 % + 0.30: a fee of 1.08, whose shares of 2.00 round unevenly (core
    // refundedFeeCents, from running totals): a refund that missed another's line gives back a cent too many.
    const answers = await atOnce(10, (api) => api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 2 } }));
    expect(answers.map((x) => x.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect((await apis[0].call('POST', `/transactions/${codOper}/refunds`, { key })).json['amount']).toBe(6.75);
    const lines = await a.server.db.query<{ type: string; amount: number; fee: number; net: number }>(
      'select type, sum(amount_cents)::int as amount, sum(fee_cents)::int as fee, sum(net_cents)::int as net from balance_transactions where cod_oper = $1 group by type order by type', [codOper]);
    expect(lines).toEqual([{ type: 'payment', amount: 2675, fee: 108, net: 2567 }, { type: 'refund', amount: -2675, fee: -108, net: -2567 }]);
  });

  it('refunds once when the same refund is sent with one Idempotency-Key to both nodes at once', async () => {
    const code = String((await newLink(apis[1])).json['code']);
    const codOper = String((await b.client.api('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    const idempotencyKey = randomUUID();
    const answers = await atOnce(6, (api) => api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 10 }, idempotencyKey }));
    expect(answers.every((x) => x.status === 201)).toBe(true);
    expect(new Set(answers.map((x) => x.json['id'])).size).toBe(1);
    expect(await count('select count(*)::int as n from refunds where cod_oper = $1', [codOper])).toBe(1);
  });

  it('an Idempotency-Key\'s claim and answer commit without the WAL flush, and only they: the setting ends with their statement', async () => {
    // The claim's and the answer's statements set synchronous_commit off for their own transaction (a
    // statement sent alone is one): the connection they ran on commits the next payment durably.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const inside = await client.query<{ setting: string }>(`${WITHOUT_FLUSH} select current_setting('synchronous_commit') as setting from without_flush`);
      expect(inside.rows[0]?.setting).toBe('off');
      const after = await client.query<{ synchronous_commit: string }>('show synchronous_commit');
      expect(after.rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await client.end();
    }
  });

  it('settles refunds left pending once, from what the processor says, with both nodes\' reconcilers running', async () => {
    const code = String((await newLink(apis[0])).json['code']);
    const codOper = String((await a.client.api('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    const [payment] = await a.server.db.query<{ merchant_id: number; gateway_reference: string }>('select merchant_id, gateway_reference from transactions where cod_oper = $1', [codOper]);
    // Two refunds as a node leaves them when the processor does not answer: one it made (its answer
    // lost), one it never received. Each holds its part until the reconcilers hear the processor.
    const pending = (cents: number) => a.server.db.query<{ id: string }>('insert into refunds (cod_oper, merchant_id, amount_cents) values ($1, $2, $3) returning id', [codOper, payment?.merchant_id, cents]);
    const [[made], [neverMade]] = await Promise.all([pending(1000), pending(500)]);
    // The merchant listens for webhooks: each refund's end is written once, whichever node settles it.
    await a.server.db.query("update merchants set webhook_url = 'http://127.0.0.1:9/hooks' where id = $1", [payment?.merchant_id]);
    expect(await a.server.gateways.card.refund({ ...gatewayCall(String(made?.id)), reference: String(payment?.gateway_reference), amountCents: 1000, currency: 'USD' })).toMatchObject({ status: 'refunded' });
    await a.server.db.query("update refunds set created_at = now() - interval '1 minute' where cod_oper = $1", [codOper]);
    await expect.poll(() => count("select count(*)::int as n from refunds where cod_oper = $1 and state <> 'pending'", [codOper]), { timeout: 10_000 }).toBe(2);
    const verified = (await apis[1].call('GET', `/transactions/${codOper}`, { key })).json;
    expect(verified['refundedAmount']).toBe(10);
    // Both were created in one instant here: the verify call's order between them is the ids'.
    expect(verified['refunds']).toHaveLength(2);
    expect(verified['refunds']).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: made?.id, status: 'succeeded' }),
      expect.objectContaining({ id: neverMade?.id, status: 'failed' }),
    ]));
    const events = await a.server.db.query<{ type: string; refund: string }>(
      "select event_type as type, refund_made ->> 'id' as refund from webhook_events where cod_oper = $1 and refund_made is not null order by event_type", [codOper]);
    expect(events).toEqual([{ type: 'transaction.refund_failed', refund: neverMade?.id }, { type: 'transaction.refunded', refund: made?.id }]);
    expect(cluster.simulator?.books.find<unknown, { refundedCents: number }>(codOper)?.state.refundedCents).toBe(1000);
  });

  // Two merchants may upload the same bytes: one row, deleted only once neither uses it.
  it('never loses an image a merchant takes up while another merchant drops it, on two nodes at once', async () => {
    const keys = await Promise.all(['Logo A', 'Logo B'].map(async (name) => String((await a.client.admin('POST', '/merchants', { name })).data['secretKey'])));
    const [keyA = '', keyB = ''] = keys;
    const upload = (api: MerchantApiClient, merchantKey: string, bytes: Uint8Array<ArrayBuffer>) =>
      api.call('POST', '/brand/logo', { key: merchantKey, bytes, headers: { 'content-type': 'image/png' } });
    for (let round = 0; round < 9; round++) {  // A uploads twice a round: within its cap of 20
      const shared = pngImage(48 + round, 48, [round * 20, 90, 60]);
      expect((await upload(apis[0], keyA, shared)).status).toBe(201);
      // A replaces the image on one node while B takes it up on the other.
      const [replaced, taken] = await Promise.all([upload(apis[0], keyA, pngImage(48 + round, 49, [20, round * 20, 160])), upload(apis[1], keyB, shared)]);
      expect([replaced.status, taken.status], JSON.stringify([replaced.json, taken.json])).toEqual([201, 201]);
      expect((await fetch(String(taken.json['logoUrl']).replace(/^https?:\/\/[^/]+/, b.server.url))).status).toBe(200);
    }
    expect(await count('select count(*)::int as n from merchant_logos l where not exists (select 1 from merchants m where m.logo_sha256 = l.sha256)', [])).toBe(0);
  });
  // docs/merchant-api.md "Rolling keys": only the current key may roll or mint keys; each checks, with the
  // merchant locked, that the key asking is still the current one in its change's transaction. A roll
  // and the sandbox's new keys asked at once with one key, on the two nodes: one of them wins, never both
  // (the new keys' loser is a key being retired: 403).
  it('lets one of a roll and new keys asked at once with the same key win, on two nodes, 10 times', async () => {
    for (let round = 0; round < 10; round++) {
      const merchant = await a.client.admin('POST', '/merchants', { name: `Llaves ${round} S.A.` });
      const id = Number(merchant.data['idMerchant']);
      const oldKey = String(merchant.data['secretKey']);
      const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
      const [rolled, minted] = await Promise.all([
        apis[first === a ? 0 : 1].call('POST', '/keys/roll', { key: oldKey, body: { expiresInSeconds: 600 } }),
        fetch(`${second.server.url}/sandbox/merchants/${id}/keys`, { method: 'POST', headers: { authorization: `Bearer ${oldKey}`, 'content-type': 'application/json' }, body: '{}' })
          .then(async (res) => ({ status: res.status, json: (await res.json()) as Record<string, unknown> })),
      ]);
      const won = [rolled, minted].filter((x) => x.status === 200 || x.status === 201);
      expect({ round, statuses: [rolled.status, minted.status], won: won.length }).toEqual({ round, statuses: expect.any(Array), won: 1 });
      if (minted.status !== 201) expect([minted.status, minted.json['code']]).toEqual([403, 'secret_key_retiring']);
      // The roll read its key before the new keys committed (403) or after (401): refused either way.
      else expect([401, 403]).toContain(rolled.status);
      // The winner's key is the merchant's.
      const winnerKey = String((minted.status === 201 ? minted.json : rolled.json)['secretKey']);
      expect((await apis[0].call('GET', '/transactions', { key: winnerKey })).status).toBe(200);
    }
  });
});
