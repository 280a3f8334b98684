import type { Queryable } from '../db/Database';
import { SKIP_FLUSH_SQL } from '../db/statementTrace';

export interface IdempotencyKeyRow {
  merchant_id: number;
  key: string;
  request_path: string;
  request_hash: string;
  state: 'running' | 'done' | 'failed';
  status_code: number | null;
  answer: string | null;
  created_at: Date;
  /** The claiming node's Database.sessionName; null on keys claimed before migration 186. */
  owner: string | null;
}

/** A key held: when it was first claimed (what it made is since then), and whether a dead node had it. */
export interface IdempotencyClaim {
  since: Date;
  /**
   * Taken over from a call of the same request that did not end (its node died) or failed (it
   * threw): what that call made may exist, under the key.
   */
  resumed: boolean;
}

export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * The claim and the kept answer commit without waiting for PostgreSQL's WAL flush (the statement's
 * own `synchronous_commit = off`): a call's effects are durable commits of their own, and the WAL is
 * flushed in order, so the first of them (a refund's record before its processor is called, a link's
 * insert) makes the claim before it durable too; a void's first effect may be the processor's (a push
 * or voucher withdrawn), which asked again after a lost claim stays withdrawn once. The answer follows the call's last durable commit;
 * only a database crash within the WAL writer's delay after it can lose it, and then the key stays
 * running (409 `idempotency_key_in_use`) while what the call did is read as usual (GET).
 */
export const WITHOUT_FLUSH = `with without_flush as (select ${SKIP_FLUSH_SQL})`;

// The node that claimed it is gone when no session of its name is left: PostgreSQL ends a killed
// process's sessions as their sockets close, and on PGlite (one process per directory) any other name
// is a process that ended. A key claimed before migration 186 has no owner and waits for its expiry.
const OWNER_GONE = `k.owner <> $6 and not exists (select 1 from pg_stat_activity a where a.application_name = k.owner)`;
const SAME_REQUEST = '(k.request_path = excluded.request_path and k.request_hash = excluded.request_hash)';

/**
 * A conditional insert: of two requests with one key at once, on any node, exactly one runs. A key
 * past its 24 hours is taken afresh by the same statement (one commit, not a delete and an insert);
 * a key still running whose node died (OWNER_GONE), or one whose call failed, is taken over by a
 * repeat of its request, keeping its first claim's time (`resumed`); a failed key is taken afresh by
 * another request. Undefined when the key is someone else's.
 */
export async function claimIdempotencyKey(db: Queryable, merchantId: number, key: string, path: string, hash: string, owner: string): Promise<IdempotencyClaim | undefined> {
  const [row] = await db.query<{ since: Date; resumed: boolean }>(
    `${WITHOUT_FLUSH}
     insert into idempotency_keys as k (merchant_id, key, request_path, request_hash, owner)
     select $1::integer, $2::text, $3::text, $4::text, $6::text from without_flush
     on conflict (merchant_id, key) do update set request_path = excluded.request_path, request_hash = excluded.request_hash,
       state = 'running', status_code = null, answer = null, owner = excluded.owner,
       created_at = case when k.created_at < now() - make_interval(hours => $5) or not ${SAME_REQUEST} then now() else k.created_at end
       where k.created_at < now() - make_interval(hours => $5)
          or k.state = 'failed'
          or (k.state = 'running' and ${SAME_REQUEST} and ${OWNER_GONE})
     returning k.created_at as since, k.created_at < now() as resumed`,
    [merchantId, key, path, hash, IDEMPOTENCY_KEY_TTL_HOURS, owner],
  );
  return row;
}

export async function findIdempotencyKey(db: Queryable, merchantId: number, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.query<IdempotencyKeyRow>(
    `select * from idempotency_keys where merchant_id = $1 and key = $2 and created_at >= now() - make_interval(hours => $3)`, [merchantId, key, IDEMPOTENCY_KEY_TTL_HOURS]);
  return row;
}

/** Only by the key's owner: a node taken for dead whose call still ends leaves the key to the node that took it over. */
export async function recordIdempotentAnswer(db: Queryable, merchantId: number, key: string, owner: string, statusCode: number, answer: string): Promise<void> {
  await db.query(`${WITHOUT_FLUSH} update idempotency_keys set state = 'done', status_code = $4, answer = $5
     from without_flush where merchant_id = $1 and key = $2 and owner = $3`, [merchantId, key, owner, statusCode, answer]);
}

/**
 * A failure lets the key go, so a retry runs again: kept `failed`, so that the retry of the same
 * request resumes what the failed call made (claimIdempotencyKey). Durable, or a crash could leave a
 * key running that ran nothing. Only by its owner.
 */
export async function releaseIdempotencyKey(db: Queryable, merchantId: number, key: string, owner: string): Promise<void> {
  await db.query("update idempotency_keys set state = 'failed' where merchant_id = $1 and key = $2 and owner = $3 and state = 'running'", [merchantId, key, owner]);
}

export async function deleteExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  const rows = await db.query('delete from idempotency_keys where created_at < now() - make_interval(hours => $1) returning key', [IDEMPOTENCY_KEY_TTL_HOURS]);
  return rows.length;
}
