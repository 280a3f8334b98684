import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPaths } from '../paths';
import { openTestDatabase } from '../../test/testApp';
import type { Database } from './Database';
import { migrate } from './migrate';

const { migrationsDir } = defaultPaths();
const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('migrate', () => {
  it('records every migration once, and applies nothing twice even when two servers start at once', async () => {
    const rows = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toEqual(files.sort());
    await db.exec('drop table schema_migrations');
    await db.exec(`do $$ declare r record; begin
      for r in select tablename from pg_tables where schemaname = current_schema() loop execute 'drop table if exists ' || quote_ident(r.tablename) || ' cascade'; end loop; end $$`);
    const [first, second] = await Promise.all([migrate(db, migrationsDir), migrate(db, migrationsDir)]);
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(files.sort());
    expect((await db.query('select name from schema_migrations')).length).toBe(files.length);
  });
});

describe('an index a migration creates, built beforehand on a live database (docs/operations.md "Upgrading")', () => {
  it('every migration creates its indexes with "if not exists", never inside its transaction "concurrently"', () => {
    for (const file of files) {
      const sql = readFileSync(join(migrationsDir, file), 'utf8');
      for (const [statement] of sql.matchAll(/create\s+(?:unique\s+)?index\b[^;]*/gi)) {
        expect(statement, `${file}: ${statement}`).toMatch(/^create\s+(?:unique\s+)?index\s+if\s+not\s+exists\s+\w+\s+on\b/i);
      }
    }
  });

  it('an operator\'s index built ahead, concurrently, under the migration\'s name: the release\'s migration finds it and goes on', async () => {
    await db.exec('drop index captcha_uses_used_at');
    await db.exec('create index concurrently captcha_uses_used_at on captcha_uses (used_at)');
    await db.query("delete from schema_migrations where name = '115_captcha_uses_forgotten.sql'");
    expect(await migrate(db, migrationsDir)).toEqual(['115_captcha_uses_forgotten.sql']);
    const [index] = await db.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'captcha_uses_used_at' and schemaname = current_schema()");
    expect(index?.indexdef).toMatch(/\(used_at\)/);
  });
});
