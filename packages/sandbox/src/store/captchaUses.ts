import type { Queryable } from '../db/Database';
import { forgetTokensUsedBefore } from './deleteInBatches';

/**
 * Spends an accepted token for one payment, in one statement: the primary key lets one of any
 * payments racing with the token have it. True when this payment has it: spent now, or by this same
 * request before (its merchant and trackId, a retry).
 */
export async function spendCaptchaToken(db: Queryable, tokenHash: string, merchantId: number, trackId: string): Promise<boolean> {
  const rows = await db.query(
    `insert into captcha_uses as u (token_hash, merchant_id, track_id) values ($1, $2, $3)
     on conflict (token_hash) do update set used_at = u.used_at
       where u.merchant_id = excluded.merchant_id and u.track_id = excluded.track_id and excluded.track_id <> ''
     returning 1`,
    [tokenHash, merchantId, trackId],
  );
  return rows.length > 0;
}

/**
 * Deletes the spent tokens used more than `keepMs` ago, `batch` rows a statement: by then the captcha
 * service refuses them by their age, so a later payment with one is refused by the service instead.
 */
export function forgetSpentCaptchaTokens(db: Queryable, keepMs: number, batch = 1000): Promise<number> {
  return forgetTokensUsedBefore(db, 'captcha_uses', keepMs, batch);
}
