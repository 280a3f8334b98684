import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/operations.md "Upgrading": an index a release's migration creates on a large live table can be
// built beforehand, concurrently, under the migration's name; the migration then finds it.
describe('the card vault\'s migrations', () => {
  it('create their indexes with "if not exists", never inside their transaction "concurrently"', () => {
    const source = readFileSync(new URL('./migrations.ts', import.meta.url), 'utf8');
    const statements = [...source.matchAll(/create\s+(?:unique\s+)?index\b[^;]*/gi)].map(([statement]) => statement);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).toMatch(/^create\s+(?:unique\s+)?index\s+if\s+not\s+exists\s+\w+\s+on\b/i);
  });
});
