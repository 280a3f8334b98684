import type { Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';

/** A give-back the reconciler asks its port about again, and whether it has waited past giving up. */
export type GiveBackToReconcile = TransactionRow & { overdue: boolean };

/**
 * Claims, for this node, the give-backs left `giving_back` (details.owedToPayer) whose money was
 * taken `waitMs` ago or more, oldest first, at most `limit`: their first try was cut (the node
 * stopped, the port's answer lost). Each is claimed for `claimMs` (details.giveBackCheckedAt, a key
 * no merchant sees: the row's updated_at and its notices stay still), so two nodes never ask its
 * port at once. `overdue`: taken `giveUpMs` ago or more.
 */
export async function claimGiveBacks(
  db: Queryable, q: { waitMs: number; claimMs: number; giveUpMs: number; limit: number },
): Promise<GiveBackToReconcile[]> {
  return db.query<GiveBackToReconcile>(
    `with due as (
       select id, coalesce((details -> 'owedToPayer' ->> 'takenAt')::timestamptz, updated_at) as taken_at from transactions
        where details -> 'owedToPayer' ->> 'state' = 'giving_back'
          and coalesce((details -> 'owedToPayer' ->> 'takenAt')::timestamptz, updated_at) <= now() - make_interval(secs => $1 / 1000.0)
          and (details ->> 'giveBackCheckedAt' is null or (details ->> 'giveBackCheckedAt')::timestamptz <= now() - make_interval(secs => $2 / 1000.0))
        order by id limit $4 for update skip locked)
     update transactions t set details = t.details || jsonb_build_object('giveBackCheckedAt', now())
       from due where t.id = due.id
     returning t.*, due.taken_at <= now() - make_interval(secs => $3 / 1000.0) as overdue`,
    [q.waitMs, q.claimMs, q.giveUpMs, q.limit],
  );
}
