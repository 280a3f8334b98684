import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './Database';

/**
 * Applies every migrations/*.sql not yet recorded, in file-name order, in one transaction under an
 * advisory lock, so two servers starting on one PostgreSQL at once migrate it once.
 */
export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const scripts = await Promise.all(files.map(async (file) => ({ file, sql: await readFile(join(migrationsDir, file), 'utf8') })));
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('pasarela.migrations'))");
    await tx.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const { file, sql } of scripts) {
      if (done.has(file)) continue;
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
