import { createHash } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { forgetTokensUsedBefore } from './deleteInBatches';

/** How card_token_uses names a vault token: the sha-256 of its key (never the token, nor its seal). */
export const cardTokenHash = (tokenKey: string): string => createHash('sha256').update(tokenKey, 'utf8').digest('hex');

/**
 * The statement that spends a vault token for one use (`useSql`, the trackId of a payment or a card
 * check's own name), as a CTE's body: the primary key lets one of any uses racing with the token have
 * it; the same use again (a retry) keeps it and returns its row too. Returns one row when this use has
 * the token. `whereSql` puts a condition on the insert (an attempt spends it only when it is recorded).
 */
export function spendCardTokenSql(hashSql: string, useSql: string, whereSql?: string): string {
  return `insert into card_token_uses as u (token_hash, track_id) select ${hashSql}, ${useSql}${whereSql ? `
        where ${whereSql}` : ''}
       on conflict (token_hash) do update set used_at = u.used_at
         where u.track_id = excluded.track_id and excluded.track_id <> ''
       returning 1`;
}

/**
 * A spent token's record outlives every seal of it the server could still take: a seal is taken only
 * while the vault holds the CVC (VAULT_CVC_TTL_SECONDS, an hour at most), so two hours.
 */
const CARD_TOKEN_USE_KEEP_MS = 2 * 60 * 60_000;

/** Deletes the spent tokens used more than `keepMs` ago, `batch` rows a statement. */
export function forgetSpentCardTokens(db: Queryable, keepMs = CARD_TOKEN_USE_KEEP_MS, batch = 1000): Promise<number> {
  return forgetTokensUsedBefore(db, 'card_token_uses', keepMs, batch);
}
