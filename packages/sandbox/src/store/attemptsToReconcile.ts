import { CARD_AUTH_STATUS, ENDED_UNPAID_AUTH_STATUSES } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';

/** An attempt the reconciler looks at, and whether its wait is past its window. */
export type AttemptToReconcile = TransactionRow & { lapsed: boolean };

/**
 * An attempt recorded as sent whose answer is not in (inDoubt.ts's IN_DOUBT), its status a literal:
 * the condition of migration 015's transactions_in_doubt and part of migration 140's
 * transactions_to_settle.
 */
const IN_DOUBT_SQL = `auth_status = '${CARD_AUTH_STATUS.processing}'`;

/**
 * A cash, Nequi or Yappy wait that has not ended (its auth status none of core's
 * ENDED_UNPAID_AUTH_STATUSES), with the statuses as literals: the condition of migration 145's
 * transactions_open_waits and part of migration 140's transactions_to_settle, which the planner
 * uses only for a query whose condition has the same text.
 */
const OPEN_WAIT_SQL = `status in (0, -1) and method in ('cash', 'nequi', 'yappy') and auth_status not in (${ENDED_UNPAID_AUTH_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The attempts the reconciler settles, oldest first, at most `limit`: those recorded as sent (auth
 * status PROCESSING, inDoubt.ts's IN_DOUBT) whose answer is `inDoubtAfterMs` late, and the cash,
 * Nequi and Yappy waits past their window that have not ended (core's ENDED_UNPAID_AUTH_STATUSES).
 * With `reachable` (`method processor` pairs), only attempts whose processor this node has, and
 * those recorded without one. Each arm is the condition of a partial index, word for word
 * (transactions_in_doubt, migration 015; transactions_open_waits, migration 145), so that it reads
 * the rows due and never every wait that ever lapsed (sweepPlans.test.ts).
 */
export async function attemptsToReconcile(
  db: Queryable, q: { inDoubtAfterMs: number; limit: number; reachable?: readonly string[] | undefined },
): Promise<AttemptToReconcile[]> {
  return db.query<AttemptToReconcile>(
    `select *, (expires_at is not null and expires_at <= now()) as lapsed from transactions
      where ((${IN_DOUBT_SQL} and updated_at <= now() - make_interval(secs => $1 / 1000.0))
         or (${OPEN_WAIT_SQL} and expires_at <= now()))
        and ($3::text[] is null or processor is null or method || ' ' || processor = any($3::text[]))
      order by coalesce(expires_at, updated_at) limit $2`,
    [q.inDoubtAfterMs, q.limit, q.reachable ?? null],
  );
}

/**
 * The attempts still to settle, in doubt (auth status PROCESSING, inDoubt.ts's IN_DOUBT) or a cash,
 * Nequi or Yappy wait not ended (core's ENDED_UNPAID_AUTH_STATUSES): the condition of migration 140's
 * index transactions_to_settle, word for word, so that it is read through that index alone and not
 * by a scan of every payment (sweepPlans.test.ts).
 */
const TO_SETTLE_SQL = `processor is not null and (${IN_DOUBT_SQL} or (${OPEN_WAIT_SQL}))`;

export interface OtherProcessorAttempts {
  processor: string;
  method: string;
  /** Counted up to the cap: with `atLeast`, there are that many or more. */
  attempts: number;
  atLeast: boolean;
}

/**
 * Attempts still to settle whose processor is none of `reachable`'s (`method processor` pairs), by
 * processor and method, each counted up to `cap`: /health's, asked at every probe, so its cost is
 * bounded whatever the attempts waiting (a day's cash waits). The pairs are found by skipping through
 * transactions_to_settle (processor, method) one pair at a time, and each pair reads `cap` + 1 of its
 * entries at most: in the index's order from the pair on (an equality would let the planner collect
 * every entry of the pair in a bitmap before the limit), those of the next pairs not counted.
 */
export async function attemptsOfOtherProcessors(db: Queryable, reachable: readonly string[], cap: number): Promise<OtherProcessorAttempts[]> {
  const rows = await db.query<{ processor: string; method: string; attempts: string | number }>(
    `with recursive pairs as (
       (select processor, method from transactions where ${TO_SETTLE_SQL} order by processor, method limit 1)
       union all
       select following.processor, following.method from pairs
         cross join lateral (
           select processor, method from transactions
            where ${TO_SETTLE_SQL} and (processor, method) > (pairs.processor, pairs.method)
            order by processor, method limit 1
         ) as following
     )
     select pairs.processor, pairs.method, counted.attempts from pairs
       cross join lateral (
         select count(*) filter (where upto.processor = pairs.processor and upto.method = pairs.method) as attempts from (
           select processor, method from transactions
            where ${TO_SETTLE_SQL} and (processor, method) >= (pairs.processor, pairs.method)
            order by processor, method limit $2::int + 1
         ) as upto
       ) as counted
      where not (pairs.method || ' ' || pairs.processor = any($1::text[]))
      order by pairs.processor, pairs.method`,
    [reachable, cap],
  );
  return rows.map((r) => {
    const counted = Number(r.attempts);
    return { processor: r.processor, method: r.method, attempts: Math.min(counted, cap), atLeast: counted > cap };
  });
}
