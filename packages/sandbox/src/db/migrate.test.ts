import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPaths } from '../paths';
import { createLogger } from '../ops/logger';
import { openTestDatabase } from '../../test/testApp';
import { freePort } from '../../test/freePort';
import { copyTemplateDataDir } from '../../test/pgliteTemplate';
import { startTestServer } from '../../test/testServer';
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

describe('a database migrated by a newer release (docs/operations.md "Upgrading")', () => {
  it('is refused with the migration this release does not have named, and nothing is applied', async () => {
    await db.query("insert into schema_migrations (name) values ('999_from_a_newer_release.sql')");
    await db.query("delete from schema_migrations where name = '115_captcha_uses_forgotten.sql'");
    try {
      await expect(migrate(db, migrationsDir)).rejects.toThrow(/migrated by a newer release \(999_from_a_newer_release\.sql is not among this release's migrations\)/);
      expect(await db.query("select 1 from schema_migrations where name = '115_captcha_uses_forgotten.sql'")).toEqual([]);
    } finally {
      await db.query("delete from schema_migrations where name = '999_from_a_newer_release.sql'");
      await db.query("insert into schema_migrations (name) values ('115_captcha_uses_forgotten.sql')");
    }
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

describe('a node that migrates the database as it starts', () => {
  it('says in its log which migrations it applied, naming itself', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pasarela-migrate-log-'));
    try {
      await copyTemplateDataDir(dataDir);
      const start = async (lines?: string[]) => startTestServer({
        port: await freePort(), demoPort: await freePort(), dataDir, wireEncoding: false,
        subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0, webhookIntervalMs: 0,
        ...(lines ? { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) } : {}),
      });
      const first = await start();
      await first.db.query("delete from schema_migrations where name = '115_captcha_uses_forgotten.sql'");
      await first.close();
      const lines: string[] = [];
      const second = await start(lines);
      await second.close();
      const said = lines.map((line) => JSON.parse(line) as { msg?: string; node?: string }).find((line) => line.msg?.startsWith('applied'));
      expect(said?.msg).toBe('applied 1 migration(s): 115_captcha_uses_forgotten.sql');
      expect(said?.node).toMatch(/^pasarela\//);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
