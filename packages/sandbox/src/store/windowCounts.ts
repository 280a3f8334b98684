import type { Queryable } from '../db/Database';
import { deleteInBatches } from './deleteInBatches';

// Counts that limit what one address or account may do in a window (a code's tries, the e-mails it
// gets), one row per purpose and whom in code_tries. A take is one atomic upsert, so takers racing on
// any node each get their own number; a window runs from its first take.

export interface WindowCount {
  count: number;
  windowEndsAt: Date;
}

export async function takeWindowCount(db: Queryable, purpose: string, who: string, windowMs: number): Promise<WindowCount> {
  const [row] = await db.query<{ tries: number; window_ends_at: Date }>(
    `insert into code_tries as t (purpose, who, tries, window_ends_at) values ($1, $2, 1, now() + $3::int * interval '1 millisecond')
     on conflict (purpose, who) do update set
       tries = case when t.window_ends_at > now() then t.tries + 1 else 1 end,
       window_ends_at = case when t.window_ends_at > now() then t.window_ends_at else excluded.window_ends_at end
     returning tries, window_ends_at`,
    [purpose, who, windowMs],
  );
  if (!row) throw new Error('window count upsert returned nothing');
  return { count: row.tries, windowEndsAt: new Date(row.window_ends_at) };
}

/** What a take that did nothing gives back (a right code, an e-mail another limit refused). */
export async function giveBackWindowCount(db: Queryable, purpose: string, who: string): Promise<void> {
  await db.query('update code_tries set tries = tries - 1 where purpose = $1 and who = $2 and tries > 0', [purpose, who]);
}

/** A count whose window has ended says nothing: its next take starts afresh, row or not. `skip locked`: nodes sweeping at once take different rows. */
export function forgetLapsedWindowCounts(db: Queryable, batch = 1000): Promise<number> {
  return deleteInBatches(async (n) => {
    const gone = await db.query<{ who: string }>(
      `delete from code_tries where (purpose, who) in (
         select purpose, who from code_tries where window_ends_at <= now() limit $1 for update skip locked)
       returning who`,
      [n],
    );
    return gone.length;
  }, batch);
}
