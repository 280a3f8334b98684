import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDED_UNPAID_AUTH_STATUSES } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { defaultPaths } from '../paths';
import { IN_DOUBT } from '../payments/inDoubt';
import { openTestDatabase } from '../../test/testApp';
import { attemptsOfOtherProcessors, attemptsToReconcile } from './attemptsToReconcile';
import { claimGiveBacks, claimOverpayments, claimStrayDeposits } from './giveBacks';
import { holdsToReconcile } from './holds';

// What the timers and /health ask on every pass is found through an index of the rows concerned,
// never by reading every payment ever made (migrations 140 and 145): among 20,000 settled card
// payments and 5,000 Nequi pushes that lapsed unanswered, each of their statements is planned
// without a sequential scan of transactions and without reading the lapsed pushes, and finds its
// few rows.

const HISTORY = 20_000;
const LAPSED_PUSHES = 5_000;

let db: Database;

/** The test database, with the history and the rows due below. */
async function openWithHistory(): Promise<Database> {
  db = await openTestDatabase();
  await db.transaction(async (tx) => {
    // Settled history, written as the payments' rows alone (no trigger of theirs is under test here).
    await tx.exec('set local session_replication_role = replica');
    await tx.query(
      `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, status, auth_status, message_key, processor, created_at, updated_at, details)
       select 'history-' || g, 'history-' || g, 1, 'card', 1000, 1, 'APPROVED', 'approved', 'simulator',
              now() - g * interval '1 minute', now() - g * interval '1 minute', '{"refund": null}'::jsonb
         from generate_series(1, $1::int) as g`,
      [HISTORY],
    );
    // An ended Nequi push keeps status 0 (core's RECORDED): only its auth status says it lapsed.
    await tx.query(
      `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, status, auth_status, message_key, processor, created_at, updated_at, expires_at)
       select 'lapsed-' || g, 'lapsed-' || g, 1, 'nequi', 1000, 0, 'EXPIRED', 'expired', 'simulator',
              now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '10 minutes'
         from generate_series(1, $1::int) as g`,
      [LAPSED_PUSHES],
    );
  });
  // What is due among it: an attempt in doubt and a cash wait of another processor, a Yappy push
  // past its window, a crypto overpayment owed, a give-back under way, a hold past its deadline; and
  // a Nequi push that ended, which is not.
  await db.query(
    `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, status, auth_status, message_key, processor, updated_at, expires_at, details, tx_type, capture_before)
     values ('due-doubt', 'due-doubt', 1, 'card', 1000, -1, 'PROCESSING', 'processing', 'elsewhere', now() - interval '1 hour', null, '{}', 'AUTH_CAPTURE', null),
            ('due-wait', 'due-wait', 1, 'cash', 1000, 0, 'PENDING', 'pending', 'elsewhere', now(), now() + interval '1 day', '{}', 'AUTH_CAPTURE', null),
            ('due-lapsed', 'due-lapsed', 1, 'yappy', 1000, -1, 'PENDING', 'pending', 'simulator', now() - interval '1 hour', now() - interval '1 minute', '{}', 'AUTH_CAPTURE', null),
            ('due-ended', 'due-ended', 1, 'nequi', 1000, 0, 'EXPIRED', 'expired', 'elsewhere', now(), now() - interval '1 day', '{}', 'AUTH_CAPTURE', null),
            ('due-overpaid', 'due-overpaid', 1, 'crypto', 1000, 1, 'APPROVED', 'approved', 'simulator', now() - interval '1 hour', null,
             '{"overpayment": {"status": "pending"}}', 'AUTH_CAPTURE', null),
            ('due-giving-back', 'due-giving-back', 1, 'card', 1000, 0, 'CANCELLED', 'cancelled', 'simulator', now() - interval '1 hour', null,
             '{"owedToPayer": {"state": "giving_back"}}', 'AUTH_CAPTURE', null),
            ('due-hold', 'due-hold', 1, 'card', 1000, 1, 'APPROVED', 'approved', 'simulator', now(), null, '{}', 'AUTH', now() - interval '1 minute')`,
  );
  await db.exec('analyze transactions');
  return db;
}

/**
 * The statement `ask` sends, as PostgreSQL (or PGlite) plans it with the same values, and as a
 * prepared statement's generic plan (the plan a node's prepared statement may settle on), with the
 * rows each of its nodes read.
 */
async function plansOf(ask: (db: Queryable) => Promise<unknown>): Promise<string[]> {
  let sent: { sql: string; params: readonly unknown[] } | undefined;
  await ask({
    query: async <Row>(sql: string, params: readonly unknown[] = []) => {
      sent = { sql, params };
      return [] as Row[];
    },
  });
  if (!sent) throw new Error('no statement was sent');
  const { sql, params } = sent;
  return db.transaction(async (tx) => {
    const plans: string[] = [];
    // Run and rolled back: ANALYZE counts the rows each node read (the claims' updates are undone).
    const [custom] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
    plans.push(JSON.stringify(custom?.['QUERY PLAN']));
    await tx.exec('set local plan_cache_mode = force_generic_plan');
    await tx.exec(`prepare sweep_plan as ${sql}`);
    const literal = (value: unknown): string => {
      if (value === null || value === undefined) return 'null';
      if (typeof value === 'number') return String(value);
      const text = Array.isArray(value) ? `{${value.map((v) => `"${String(v)}"`).join(',')}}` : String(value);
      return `'${text.replaceAll("'", "''")}'`;
    };
    const [generic] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) execute sweep_plan(${params.map(literal).join(', ')})`);
    plans.push(JSON.stringify(generic?.['QUERY PLAN']));
    await tx.exec('deallocate sweep_plan');
    throw new RolledBack(plans);
  }).catch((error: unknown) => {
    if (error instanceof RolledBack) return error.plans;
    throw error;
  });
}

class RolledBack extends Error {
  constructor(readonly plans: string[]) {
    super('rolled back');
  }
}

const scansEveryPayment = (plan: string) => /"Node Type":"Seq Scan"[^{}]*"Relation Name":"transactions"/.test(plan);
/** The most rows any node of the plan read, its index's rows included: the lapsed pushes are 5,000. */
const mostRowsRead = (plan: string) => Math.max(0, ...[...plan.matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1])), ...[...plan.matchAll(/"Rows Removed by (?:Filter|Index Recheck)":(\d+)/g)].map((m) => Number(m[1])));

const url = process.env['TEST_DATABASE_URL'];

// On PGlite in the route suite's run, on PostgreSQL in the run given TEST_DATABASE_URL.
describe.skipIf(Boolean(url))('on PGlite', () => {
  beforeAll(openWithHistory, 120_000);
  afterAll(() => db.close());
  sweepPlanTests();
});
describe.skipIf(!url)('on PostgreSQL', () => {
  beforeAll(openWithHistory, 120_000);
  afterAll(() => db.close());
  sweepPlanTests();
});

/** Each sweep's plans and what it finds, on the database the describe above opened. */
function sweepPlanTests() {
  describe('the sweeps and /health find what is due through an index, not by reading every payment', () => {
    const sweeps: Array<[string, (db: Queryable) => Promise<unknown>]> = [
      ['/health and the start: attempts of processors this node has not', (q) => attemptsOfOtherProcessors(q, ['card simulator'], 1000)],
      ['the crypto overpayments owed', (q) => claimOverpayments(q, { waitMs: 0, claimMs: 60_000, limit: 100 })],
      ['the coins owed back from an address a crypto payment moved from', (q) => claimStrayDeposits(q, { waitMs: 0, claimMs: 60_000, limit: 100 })],
      ['the give-backs under way', (q) => claimGiveBacks(q, { waitMs: 0, claimMs: 60_000, giveUpMs: 86_400_000, limit: 100 })],
      ['the attempts in doubt and the waits past their window', (q) => attemptsToReconcile(q, { inDoubtAfterMs: 15_000, limit: 200, reachable: ['card simulator', 'yappy simulator'] })],
      ['the holds past their deadline', (q) => holdsToReconcile(q, 100)],
    ];
    it.each(sweeps)('%s', async (_, ask) => {
      for (const plan of await plansOf(ask)) {
        expect(scansEveryPayment(plan), plan).toBe(false);
        expect(mostRowsRead(plan), plan).toBeLessThan(100);
      }
    });

    it('each finds its rows among the history', async () => {
      expect(await attemptsOfOtherProcessors(db, ['card simulator', 'yappy simulator'], 1000)).toEqual([
        { processor: 'elsewhere', method: 'card', attempts: 1, atLeast: false },
        { processor: 'elsewhere', method: 'cash', attempts: 1, atLeast: false },
      ]);
      expect(await attemptsOfOtherProcessors(db, ['card simulator', 'yappy simulator', 'card elsewhere', 'cash elsewhere'], 1000)).toEqual([]);
      expect((await claimOverpayments(db, { waitMs: 0, claimMs: 60_000, limit: 100 })).map((r) => r.cod_oper)).toEqual(['due-overpaid']);
      expect((await claimGiveBacks(db, { waitMs: 0, claimMs: 60_000, giveUpMs: 86_400_000, limit: 100 })).map((r) => r.cod_oper)).toEqual(['due-giving-back']);
      expect((await holdsToReconcile(db, 100)).map((r) => r.cod_oper)).toEqual(['due-hold']);
      expect((await attemptsToReconcile(db, { inDoubtAfterMs: 15_000, limit: 200 })).map((r) => r.cod_oper)).toEqual(['due-doubt', 'due-lapsed']);
      expect((await attemptsToReconcile(db, { inDoubtAfterMs: 15_000, limit: 200, reachable: ['yappy simulator'] })).map((r) => r.cod_oper)).toEqual(['due-lapsed']);
    });

    it('every index of the payments is one a query or a constraint uses (migration 150 dropped the one none did)', async () => {
      const indexes = (await db.query<{ indexname: string }>("select indexname from pg_indexes where tablename = 'transactions' and schemaname = current_schema() order by indexname")).map((r) => r.indexname);
      expect(indexes).toEqual([
        'transactions_cod_oper_key', // unique: SPEC's codOper
        'transactions_duplicate', // SPEC 8's duplicate check (insertTransaction.ts)
        'transactions_giving_back', // claimGiveBacks
        'transactions_in_doubt', // attemptsToReconcile: the attempts in doubt
        'transactions_link', // a link's payments
        'transactions_merchant', // a merchant's payments, newest first
        'transactions_merchant_updated', // a merchant's payments changed since
        'transactions_open_holds', // holdsToReconcile
        'transactions_open_waits', // attemptsToReconcile: the waits past their window
        'transactions_overpayment_pending', // claimOverpayments
        'transactions_pkey',
        'transactions_reference', // unique: a processor's reference, its events' payment
        'transactions_stray_deposits', // claimStrayDeposits
        'transactions_to_settle', // attemptsOfOtherProcessors (/health, the start)
        'transactions_track_id_key', // unique: a payment intent's trackId
      ]);
    });

    it('the indexes of migrations 140 and 145 name the in-doubt and ended auth statuses that core and the payments use', () => {
      const ended = `auth_status not in (${ENDED_UNPAID_AUTH_STATUSES.map((s) => `'${s}'`).join(', ')})`;
      const toSettle = readFileSync(join(defaultPaths().migrationsDir, '140_sweeps_follow_due_work.sql'), 'utf8');
      expect(toSettle).toContain(`auth_status = '${IN_DOUBT.auth_status}'`);
      expect(toSettle).toContain(ended);
      expect(readFileSync(join(defaultPaths().migrationsDir, '145_open_waits_index.sql'), 'utf8')).toContain(ended);
    });
  });
}
