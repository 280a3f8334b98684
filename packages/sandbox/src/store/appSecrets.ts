import type { Queryable } from '../db/Database';

/**
 * The secret named `name`: `candidate` stored when none is yet, else the one stored. Two first
 * writers at once: one insert wins, the other does nothing and reads the winner's value.
 */
export async function secretOnce(db: Queryable, name: string, candidate: string): Promise<string | undefined> {
  await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, candidate]);
  const [row] = await db.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  return row?.value;
}
