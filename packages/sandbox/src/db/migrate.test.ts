import { readdirSync } from 'node:fs';
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
