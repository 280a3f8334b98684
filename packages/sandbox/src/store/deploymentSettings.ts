import type { Queryable } from '../db/Database';

export interface RecordedSetting {
  name: string;
  value: string;
  recorded_by: string;
  recorded_at: Date;
}

/**
 * Records each of this node's settings the deployment has not recorded yet (the first node's win,
 * however many start at once), and answers what the deployment has recorded for them.
 */
export async function recordDeploymentSettings(db: Queryable, settings: ReadonlyArray<{ name: string; value: string }>, node: string): Promise<RecordedSetting[]> {
  const names = settings.map((s) => s.name);
  await db.query(
    `insert into deployment_settings (name, value, recorded_by)
     select name, value, $3 from unnest($1::text[], $2::text[]) as s (name, value)
     on conflict (name) do nothing`,
    [names, settings.map((s) => s.value), node],
  );
  return db.query<RecordedSetting>('select name, value, recorded_by, recorded_at from deployment_settings where name = any($1) order by name', [names]);
}
