import type { Queryable } from '../db/Database';

/** An idempotency_keys row (migration 017). */
export interface IdempotencyKeyRow {
  merchant_id: number;
  key: string;
  request_path: string;
  request_hash: string;
  state: 'running' | 'done';
  status_code: number | null;
  /** The first answer's JSON text. */
  answer: string | null;
  created_at: Date;
}

/** How long a key's first answer is kept and given again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * Claims a key for a request: a conditional insert, so of two requests with one key at once (on
 * any node) exactly one gets true and runs. A key older than the TTL is forgotten first.
 */
export async function claimIdempotencyKey(db: Queryable, merchantId: number, key: string, path: string, hash: string): Promise<boolean> {
  await db.query(`delete from idempotency_keys where merchant_id = $1 and key = $2 and created_at < now() - make_interval(hours => $3)`, [merchantId, key, IDEMPOTENCY_KEY_TTL_HOURS]);
  const rows = await db.query(
    'insert into idempotency_keys (merchant_id, key, request_path, request_hash) values ($1, $2, $3, $4) on conflict (merchant_id, key) do nothing returning key',
    [merchantId, key, path, hash],
  );
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Queryable, merchantId: number, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.query<IdempotencyKeyRow>(
    `select * from idempotency_keys where merchant_id = $1 and key = $2 and created_at >= now() - make_interval(hours => $3)`, [merchantId, key, IDEMPOTENCY_KEY_TTL_HOURS]);
  return row;
}

/** The first request's answer, kept for its repeats. */
export async function recordIdempotentAnswer(db: Queryable, merchantId: number, key: string, statusCode: number, answer: string): Promise<void> {
  await db.query("update idempotency_keys set state = 'done', status_code = $3, answer = $4 where merchant_id = $1 and key = $2",
    [merchantId, key, statusCode, answer]);
}

/** The first request failed on the server's side (a 5xx): the key is let go so a retry runs again. */
export async function releaseIdempotencyKey(db: Queryable, merchantId: number, key: string): Promise<void> {
  await db.query("delete from idempotency_keys where merchant_id = $1 and key = $2 and state = 'running'", [merchantId, key]);
}

/** Forgets the keys past their TTL (each node's hourly sweep); how many went. */
export async function deleteExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  const rows = await db.query('delete from idempotency_keys where created_at < now() - make_interval(hours => $1) returning key', [IDEMPOTENCY_KEY_TTL_HOURS]);
  return rows.length;
}
