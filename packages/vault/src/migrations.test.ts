import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from './migrations';
import { openPglite } from './vaultDatabase';

// docs/operations.md "Upgrading": an index a release's migration creates on a large live table can be
// built beforehand, concurrently, under the migration's name; the migration then finds it.
describe('the card vault\'s migrations', () => {
  it('create their indexes with "if not exists", never inside their transaction "concurrently"', () => {
    const statements = MIGRATIONS.flatMap(({ name, sql }) => [...sql.matchAll(/create\s+(?:unique\s+)?index\b[^;]*/gi)].map(([statement]) => ({ name, statement })));
    expect(statements.length).toBeGreaterThan(0);
    for (const { name, statement } of statements) expect(statement, `${name}: ${statement}`).toMatch(/^create\s+(?:unique\s+)?index\s+if\s+not\s+exists\s+\w+\s+on\b/i);
  });
});

describe('a card vault store migrated by a newer release (docs/operations.md "Upgrading")', () => {
  // A fresh embedded store, migrated from nothing: beside the browser suite on two cores it has taken
  // past the default 20 s.
  it('is refused, the migration this release lacks named, and an older store is migrated as before', async () => {
    const db = await openPglite(undefined);
    try {
      await migrate(db);
      await migrate(db);
      expect((await db.query<{ name: string }>('select name from vault_migrations order by name')).map((row) => row.name)).toEqual(MIGRATIONS.map((m) => m.name));
      await db.query("insert into vault_migrations (name) values ('999_from_a_newer_release')");
      await expect(migrate(db)).rejects.toThrow(/migrated by a newer release \(999_from_a_newer_release is not among this release's migrations\)/);
    } finally {
      await db.close();
    }
  });
});
