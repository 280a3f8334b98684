import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './Database';

/** Applies every migrations/*.sql not yet recorded, in file-name order, each in its own transaction. */
export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  await db.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    try {
      await db.exec(`begin;\n${sql}\n;insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}');\ncommit;`);
    } catch (error) {
      await db.exec('rollback').catch(() => undefined);
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    applied.push(file);
  }
  return applied;
}
