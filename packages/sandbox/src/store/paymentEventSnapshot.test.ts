import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';

// A payment's own webhook event is written by its outbox trigger from the payment's row in one insert
// (migration 160); an event written elsewhere (a refund's, a hold's, the merchant's own) is completed
// by the triggers on webhook_events, which read the payment by its codOper. Both ways give one
// snapshot: each payment below gets its own event, then the same event written the other way, and
// every column the triggers fill must agree.

const SNAPSHOT = [
  'currency', 'payer_email', 'payer_name', 'card_brand', 'card_last4', 'phone', 'campaign_cents', 'tx_created_at', 'tx_updated_at',
  'held_cents', 'tx_type', 'hold_state', 'captured_cents', 'capture_before', 'overpayment', 'disputes',
] as const;

let db: Database;
let pesos: number;

beforeAll(async () => {
  db = await openTestDatabase();
  const [row] = await db.query<{ id: number }>(
    `insert into merchants (name, web_code, logo, has_payment_guest, tx_limit_cents, domain_validation, allowed_domains, captcha_required, country, currency)
     values ('Tienda de Medellín', 'SNAPSHOTCO', '', true, 100000000, false, '[]', false, 'CO', 'COP') returning id`,
  );
  pesos = row!.id;
});
afterAll(async () => {
  await db.close();
});

/** The payment's latest event as its outbox wrote it, and the same event written as holds.ts writes one. */
async function bothWays(codOper: string) {
  const [own] = await db.query<Record<string, unknown>>('select * from webhook_events where cod_oper = $1 order by seq desc limit 1', [codOper]);
  const [completed] = await db.query<Record<string, unknown>>(
    `insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund, event_type, refunded_cents, state)
     select t.merchant_id, t.cod_oper, t.method, t.status, t.auth_status, t.amount_cents, t.tax_cents, t.link_code, t.details -> 'refund', 'snapshot.check', t.refunded_cents, 'none'
       from transactions t where t.cod_oper = $1
     returning *`,
    [codOper],
  );
  const pick = (row: Record<string, unknown> | undefined) => Object.fromEntries(SNAPSHOT.map((c) => [c, row?.[c]]));
  return { own: pick(own), completed: pick(completed) };
}

async function pay(codOper: string, columns: Record<string, unknown>) {
  const names = ['cod_oper', 'track_id', 'merchant_id', 'method', 'amount_cents', 'status', 'auth_status', 'message_key', 'processor', ...Object.keys(columns)];
  const values = [codOper, codOper, 1, 'card', 1500, -1, 'PROCESSING', 'processing', 'simulator', ...Object.values(columns)];
  const given = { ...Object.fromEntries(names.map((n, i) => [n, values[i]])) };
  const list = Object.keys(given);
  await db.query(`insert into transactions (${list.join(', ')}) values (${list.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(given));
}

describe("a payment's own webhook event carries the snapshot the event triggers make", () => {
  it('an approved card payment with the payer\'s details', async () => {
    await pay('snap-card', { email: 'ana@example.com', payer_name: 'Ana Pérez', card_brand: 'VISA', card_last4: '4242', phone: '+50761234567' });
    await db.query("update transactions set status = 1, auth_status = 'APPROVED', message_key = 'approved', updated_at = now() where cod_oper = 'snap-card'");
    const { own, completed } = await bothWays('snap-card');
    expect(own).toEqual(completed);
    expect(own).toMatchObject({ currency: 'USD', payer_email: 'ana@example.com', card_last4: '4242', held_cents: 0, campaign_cents: 0 });
    expect(own['tx_created_at']).toBeInstanceOf(Date);
  });

  it("a payment in pesos: the event's currency is its merchant's", async () => {
    await pay('snap-pesos', { merchant_id: pesos, amount_cents: 5_000_000 });
    await db.query("update transactions set status = 1, auth_status = 'APPROVED', updated_at = now() where cod_oper = 'snap-pesos'");
    const { own, completed } = await bothWays('snap-pesos');
    expect(own).toEqual(completed);
    expect(own['currency']).toBe('COP');
  });

  it('a hold captured in part, with a refund held', async () => {
    await pay('snap-hold', { tx_type: 'AUTH', capture_before: new Date(Date.now() + 86_400_000), campaign_cents: 200 });
    await db.query("update transactions set status = 1, auth_status = 'APPROVED', updated_at = now() where cod_oper = 'snap-hold'");
    await db.query("insert into refunds (cod_oper, merchant_id, amount_cents, state) values ('snap-hold', 1, 300, 'pending'), ('snap-hold', 1, 100, 'failed')");
    await db.query("update transactions set status = 2, hold_state = 'captured', captured_cents = 1200, updated_at = now() where cod_oper = 'snap-hold'");
    const { own, completed } = await bothWays('snap-hold');
    expect(own).toEqual(completed);
    expect(own).toMatchObject({ tx_type: 'AUTH', hold_state: 'captured', captured_cents: 1200, held_cents: 300, campaign_cents: 200 });
  });

  it('a crypto payment paid over its amount', async () => {
    await pay('snap-crypto', { method: 'crypto' });
    await db.query(
      `update transactions set status = 1, auth_status = 'APPROVED', updated_at = now(),
         details = details || '{"overpayment": {"status": "pending", "cents": 250}}'::jsonb where cod_oper = 'snap-crypto'`,
    );
    const { own, completed } = await bothWays('snap-crypto');
    expect(own).toEqual(completed);
    expect(own['overpayment']).toEqual({ status: 'pending', cents: 250 });
  });

  it('a disputed payment: its disputes, as the refund rule reads them', async () => {
    await pay('snap-disputed', {});
    await db.query("update transactions set status = 1, auth_status = 'APPROVED', updated_at = now() where cod_oper = 'snap-disputed'");
    await db.query(`insert into gateway_disputes (reference, cod_oper, status, amount_cents, currency, reason, stage, taken_cents, fee_charged)
      values ('dp_snap', 'snap-disputed', 'lost', 600, 'USD', 'fraudulent', 'chargeback', 600, true)`);
    // Money owed to the payer: the payment's own event, its outcome as it was.
    await db.query(`update transactions set updated_at = now(), details = details || '{"owedToPayer": {"amountCents": 100, "state": "owed"}}'::jsonb where cod_oper = 'snap-disputed'`);
    const { own, completed } = await bothWays('snap-disputed');
    expect(own).toEqual(completed);
    expect(own['disputes']).toEqual([{ stage: 'chargeback', status: 'lost', takenCents: 600, feeCharged: true }]);
  });

  it("a card payment's details that look like an overpayment stay out of its event", async () => {
    await pay('snap-not-crypto', {});
    await db.query(`update transactions set status = 1, auth_status = 'APPROVED', updated_at = now(), details = details || '{"overpayment": {"status": "pending"}}'::jsonb where cod_oper = 'snap-not-crypto'`);
    const { own, completed } = await bothWays('snap-not-crypto');
    expect(own).toEqual(completed);
    expect(own['overpayment']).toBeNull();
  });
});

/** The PL/pgSQL functions `work` ran, by name, counted by PostgreSQL's own statistics for this schema. */
async function plCallsOf(work: (tx: Transaction) => Promise<void>): Promise<Record<string, number>> {
  const read = async () => Object.fromEntries((await db.query<{ funcname: string; calls: number }>(
    'select funcname, calls::int as calls from pg_stat_user_functions where schemaname = current_schema()',
  )).map((r) => [r.funcname, r.calls]));
  const flushed = async (fn: (tx: Transaction) => Promise<void>) => db.transaction(async (tx) => {
    await tx.exec("set local track_functions = 'pl'");
    await fn(tx);
    await tx.query('select pg_stat_force_next_flush()');
  });
  await flushed(async () => undefined);
  const before = await read();
  await flushed(work);
  const after = await read();
  const ran: Record<string, number> = {};
  for (const [name, calls] of Object.entries(after)) if (calls !== (before[name] ?? 0)) ran[name] = calls - (before[name] ?? 0);
  return ran;
}

describe('the triggers an outcome runs', () => {
  it('an approval the node announces runs the outbox and its deliveries, nothing that reads the payment again', async () => {
    await pay('snap-calls', { email: 'ana@example.com' });
    const ran = await plCallsOf(async (tx) => {
      await tx.query(
        `update transactions set status = 1, auth_status = 'APPROVED', message_key = 'approved', updated_at = now()
          where cod_oper = 'snap-calls' and set_config('pasarela.announced_by_node', 'on', true) = 'on'`,
      );
    });
    expect(ran).toEqual({ pasarela_webhook_outbox: 1, pasarela_endpoint_deliveries: 1 });
  });


  it("the touch sets updated_at only where the statement left it, and a changed event's currency is still the merchant's", async () => {
    await pay('snap-touch', {});
    const [before] = await db.query<{ updated_at: Date }>("select updated_at from transactions where cod_oper = 'snap-touch'");
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A status change that names no updated_at: the touch sets it.
    await db.query("update transactions set status = 0, auth_status = 'DECLINED' where cod_oper = 'snap-touch'");
    const [after] = await db.query<{ updated_at: Date }>("select updated_at from transactions where cod_oper = 'snap-touch'");
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    const [event] = await db.query<{ id: string }>("select id from webhook_events where cod_oper = 'snap-touch' order by seq desc limit 1");
    await db.query("update webhook_events set currency = 'COP' where id = $1", [event!.id]);
    const [changed] = await db.query<{ currency: string }>('select currency from webhook_events where id = $1', [event!.id]);
    expect(changed!.currency).toBe('USD');
  });
});
