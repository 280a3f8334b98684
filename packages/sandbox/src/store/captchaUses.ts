import type { Queryable } from '../db/Database';
import { forgetTokensUsedBefore } from './deleteInBatches';

/**
 * The statement that spends an accepted token for one payment (its merchant and trackId): the
 * primary key lets one of any payments racing with the token have it. Returns one row when this
 * payment has it: spent now, or by this same request before (a retry). Alone or as a CTE's body.
 */
export function spendCaptchaTokenSql(hashSql: string, merchantIdSql: string, trackIdSql: string): string {
  return `insert into captcha_uses as u (token_hash, merchant_id, track_id) values (${hashSql}, ${merchantIdSql}, ${trackIdSql})
       on conflict (token_hash) do update set used_at = u.used_at
         where u.merchant_id = excluded.merchant_id and u.track_id = excluded.track_id and excluded.track_id <> ''
       returning 1`;
}

/** Spends an accepted token for one payment, in one statement; true when this payment has it (spendCaptchaTokenSql). */
export async function spendCaptchaToken(db: Queryable, tokenHash: string, merchantId: number, trackId: string): Promise<boolean> {
  const rows = await db.query(spendCaptchaTokenSql('$1::text', '$2::integer', '$3::text'), [tokenHash, merchantId, trackId]);
  return rows.length > 0;
}

/**
 * Deletes the spent tokens used more than `keepMs` ago, `batch` rows a statement: by then the captcha
 * service refuses them by their age, so a later payment with one is refused by the service instead.
 */
export function forgetSpentCaptchaTokens(db: Queryable, keepMs: number, batch = 1000): Promise<number> {
  return forgetTokensUsedBefore(db, 'captcha_uses', keepMs, batch);
}
