import type { Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';

export type GiveBackToReconcile = TransactionRow & { overdue: boolean };

/**
 * Give-backs left `giving_back` past `waitMs`, each claimed for `claimMs` in a key no merchant sees (so
 * updated_at and notices stay still): two nodes never ask its port at once. `overdue`: past `giveUpMs`.
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

/**
 * Crypto overpayments still owed to the payer (`pending`) past `waitMs`, each claimed for `claimMs` in
 * a key no merchant sees, as claimGiveBacks does: two nodes never ask the processor at once.
 */
export async function claimOverpayments(db: Queryable, q: { waitMs: number; claimMs: number; limit: number }): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    `with due as (
       select id from transactions
        where method = 'crypto' and details -> 'overpayment' ->> 'status' = 'pending' and updated_at <= now() - make_interval(secs => $1 / 1000.0)
          and (details ->> 'overpaymentCheckedAt' is null or (details ->> 'overpaymentCheckedAt')::timestamptz <= now() - make_interval(secs => $2 / 1000.0))
        order by id limit $3 for update skip locked)
     update transactions t set details = t.details || jsonb_build_object('overpaymentCheckedAt', now())
       from due where t.id = due.id
     returning t.*`,
    [q.waitMs, q.claimMs, q.limit],
  );
}

/**
 * Crypto payments with coins at an address they moved from still owed back (a `pending` stray deposit)
 * past `waitMs`, each claimed for `claimMs` in a key no merchant sees, as claimOverpayments does.
 */
export async function claimStrayDeposits(db: Queryable, q: { waitMs: number; claimMs: number; limit: number }): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    `with due as (
       select id from transactions
        where method = 'crypto' and details -> 'strayDeposits' is not null and updated_at <= now() - make_interval(secs => $1 / 1000.0)
          and jsonb_path_exists(details -> 'strayDeposits', '$.* ? (@.status == "pending")')
          and (details ->> 'strayCheckedAt' is null or (details ->> 'strayCheckedAt')::timestamptz <= now() - make_interval(secs => $2 / 1000.0))
        order by id limit $3 for update skip locked)
     update transactions t set details = t.details || jsonb_build_object('strayCheckedAt', now())
       from due where t.id = due.id
     returning t.*`,
    [q.waitMs, q.claimMs, q.limit],
  );
}
