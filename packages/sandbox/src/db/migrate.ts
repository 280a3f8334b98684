import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './Database';

/**
 * Applies every migrations/*.sql not yet recorded, in file-name order, in one transaction under an
 * advisory lock, so two servers starting on one PostgreSQL at once migrate it once. A database that
 * records a migration this release does not have was migrated by a newer release: this one refuses to
 * run on a schema it does not know (docs/operations.md "Upgrading").
 */
export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const scripts = await Promise.all(files.map(async (file) => ({ file, sql: await readFile(join(migrationsDir, file), 'utf8') })));
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('pasarela.migrations'))");
    await tx.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const known = new Set(files);
    const newer = [...done].filter((name) => !known.has(name)).sort();
    if (newer.length > 0) {
      throw new Error(`The database was migrated by a newer release (${newer.join(', ')} is not among this release's migrations): run that release or a later one on it, or restore the backup taken before its upgrade`);
    }
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
    // A migration may rightly run past the pool's statement_timeout (an index built on a large table).
  }, { longRunning: true });
}
