import { createHash } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { forgetTokensUsedBefore } from './deleteInBatches';

/** How card_token_uses names a vault token: the sha-256 of its key (never the token, nor its seal). */
export const cardTokenHash = (tokenKey: string): string => createHash('sha256').update(tokenKey, 'utf8').digest('hex');

/**
 * A spent token's record outlives every seal of it the server could still take: a seal is taken only
 * while the vault holds the CVC (VAULT_CVC_TTL_SECONDS, an hour at most), so two hours.
 */
const CARD_TOKEN_USE_KEEP_MS = 2 * 60 * 60_000;

/** Deletes the spent tokens used more than `keepMs` ago, `batch` rows a statement. */
export function forgetSpentCardTokens(db: Queryable, keepMs = CARD_TOKEN_USE_KEEP_MS, batch = 1000): Promise<number> {
  return forgetTokensUsedBefore(db, 'card_token_uses', keepMs, batch);
}
