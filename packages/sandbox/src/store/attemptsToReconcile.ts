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

/** Attempts still to settle whose processor is none of `reachable`'s (`method processor` pairs), by processor and method. */
export async function attemptsOfOtherProcessors(db: Queryable, reachable: readonly string[]): Promise<Array<{ processor: string; method: string; attempts: number }>> {
  const rows = await db.query<{ processor: string; method: string; attempts: string | number }>(
    `select processor, method, count(*) as attempts from transactions
      where ${TO_SETTLE_SQL}
        and not (method || ' ' || processor = any($1::text[]))
      group by processor, method order by processor, method`,
    [reachable],
  );
  return rows.map((r) => ({ processor: r.processor, method: r.method, attempts: Number(r.attempts) }));
}
