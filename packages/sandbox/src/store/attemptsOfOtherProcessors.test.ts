import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import type { ProcessorNames } from '../gateways/processors';
import { UNREACHABLE_ATTEMPTS_CAP as HEALTH_ATTEMPTS_CAP } from '../payments/reconcileAttempts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { attemptsOfOtherProcessors } from './attemptsToReconcile';

// docs/operations.md "Health": /health, asked by the load balancer every few seconds, counts the
// attempts waiting for processors this node has not up to HEALTH_ATTEMPTS_CAP each (then "at least"),
// so its cost is bounded whatever the attempts waiting: a count of every one read them all.

const SIMULATED: ProcessorNames = { card: 'simulator', push: 'simulator', voucher: 'simulator', crypto: 'simulator', bank: 'simulator', payout: 'simulator' };

/** `count` attempts still to settle of `method` at `processor`: cash waits within their day, card attempts in doubt. */
async function waiting(db: Database, prefix: string, method: 'cash' | 'card', processor: string, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query(
      `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, status, auth_status, message_key, processor, expires_at)
       select $1 || g, $1 || g, 1, $2, 1000, case when $2 = 'cash' then 0 else -1 end, case when $2 = 'cash' then 'PENDING' else 'PROCESSING' end,
              case when $2 = 'cash' then 'pending' else 'processing' end, $3, now() + interval '1 day'
         from generate_series(1, $4::int) as g`,
      [prefix, method, processor, count],
    );
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ processors: SIMULATED });
  await waiting(t.db, 'cash-away-', 'cash', 'elsewhere', HEALTH_ATTEMPTS_CAP + 3);
  await waiting(t.db, 'card-away-', 'card', 'elsewhere', 2);
  await waiting(t.db, 'cash-here-', 'cash', 'simulator', 5);
  await waiting(t.db, 'card-other-', 'card', 'other', 1);
  await t.db.exec('analyze transactions');
}, 120_000);
afterAll(() => t.close());

describe('the attempts waiting for other processors', () => {
  it('/health counts each processor and method up to the cap, then says "at least"', async () => {
    const health = (await (await t.app.request('/health')).json()) as Record<string, unknown>;
    expect(health['attemptsForOtherProcessors']).toEqual([
      { processor: 'elsewhere', method: 'card', attempts: 2, atLeast: false },
      { processor: 'elsewhere', method: 'cash', attempts: HEALTH_ATTEMPTS_CAP, atLeast: true },
      { processor: 'other', method: 'card', attempts: 1, atLeast: false },
    ]);
  });

  it('counts exactly up to the cap, and nothing of the reachable processors', async () => {
    expect(await attemptsOfOtherProcessors(t.db, ['card simulator', 'cash simulator', 'card other'], 2)).toEqual([
      { processor: 'elsewhere', method: 'card', attempts: 2, atLeast: false },
      { processor: 'elsewhere', method: 'cash', attempts: 2, atLeast: true },
    ]);
    expect(await attemptsOfOtherProcessors(t.db, ['card elsewhere', 'cash elsewhere', 'card other', 'cash simulator'], 10)).toEqual([]);
  });

  // As planned with its values, and as a prepared statement's generic plan (the one a node's may settle on).
  it('reads the index of the attempts to settle, at most the cap and one of each pair, never every payment', async () => {
    const sql = await sqlOf();
    const plans = await t.db.transaction(async (tx) => {
      const [custom] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, [['card simulator'], 50]);
      await tx.exec('set local plan_cache_mode = force_generic_plan');
      await tx.exec(`prepare health_attempts as ${sql}`);
      const [generic] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) execute health_attempts('{"card simulator"}', 50)`);
      await tx.exec('deallocate health_attempts');
      return [custom, generic].map((plan) => JSON.stringify(plan?.['QUERY PLAN']));
    });
    for (const text of plans) {
      expect(text).not.toMatch(/"Node Type":"Seq Scan"[^{}]*"Relation Name":"transactions"/);
      const rowsRead = [...text.matchAll(/"Actual Rows":([\d.]+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...rowsRead), text).toBeLessThanOrEqual(51);
    }
  });
});

/** The statement attemptsOfOtherProcessors sends. */
async function sqlOf(): Promise<string> {
  let sent = '';
  await attemptsOfOtherProcessors({ query: async <Row>(sql: string) => ((sent = sql), [] as Row[]) }, [], 0);
  return sent;
}
