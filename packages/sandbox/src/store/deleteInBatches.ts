import type { Queryable } from '../db/Database';

/**
 * A sweep that deletes at most `batch` rows a statement (`deleteOnce` answers how many it deleted),
 * statement after statement until one deletes fewer: no transaction holds a whole backlog's locks.
 * Answers the rows deleted in all.
 */
export async function deleteInBatches(deleteOnce: (batch: number) => Promise<number>, batch: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = await deleteOnce(batch);
    deleted += gone;
    if (gone < batch) return deleted;
  }
}

/**
 * Deletes a table of spent tokens' rows (`token_hash` keyed, `used_at` stamped) used more than `keepMs`
 * ago, `batch` rows a statement. `skip locked`: nodes sweeping at once take different rows.
 */
export function forgetTokensUsedBefore(db: Queryable, table: 'captcha_uses' | 'card_token_uses', keepMs: number, batch: number): Promise<number> {
  return deleteInBatches(async (n) => {
    const gone = await db.query<{ token_hash: string }>(
      `delete from ${table} where token_hash in (
         select token_hash from ${table} where used_at <= now() - $1::bigint * interval '1 millisecond'
          limit $2 for update skip locked)
       returning token_hash`,
      [keepMs, n],
    );
    return gone.length;
  }, batch);
}
