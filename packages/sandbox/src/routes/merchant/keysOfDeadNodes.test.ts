import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/Database';
import { useMerchantApi, type TestMerchant } from '../../../test/merchantApiSetup';
import { linkLeftByDeadNode, refundLeftByDeadNode, type RefundReached } from '../../../test/deadNodeCalls';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { tokenizedCardPayload } from '../../../test/testApp';
import { testCluster, type TestNode } from '../../../test/testNodes';
import { markRefundFailed } from '../../store/refunds';

// docs/merchant-api.md "Idempotency": a node killed in the middle of a merchant call leaves its key
// claimed. The call's retry takes the key over once that node's session is gone, and answers what
// the node made (the refund, asked of the processor again under its own id; the link) instead of
// making it again; it never waits the key's 24 hours. On PGlite the node that died is the process
// before a restart; on PostgreSQL (TEST_DATABASE_URL), a session killed while another node retries.

const setup = useMerchantApi();
let m: TestMerchant;
beforeAll(async () => {
  m = await setup.newMerchant('Nodos Caídos S.A.');
});

const refundBody = { amount: 0.5 };
const refundsOf = (db: Queryable, codOper: string) => db.query<{ id: string; state: string }>('select id, state from refunds where cod_oper = $1', [codOper]);

describe('a key whose node died (PGlite: the process before a restart)', () => {
  it.each<[RefundReached, string]>([
    ['claimed', 'before it recorded the refund: the retry makes it, once'],
    ['recorded', 'after it recorded the refund, before the processor heard of it: the retry makes that refund'],
    ['asked_the_processor', 'after the processor made the refund, before its answer was recorded: the retry answers that refund, made once'],
  ])('a refund\'s node killed %s: %s', async (at) => {
    const codOper = await setup.paidCard(m.key, 26.75);
    const key = `rf-${randomUUID()}`;
    const left = await refundLeftByDeadNode(setup.t.db, setup.t.gateways, at, { owner: 'pasarela/dead0001', merchantId: m.id, key, codOper, amountCents: 50, body: refundBody });
    const retry = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: refundBody, idempotencyKey: key });
    expect([retry.status, retry.json['code']]).toEqual([201, undefined]);
    expect(retry.json).toMatchObject({ amount: 0.5, status: 'succeeded', transaction: { refundedAmount: 0.5 } });
    const refunds = await refundsOf(setup.t.db, codOper);
    expect(refunds).toEqual([{ id: left ?? expect.any(String), state: 'succeeded' }]);
    expect(retry.json['id']).toMatch(/^re_/);
    // The processor made it once, under the refund's own key.
    const book = setup.t.simulator.books.find<unknown, { refundedCents: number; refundKeys: string[] }>(codOper)?.state;
    expect([book?.refundedCents, book?.refundKeys]).toEqual([50, [refunds[0]?.id]]);
    // Its answer is kept: the next repeat replays it, and a new key is a new refund.
    const again = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: refundBody, idempotencyKey: key });
    expect([again.status, again.headers.get('idempotent-replayed'), again.json['id']]).toEqual([201, 'true', retry.json['id']]);
  });

  it('a refund\'s node killed while the processor had not answered, the refund then settled failed by the reconciler: the retry answers that refund as it stands, makes no second one', async () => {
    const codOper = await setup.paidCard(m.key, 26.75);
    const key = `rf-${randomUUID()}`;
    const left = await refundLeftByDeadNode(setup.t.db, setup.t.gateways, 'recorded', { owner: 'pasarela/dead0004', merchantId: m.id, key, codOper, amountCents: 50, body: refundBody });
    // What the refund reconciler does once the processor says it made none under the refund's id.
    await markRefundFailed(setup.t.db, String(left), 'not_made');
    const retry = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: refundBody, idempotencyKey: key });
    expect([retry.status, retry.json['code']]).toEqual([201, undefined]);
    expect(retry.json).toMatchObject({ amount: 0.5, status: 'failed', transaction: { refundedAmount: 0 } });
    expect(await refundsOf(setup.t.db, codOper)).toEqual([{ id: left, state: 'failed' }]);
    expect(setup.t.simulator.books.find<unknown, { refundKeys?: string[] }>(codOper)?.state.refundKeys ?? []).toEqual([]);
    // The merchant refunds again under a new key.
    const again = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: refundBody, idempotencyKey: `rf-${randomUUID()}` });
    expect(again.json).toMatchObject({ amount: 0.5, status: 'succeeded' });
  });

  it('answers the link a node made before it died, and makes no second one', async () => {
    const key = `pl-${randomUUID()}`;
    const body = { amount: 12, description: `Pedido ${key}` };
    const code = await linkLeftByDeadNode(setup.t.db, { owner: 'pasarela/dead0002', merchantId: m.id, key, body });
    const retry = await setup.api.call('POST', '/payment-links', { key: m.key, body, idempotencyKey: key });
    expect([retry.status, retry.json['code']]).toEqual([201, code]);
    expect(await setup.t.db.query('select code from payment_links where description = $1', [body.description])).toEqual([{ code }]);
  });

  it('takes over a dead node\'s key only for the same request: another body is still idempotency_key_reused', async () => {
    const codOper = await setup.paidCard(m.key, 26.75);
    const key = `rf-${randomUUID()}`;
    await refundLeftByDeadNode(setup.t.db, setup.t.gateways, 'claimed', { owner: 'pasarela/dead0003', merchantId: m.id, key, codOper, amountCents: 50, body: refundBody });
    const other = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 1 }, idempotencyKey: key });
    expect([other.status, other.json['code']]).toEqual([409, 'idempotency_key_reused']);
    expect(await refundsOf(setup.t.db, codOper)).toEqual([]);
  });
});

const url = process.env['TEST_DATABASE_URL'];

describe('a key whose call failed after it made something', () => {
  it('a refund made at the processor whose outcome could not be recorded (a database error, a 500): the retry finishes that refund, made once', async () => {
    const codOper = await setup.paidCard(m.key, 26.75);
    const key = `rf-${randomUUID()}`;
    // The refund's second commit fails once, as a database blip would: a sequence is not rolled back with it.
    await setup.t.db.query('create sequence refund_blip');
    await setup.t.db.query(`create function refund_blip() returns trigger language plpgsql as $$
      begin if nextval('refund_blip') = 1 then raise exception 'the database went away'; end if; return new; end $$`);
    await setup.t.db.query("create trigger refund_blip before update of state on refunds for each row when (new.state = 'succeeded') execute function refund_blip()");
    try {
      // A failure of the server's own, which the OpenAPI document does not list: asked without its check.
      const first = await setup.t.app.request(`/api/v1/merchant/transactions/${codOper}/refunds`, {
        method: 'POST', headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(refundBody),
      });
      expect(first.status).toBe(500);
      const retry = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: refundBody, idempotencyKey: key });
      expect([retry.status, retry.json['code']]).toEqual([201, undefined]);
      expect(retry.json).toMatchObject({ amount: 0.5, status: 'succeeded', transaction: { refundedAmount: 0.5 } });
      const refunds = await refundsOf(setup.t.db, codOper);
      expect(refunds).toEqual([{ id: retry.json['id'], state: 'succeeded' }]);
      const book = setup.t.simulator.books.find<unknown, { refundedCents: number; refundKeys: string[] }>(codOper)?.state;
      expect([book?.refundedCents, book?.refundKeys]).toEqual([50, [retry.json['id']]]);
    } finally {
      await setup.t.db.query('drop trigger refund_blip on refunds');
      await setup.t.db.query('drop function refund_blip()');
      await setup.t.db.query('drop sequence refund_blip');
    }
  });

  it('another request may still take a key whose call failed, afresh', async () => {
    const codOper = await setup.paidCard(m.key, 26.75);
    const key = `rf-${randomUUID()}`;
    const tooMuch = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 99 }, idempotencyKey: key });
    expect(tooMuch.status).toBe(422);
    const fixed = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: refundBody, idempotencyKey: key });
    expect([fixed.status, fixed.json['status']]).toEqual([201, 'succeeded']);
    expect(await refundsOf(setup.t.db, codOper)).toHaveLength(1);
  });
});

describe.skipIf(!url)('a key whose node died, with two nodes on one PostgreSQL', () => {
  let cluster: Awaited<ReturnType<typeof testCluster>>;
  let a: TestNode;
  let b: TestNode;
  let apis: [MerchantApiClient, MerchantApiClient];
  let merchant: { id: number; key: string };
  beforeAll(async () => {
    cluster = await testCluster(String(url));
    [a, b] = await Promise.all([cluster.start(), cluster.start()]);
    apis = await Promise.all([a, b].map((node) => merchantApiClient((path, init) => fetch(`${node.server.url}${path}`, init)))) as [MerchantApiClient, MerchantApiClient];
    const made = await a.client.admin('POST', '/merchants', { name: 'Nodos Caídos S.A.' });
    merchant = { id: Number(made.data['idMerchant']), key: String(made.data['secretKey']) };
  });
  afterAll(async () => {
    await cluster?.close();
  });

  /** A node's own session (application_name), which the test ends as PostgreSQL ends a killed process's. */
  const nodeSession = (name: string) => new pg.Client({ connectionString: cluster.databaseUrl, application_name: name });

  it('the retry on the other node waits while the node lives, and answers the refund it made once its session is gone', async () => {
    const link = await apis[0].call('POST', '/payment-links', { key: merchant.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' }, idempotencyKey: randomUUID() });
    const codOper = String((await a.client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['codOper']);
    const name = `pasarela/${randomUUID().slice(0, 8)}`;
    const session = await nodeSession(name);
    session.on('error', () => undefined);
    await session.connect();
    const key = `rf-${randomUUID()}`;
    // The node claims the key in its own session, records the refund and the processor makes it.
    const viaSession: Queryable = { query: async (sql, params) => (await session.query(sql, params ? [...params] : [])).rows };
    const id = await refundLeftByDeadNode(viaSession, a.server.gateways, 'asked_the_processor', { owner: name, merchantId: merchant.id, key, codOper, amountCents: 50, body: refundBody });
    const retry = apis[1].call('POST', `/transactions/${codOper}/refunds`, { key: merchant.key, body: refundBody, idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await refundsOf(a.server.db, codOper)).toEqual([{ id, state: 'pending' }]);
    // kill -9: PostgreSQL ends the node's session.
    await a.server.db.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
    const answered = await retry;
    expect([answered.status, answered.json['id'] === undefined, answered.json['status']]).toEqual([201, false, 'succeeded']);
    expect(await refundsOf(a.server.db, codOper)).toEqual([{ id, state: 'succeeded' }]);
    const replayed = await apis[0].call('POST', `/transactions/${codOper}/refunds`, { key: merchant.key, body: refundBody, idempotencyKey: key });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.json['id']]).toEqual([201, 'true', answered.json['id']]);
    const book = cluster.simulator?.books.find<unknown, { refundedCents: number; refundKeys: string[] }>(codOper)?.state;
    expect([book?.refundedCents, book?.refundKeys]).toEqual([50, [id]]);
  });
});
