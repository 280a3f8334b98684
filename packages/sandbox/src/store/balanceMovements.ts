import type { Queryable } from '../db/Database';

/**
 * A change of a wallet's balance: a balance payment (negative), what a refund of one gave back
 * (positive), or a paid payment request (negative for its payer, positive for its requester).
 */
export interface BalanceMovementRow {
  cod_oper: string | null;
  request_id: number | null;
  cents: number;
  at: Date;
  description: string;
}

/**
 * The user's balance movements, newest first: each balance payment, and each refund of one that
 * reached the balance (refundPayment credits it in the refund's own transaction), and each payment
 * request it paid or was paid, so the movements add up to what the balance lost and got back.
 */
export async function listBalanceMovements(db: Queryable, userId: number, limit: number, paidStatus: number): Promise<BalanceMovementRow[]> {
  return db.query<BalanceMovementRow>(
    `select * from (
       select t.cod_oper, null::int as request_id, -(t.amount_cents + t.tax_cents) as cents, t.created_at as at, t.description, t.id, 0 as refund_order
         from transactions t where t.user_id = $1 and t.method = 'balance'
       union all
       select t.cod_oper, null::int as request_id, r.amount_cents as cents, r.created_at as at, t.description, t.id, 1 as refund_order
         from refunds r join transactions t on t.cod_oper = r.cod_oper
        where t.user_id = $1 and t.method = 'balance' and r.state = 'succeeded'
       union all
       select null, p.id, (case when p.user_id = $1 then 1 else -1 end) * round((p.data->>'amount')::numeric * 100)::int as cents,
              p.updated_at as at, coalesce(p.data->>'description', ''), p.id, 0 as refund_order
         from process_records p
        where p.kind = 'activity' and p.status = $3 and (p.user_id = $1 or (p.data->>'paidBy')::int = $1)
     ) m order by at desc, id desc, refund_order desc limit $2`,
    [userId, limit, paidStatus],
  );
}

/** A wallet user's payment request to another (SPEC 7 "send activities"), by core WALLET_REQUEST_STATUS. */
export interface WalletRequestRow {
  id: number;
  user_id: number;
  status: number;
  data: { to: string; amount: number; description?: string; paidBy?: number };
  created_at: Date;
  updated_at: Date;
}

/** Recorded waiting (SPEC 3's -1, pending) for its recipient. */
export async function insertWalletRequest(db: Queryable, data: { to: string; amount: number; description: string }, userId: number, pending: number): Promise<WalletRequestRow> {
  const [row] = await db.query<WalletRequestRow>(
    "insert into process_records (kind, user_id, data, status) values ('activity', $1, $2, $3) returning id, user_id, status, data, created_at, updated_at",
    [userId, JSON.stringify(data), pending]);
  if (!row) throw new Error('request insert returned nothing');
  return row;
}

export async function findWalletRequest(db: Queryable, id: number): Promise<WalletRequestRow | undefined> {
  const [row] = await db.query<WalletRequestRow>("select id, user_id, status, data, created_at, updated_at from process_records where id = $1 and kind = 'activity'", [id]);
  return row;
}

/** The latest 100 requests the user sent or was sent (to their e-mail, any case); with `status`, only those in it. */
export async function listWalletRequests(db: Queryable, userId: number, email: string, status: number | null): Promise<WalletRequestRow[]> {
  return db.query<WalletRequestRow>(
    `select id, user_id, status, data, created_at, updated_at from process_records
      where kind = 'activity' and (user_id = $1 or ($2 <> '' and lower(data->>'to') = lower($2))) and ($3::int is null or status = $3)
      order by id desc limit 100`, [userId, email.trim(), status]);
}

/**
 * Moves a waiting request from `from` (its status) to `to` in one conditional write: of requests
 * decided at once on any node, one is. The row after, or undefined when it no longer waited.
 */
export async function decideWalletRequest(db: Queryable, id: number, from: number, to: number, paidBy: number | null): Promise<WalletRequestRow | undefined> {
  const [row] = await db.query<WalletRequestRow>(
    `update process_records set status = $3, updated_at = now(),
            data = case when $4::int is null then data else data || jsonb_build_object('paidBy', $4::int) end
      where id = $1 and kind = 'activity' and status = $2
      returning id, user_id, status, data, created_at, updated_at`, [id, from, to, paidBy]);
  return row;
}

/** Locks both wallets in id order, so transfers either way at once wait rather than deadlock. */
export async function lockWallets(db: Queryable, userIds: readonly number[]): Promise<void> {
  await db.query('select id from users where id = any($1::int[]) order by id for update', [[...userIds]]);
}

/** The most a wallet's balance holds: what its column (an integer of cents) holds, 21,474,836.47. */
export const WALLET_BALANCE_MAX_CENTS = 2_147_483_647;

/** What a credit did: made; refused, the balance would pass WALLET_BALANCE_MAX_CENTS; or no such wallet. */
export type BalanceCredit = 'credited' | 'balance_full' | 'no_wallet';

/**
 * Conditional, in one statement under the wallet's row lock: a credit the balance could not hold
 * credits nothing (the caller's transaction refuses it, so the money stays where it was), never an
 * integer overflow's error.
 */
export async function creditBalance(db: Queryable, userId: number, amountCents: number): Promise<BalanceCredit> {
  const [row] = await db.query<{ credited: boolean }>(
    `with wallet as (select id, balance_cents <= $3::int - $2::int as room from users where id = $1 for update),
          credited as (update users u set balance_cents = u.balance_cents + $2::int from wallet w where u.id = w.id and w.room returning u.id)
     select exists (select 1 from credited) as credited from wallet`,
    [userId, amountCents, WALLET_BALANCE_MAX_CENTS]);
  return !row ? 'no_wallet' : row.credited ? 'credited' : 'balance_full';
}
