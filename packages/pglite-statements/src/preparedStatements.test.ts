import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './preparedStatements';

let pg: PGlite;
// A new PGlite runs initdb (a few CPU-seconds): on a loaded two-core machine it can outlast the 20 s default.
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`create table things (
    id serial primary key, name text, amount numeric(12,2), count int, big bigint, paid boolean,
    at timestamptz, data jsonb, tags text[], raw bytea)`);
}, 60_000);
afterAll(async () => pg.close());

const preparedNames = async () => (await pg.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('preparedStatements: PGlite statements prepared once per SQL text', () => {
  const at = new Date('2026-11-22T15:04:05.678Z');
  // Each value goes in and comes out as PGlite's own query() sends and reads it.
  it.each([
    ['text', 'name', 'café · "quoted" \\ back'],
    ['numeric', 'amount', '25.50'],
    ['int', 'count', 42],
    ['bigint', 'big', '9007199254740993'],
    ['boolean true', 'paid', true],
    ['boolean false', 'paid', false],
    ['timestamptz from a Date', 'at', at],
    ['jsonb from an object', 'data', { a: [1, 'two', null], b: { c: true } }],
    ['text[] from an array', 'tags', ['a', 'b,c', 'd"e']],
    ['bytea', 'raw', new Uint8Array([0, 1, 254, 255])],
    ['null', 'name', null],
  ])('%s round-trips as query() does', async (_what, column, value) => {
    const query = preparedStatements(pg);
    await pg.query('delete from things');
    const sql = `insert into things (${column}) values ($1) returning ${column} as value`;
    const ours = await query<{ value: unknown }>(sql, [value], false);
    const theirs = (await pg.query<{ value: unknown }>(sql, [value])).rows;
    expect(ours).toEqual(theirs);
    const read = `select ${column} as value from things order by id`;
    expect(await query(read, [], false)).toEqual((await pg.query(read)).rows);
  });

  it('prepares a text once and runs it again with other parameters; a statement without rows answers none', async () => {
    const query = preparedStatements(pg);
    await pg.query('delete from things');
    const before = (await preparedNames()).length;
    for (const name of ['a', 'b', 'c']) expect(await query('insert into things (name, count) values ($1, $2)', [name, name.charCodeAt(0)], false)).toEqual([]);
    expect(await preparedNames()).toHaveLength(before + 1);
    expect(await query<{ name: string }>('select name from things where count > $1 order by name', [97], false)).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(await query<{ n: number }>('select count(*)::int as n from things', [], false)).toEqual([{ n: 3 }]);
    expect(await preparedNames()).toHaveLength(before + 3);
  });

  it("rejects with the database's error and its fields, and the next statement runs", async () => {
    const query = preparedStatements(pg);
    await pg.exec('create table unique_names (name text constraint unique_names_name unique)');
    await query('insert into unique_names (name) values ($1)', ['ana'], false);
    const ours = await query('insert into unique_names (name) values ($1)', ['ana'], false).catch((e: unknown) => e);
    const theirs = await pg.query('insert into unique_names (name) values ($1)', ['ana']).catch((e: unknown) => e);
    const fields = ['message', 'severity', 'code', 'detail', 'schema', 'table', 'constraint'] as const;
    const pick = (e: unknown) => Object.fromEntries(fields.map((f) => [f, (e as Record<string, unknown>)[f]]));
    expect(ours).toBeInstanceOf(Error);
    expect(pick(ours)).toEqual(pick(theirs));
    expect(pick(ours)).toMatchObject({ code: '23505', constraint: 'unique_names_name', table: 'unique_names' });
    await expect(query('select from nowhere', [], false)).rejects.toMatchObject({ code: '42P01' });
    await expect(query('select $1::int as n', ['not a number'], false)).rejects.toMatchObject({ code: '22P02' });
    expect(await query('select name from unique_names', [], false)).toEqual([{ name: 'ana' }]);
  });

  it('prepares a statement again when a migration changes its table under it', async () => {
    const query = preparedStatements(pg);
    await pg.exec('create table shifting (id int)');
    await pg.query('insert into shifting values (1)');
    expect(await query('select * from shifting', [], false)).toEqual([{ id: 1 }]);
    await pg.exec("alter table shifting add column label text default 'new'");
    expect(await query('select * from shifting', [], false)).toEqual([{ id: 1, label: 'new' }]);
  });

  it('runs texts beyond the ones it keeps as unnamed statements, with the right answers', async () => {
    const query = preparedStatements(pg, 2);
    const before = (await preparedNames()).length;
    const sums = [];
    for (let i = 0; i < 5; i++) sums.push((await query<{ n: number }>(`select $1::int + ${i} as n`, [10], false))[0]?.n);
    for (let i = 0; i < 5; i++) sums.push((await query<{ n: number }>(`select $1::int + ${i} as n`, [20], false))[0]?.n);
    expect(sums).toEqual([10, 11, 12, 13, 14, 20, 21, 22, 23, 24]);
    expect(await preparedNames()).toHaveLength(before + 2);
  });

  it('gives a long answer (many rows, a long value) as query() does', async () => {
    const query = preparedStatements(pg);
    for (const [sql, params] of [
      ["select g as n, 'row ' || g as label, g % 3 = 0 as third, null::text as nothing from generate_series(1, 5000) g", []],
      ["select repeat('ñ', 100000) as long, $1::text as tail", ['end']],
    ] as const) {
      expect(await query(sql, params, false)).toEqual((await pg.query(sql, [...params])).rows);
    }
  });

  it('sends any texts and nulls as they are, whatever their characters and length (property)', async () => {
    const query = preparedStatements(pg);
    // PostgreSQL's text holds any character but NUL.
    const text = fc.string({ unit: 'binary', maxLength: 300 }).filter((t) => !t.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(text), { minLength: 1, maxLength: 12 }), async (values) => {
        const sql = `select ${values.map((_, i) => `$${i + 1}::text as v${i}`).join(', ')}`;
        const [row] = await query<Record<string, string | null>>(sql, values, false);
        expect(Object.values(row ?? {})).toEqual(values);
      }),
      { numRuns: 100 },
    );
  });

  it("runs inside PGlite's transaction: committed with it, rolled back with it, and its NOTIFYs heard", async () => {
    const query = preparedStatements(pg);
    await pg.query('delete from things');
    const heard: string[] = [];
    const stop = await pg.listen('things_seen', (payload) => heard.push(payload));
    await pg.transaction(async () => {
      await query("insert into things (name) values ($1)", ['kept'], true);
      await query("select pg_notify('things_seen', $1)", ['kept'], true);
    });
    await expect(pg.transaction(async () => {
      await query('insert into things (name) values ($1)', ['gone'], true);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await expect(pg.transaction(async () => {
      await query('insert into things (name) values ($1)', ['lost'], true);
      await query('select $1::int', ['not a number'], true).catch(() => undefined);
    })).rejects.toMatchObject({ code: '25P02' });
    expect(await query('select name from things order by id', [], false)).toEqual([{ name: 'kept' }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['kept']);
    await stop();
  });
});
