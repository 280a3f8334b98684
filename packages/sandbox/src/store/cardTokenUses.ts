import { createHash } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { deleteInBatches } from './deleteInBatches';

/** How card_token_uses names a vault token: the sha-256 of its key (never the token, nor its seal). */
export const cardTokenHash = (tokenKey: string): string => createHash('sha256').update(tokenKey, 'utf8').digest('hex');

/**
 * A spent token's record outlives every seal of it the server could still take: a seal is taken only
 * while the vault holds the CVC (VAULT_CVC_TTL_SECONDS, an hour at most), so two hours.
 */
const CARD_TOKEN_USE_KEEP_MS = 2 * 60 * 60_000;

/**
 * Deletes the spent tokens used more than `keepMs` ago, `batch` rows a statement. `skip locked`:
 * nodes sweeping at once take different rows.
 */
export function forgetSpentCardTokens(db: Queryable, keepMs = CARD_TOKEN_USE_KEEP_MS, batch = 1000): Promise<number> {
  return deleteInBatches(async (n) => {
    const gone = await db.query<{ token_hash: string }>(
      `delete from card_token_uses where token_hash in (
         select token_hash from card_token_uses where used_at <= now() - $1::bigint * interval '1 millisecond'
          limit $2 for update skip locked)
       returning token_hash`,
      [keepMs, n],
    );
    return gone.length;
  }, batch);
}
