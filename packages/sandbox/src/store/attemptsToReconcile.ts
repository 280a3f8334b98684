import type { Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';

/** An attempt the reconciler looks at, and whether its wait is past its window. */
export type AttemptToReconcile = TransactionRow & { lapsed: boolean };

/**
 * The attempts the reconciler settles, oldest first, at most `limit`: those recorded as sent
 * (auth_status `inDoubtAuthStatus`) whose answer is `inDoubtAfterMs` late, and the cash, Nequi and
 * Yappy waits past their window that have not ended (`endedUnpaid` are the ended auth statuses).
 */
export async function attemptsToReconcile(
  db: Queryable, q: { inDoubtAuthStatus: string; inDoubtAfterMs: number; limit: number; endedUnpaid: readonly string[] },
): Promise<AttemptToReconcile[]> {
  return db.query<AttemptToReconcile>(
    `select *, (expires_at is not null and expires_at <= now()) as lapsed from transactions
      where (auth_status = $1 and updated_at <= now() - make_interval(secs => $2 / 1000.0))
         or (status in (0, -1) and expires_at <= now() and method in ('cash', 'nequi', 'yappy') and auth_status <> all($4::text[]))
      order by coalesce(expires_at, updated_at) limit $3`,
    [q.inDoubtAuthStatus, q.inDoubtAfterMs, q.limit, q.endedUnpaid],
  );
}
