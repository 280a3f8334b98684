import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDED_UNPAID_AUTH_STATUSES } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { defaultPaths } from '../paths';
import { IN_DOUBT } from '../payments/inDoubt';
import { openTestDatabase } from '../../test/testApp';
import { attemptsOfOtherProcessors, attemptsToReconcile } from './attemptsToReconcile';
import { claimGiveBacks, claimOverpayments } from './giveBacks';
import { holdsToReconcile } from './holds';

// What the timers and /health ask on every pass is found through an index of the rows concerned,
// never by reading every payment ever made (migration 140): among 20,000 settled card payments, each
// of their statements is planned without a sequential scan of transactions, and finds its few rows.

const HISTORY = 20_000;

let db: Database;
beforeAll(async () => {
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
  });
  // What is due among it: an attempt in doubt and a cash wait of another processor, a crypto
  // overpayment owed, a give-back under way, a hold past its deadline.
  await db.query(
    `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, status, auth_status, message_key, processor, updated_at, expires_at, details, tx_type, capture_before)
     values ('due-doubt', 'due-doubt', 1, 'card', 1000, -1, 'PROCESSING', 'processing', 'elsewhere', now() - interval '1 hour', null, '{}', 'AUTH_CAPTURE', null),
            ('due-wait', 'due-wait', 1, 'cash', 1000, 0, 'PENDING', 'pending', 'elsewhere', now(), now() + interval '1 day', '{}', 'AUTH_CAPTURE', null),
            ('due-ended', 'due-ended', 1, 'nequi', 1000, -1, 'EXPIRED', 'expired', 'elsewhere', now(), now() - interval '1 day', '{}', 'AUTH_CAPTURE', null),
            ('due-overpaid', 'due-overpaid', 1, 'crypto', 1000, 1, 'APPROVED', 'approved', 'simulator', now() - interval '1 hour', null,
             '{"overpayment": {"status": "pending"}}', 'AUTH_CAPTURE', null),
            ('due-giving-back', 'due-giving-back', 1, 'card', 1000, 0, 'CANCELLED', 'cancelled', 'simulator', now() - interval '1 hour', null,
             '{"owedToPayer": {"state": "giving_back"}}', 'AUTH_CAPTURE', null),
            ('due-hold', 'due-hold', 1, 'card', 1000, 1, 'APPROVED', 'approved', 'simulator', now(), null, '{}', 'AUTH', now() - interval '1 minute')`,
  );
  await db.exec('analyze transactions');
}, 120_000);
afterAll(() => db.close());

/** The statement `ask` sends, as PostgreSQL (or PGlite) plans it with the same values. */
async function planOf(ask: (db: Queryable) => Promise<unknown>): Promise<string> {
  let sent: { sql: string; params: readonly unknown[] } | undefined;
  await ask({
    query: async <Row>(sql: string, params: readonly unknown[] = []) => {
      sent = { sql, params };
      return [] as Row[];
    },
  });
  if (!sent) throw new Error('no statement was sent');
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sent.sql}`, sent.params);
  return JSON.stringify(row?.['QUERY PLAN']);
}

const scansEveryPayment = (plan: string) => /"Node Type":"Seq Scan"[^{}]*"Relation Name":"transactions"/.test(plan);

describe('the sweeps and /health find what is due through an index, not by reading every payment', () => {
  const sweeps: Array<[string, (db: Queryable) => Promise<unknown>]> = [
    ['/health and the start: attempts of processors this node has not', (q) => attemptsOfOtherProcessors(q, ['card simulator'])],
    ['the crypto overpayments owed', (q) => claimOverpayments(q, { waitMs: 0, claimMs: 60_000, limit: 100 })],
    ['the give-backs under way', (q) => claimGiveBacks(q, { waitMs: 0, claimMs: 60_000, giveUpMs: 86_400_000, limit: 100 })],
    ['the attempts in doubt and the waits past their window', (q) => attemptsToReconcile(q, { inDoubtAuthStatus: IN_DOUBT.auth_status, inDoubtAfterMs: 15_000, limit: 200, endedUnpaid: ENDED_UNPAID_AUTH_STATUSES })],
    ['the holds past their deadline', (q) => holdsToReconcile(q, 100)],
  ];
  it.each(sweeps)('%s', async (_, ask) => {
    const plan = await planOf(ask);
    expect(scansEveryPayment(plan), plan).toBe(false);
  });

  it('each finds its rows among the history', async () => {
    expect(await attemptsOfOtherProcessors(db, ['card simulator'])).toEqual([
      { processor: 'elsewhere', method: 'card', attempts: 1 },
      { processor: 'elsewhere', method: 'cash', attempts: 1 },
    ]);
    expect(await attemptsOfOtherProcessors(db, ['card simulator', 'card elsewhere', 'cash elsewhere'])).toEqual([]);
    expect((await claimOverpayments(db, { waitMs: 0, claimMs: 60_000, limit: 100 })).map((r) => r.cod_oper)).toEqual(['due-overpaid']);
    expect((await claimGiveBacks(db, { waitMs: 0, claimMs: 60_000, giveUpMs: 86_400_000, limit: 100 })).map((r) => r.cod_oper)).toEqual(['due-giving-back']);
    expect((await holdsToReconcile(db, 100)).map((r) => r.cod_oper)).toEqual(['due-hold']);
  });

  it("migration 140's index of the attempts to settle names the in-doubt and ended auth statuses that core and the payments use", () => {
    const migration = readFileSync(join(defaultPaths().migrationsDir, '140_sweeps_follow_due_work.sql'), 'utf8');
    expect(migration).toContain(`auth_status = '${IN_DOUBT.auth_status}'`);
    expect(migration).toContain(`auth_status not in (${ENDED_UNPAID_AUTH_STATUSES.map((s) => `'${s}'`).join(', ')})`);
  });
});
