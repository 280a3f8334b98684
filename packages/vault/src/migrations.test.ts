import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';

// docs/operations.md "Upgrading": an index a release's migration creates on a large live table can be
// built beforehand, concurrently, under the migration's name; the migration then finds it.
describe('the card vault\'s migrations', () => {
  it('create their indexes with "if not exists", never inside their transaction "concurrently"', () => {
    const statements = MIGRATIONS.flatMap(({ name, sql }) => [...sql.matchAll(/create\s+(?:unique\s+)?index\b[^;]*/gi)].map(([statement]) => ({ name, statement })));
    expect(statements.length).toBeGreaterThan(0);
    for (const { name, statement } of statements) expect(statement, `${name}: ${statement}`).toMatch(/^create\s+(?:unique\s+)?index\s+if\s+not\s+exists\s+\w+\s+on\b/i);
  });
});
