import type { Queryable } from '../db/Database';
import type { RecordedSetting } from '../ops/deploymentSettings';

/**
 * Records each of this node's settings the deployment has not recorded yet (the first node's win,
 * however many start at once), and answers what the deployment has recorded for them. `replace`
 * records this node's over the deployment's (RECORD_SHARED_SETTINGS): the operator's deliberate
 * change; `before` holds what was replaced.
 */
export async function recordDeploymentSettings(
  db: Queryable, settings: ReadonlyArray<{ name: string; value: string }>, node: string, replace = false,
): Promise<{ recorded: RecordedSetting[]; before: RecordedSetting[] }> {
  const names = settings.map((s) => s.name);
  const before = replace ? await db.query<RecordedSetting>('select name, value, recorded_by, recorded_at from deployment_settings where name = any($1) order by name', [names]) : [];
  await db.query(
    `insert into deployment_settings (name, value, recorded_by)
     select name, value, $3 from unnest($1::text[], $2::text[]) as s (name, value)
     on conflict (name) do update set value = excluded.value, recorded_by = excluded.recorded_by, recorded_at = now()
       where $4 and deployment_settings.value <> excluded.value`,
    [names, settings.map((s) => s.value), node, replace],
  );
  const recorded = await db.query<RecordedSetting>('select name, value, recorded_by, recorded_at from deployment_settings where name = any($1) order by name', [names]);
  return { recorded, before };
}
