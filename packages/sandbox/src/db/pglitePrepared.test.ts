import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQueries, preparedSession, TransactionRolledBackError } from './pglitePrepared';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`create table things (
    id serial primary key, name text, amount numeric(12,2), count int, big bigint, paid boolean,
    at timestamptz, data jsonb, tags text[], raw bytea)`);
});
afterAll(async () => pg.close());

describe('preparedQueries: PGlite queries through named prepared statements', () => {
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
    const query = preparedQueries(pg);
    await pg.query('delete from things');
    const sql = `insert into things (${column}) values ($1) returning ${column} as value`;
    const [ours] = await query<{ value: unknown }>(sql, [value]);
    const [theirs] = (await pg.query<{ value: unknown }>(sql, [value])).rows;
    expect(ours).toEqual(theirs);
    expect(await query(`select ${column} as value from things order by id`)).toEqual((await pg.query(`select ${column} as value from things order by id`)).rows);
  });

  it('runs the same statement again with other parameters, and a statement with none', async () => {
    const query = preparedQueries(pg);
    await pg.query('delete from things');
    for (const name of ['a', 'b', 'c']) await query('insert into things (name, count) values ($1, $2)', [name, name.charCodeAt(0)]);
    expect(await query<{ name: string }>('select name from things where count > $1 order by name', [97])).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(await query<{ n: number }>('select count(*)::int as n from things')).toEqual([{ n: 3 }]);
  });

  it('rejects with the database\'s error and code, and the next query runs', async () => {
    const query = preparedQueries(pg);
    await pg.exec('create table once (name text unique)');
    await query('insert into once (name) values ($1)', ['twice']);
    await expect(query('insert into once (name) values ($1)', ['twice'])).rejects.toMatchObject({ code: '23505' });
    await expect(query('select from nowhere')).rejects.toMatchObject({ code: '42P01' });
    await expect(query('select $1::int as n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect(await query('select name from once')).toEqual([{ name: 'twice' }]);
  });

  it('waits for a transaction another caller has open instead of running inside it', async () => {
    const query = preparedQueries(pg);
    await pg.query('delete from things');
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['inside']);
      await held;
      order.push('transaction rolls back');
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = query<{ name: string }>('select name from things').then((rows) => {
      order.push('query ran');
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    // Run inside the transaction, it would have seen the row that was rolled back.
    expect(await read).toEqual([]);
    expect(order).toEqual(['transaction rolls back', 'query ran']);
  });

  it('prepares a statement again when its table changes under it', async () => {
    const query = preparedQueries(pg);
    await pg.exec('create table shifting (id int)');
    await pg.query('insert into shifting values (1)');
    expect(await query('select * from shifting')).toEqual([{ id: 1 }]);
    await pg.exec("alter table shifting add column label text default 'new'");
    expect(await query('select * from shifting')).toEqual([{ id: 1, label: 'new' }]);
  });

  it('runs SQL texts beyond the statements it keeps as unnamed statements', async () => {
    const query = preparedQueries(pg, 2);
    const sums = [];
    for (let i = 0; i < 5; i++) sums.push((await query<{ n: number }>(`select $1::int + ${i} as n`, [10]))[0]?.n);
    for (let i = 0; i < 5; i++) sums.push((await query<{ n: number }>(`select $1::int + ${i} as n`, [20]))[0]?.n);
    expect(sums).toEqual([10, 11, 12, 13, 14, 20, 21, 22, 23, 24]);
  });
});

describe('preparedQueries: the answers read by the session itself (pgliteWire.ts), as PGlite reads them', () => {
  it('gives an answer longer than one write of the database (many rows, a long value) as query() does', async () => {
    const query = preparedQueries(pg);
    for (const sql of [
      "select g as n, 'row ' || g as label, g % 3 = 0 as third, null::text as nothing from generate_series(1, 5000) g",
      "select repeat('ñ', 100000) as long, $1::text as tail",
    ]) {
      const params = sql.includes('$1') ? ['end'] : [];
      expect(await query(sql, params)).toEqual((await pg.query(sql, params)).rows);
    }
  });

  it('sends any texts and nulls as they are, whatever their characters and length (property)', async () => {
    const query = preparedQueries(pg);
    // PostgreSQL's text holds any character but NUL.
    const text = fc.string({ unit: 'binary', maxLength: 300 }).filter((t) => !t.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(text), { minLength: 1, maxLength: 12 }), async (values) => {
        const sql = `select ${values.map((_, i) => `$${i + 1}::text as v${i}`).join(', ')}`;
        const [row] = await query<Record<string, string | null>>(sql, values);
        expect(Object.values(row ?? {})).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the database\'s error with every field PGlite\'s parser fills', async () => {
    const query = preparedQueries(pg);
    await pg.exec('create table unique_names (name text constraint unique_names_name unique)');
    await query('insert into unique_names (name) values ($1)', ['ana']);
    const ours = await query('insert into unique_names (name) values ($1)', ['ana']).catch((e: unknown) => e);
    const theirs = await pg.query('insert into unique_names (name) values ($1)', ['ana']).catch((e: unknown) => e);
    expect(ours).toBeInstanceOf(Error);
    const fields = ['message', 'severity', 'code', 'detail', 'schema', 'table', 'constraint', 'file', 'routine'] as const;
    const pick = (e: unknown) => Object.fromEntries(fields.map((f) => [f, (e as Record<string, unknown>)[f]]));
    expect(pick(ours)).toEqual(pick(theirs));
    expect(pick(ours)).toMatchObject({ code: '23505', constraint: 'unique_names_name', table: 'unique_names' });
  });

  it('keys a column named __proto__ as a column, as query() does', async () => {
    const query = preparedQueries(pg);
    const [row] = await query<Record<string, unknown>>('select 1 as "__proto__", 2 as other');
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.entries(row ?? {})).toEqual([['__proto__', 1], ['other', 2]]);
  });

  it('hands each NOTIFY to the listeners once, whichever parser read the answer that carried it', async () => {
    const session = preparedSession(pg);
    await pg.exec(`create table noticed (id serial primary key, name text);
      create function noticed_notify() returns trigger language plpgsql as $$
      begin perform pg_notify('noticed_rows', new.name); return new; end $$;
      create trigger noticed_insert after insert on noticed for each row execute function noticed_notify();`);
    const heard: string[] = [];
    const stop = await session.listen('noticed_rows', (payload) => heard.push(payload));
    await session.query('insert into noticed (name) values ($1)', ['through the session']);
    await session.transaction((tx) => tx.query('insert into noticed (name) values ($1)', ['in a transaction']));
    await pg.query("insert into noticed (name) values ('through PGlite')");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard.sort()).toEqual(['in a transaction', 'through PGlite', 'through the session']);
    await stop();
    await session.query('insert into noticed (name) values ($1)', ['after the stop']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toHaveLength(3);
  });
});

describe('preparedSession: transactions through prepared statements', () => {
  it('commits what the transaction wrote, runs scripts in it, and answers what fn answered', async () => {
    const { query, transaction } = preparedSession(pg);
    await pg.query('delete from things');
    const answer = await transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['kept']);
      await tx.exec("insert into things (name) values ('script one'); insert into things (name) values ('script two')");
      return (await tx.query<{ n: number }>('select count(*)::int as n from things'))[0]?.n;
    });
    expect(answer).toBe(3);
    expect(await query('select name from things order by id')).toEqual([{ name: 'kept' }, { name: 'script one' }, { name: 'script two' }]);
  });

  it('rolls back when fn throws, and the session goes on', async () => {
    const { query, transaction } = preparedSession(pg);
    await pg.query('delete from things');
    await expect(transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['gone']);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await query('select name from things')).toEqual([]);
    await transaction((tx) => tx.query('insert into things (name) values ($1)', ['next']));
    expect(await query('select name from things')).toEqual([{ name: 'next' }]);
  });

  it('refuses to commit a transaction whose statement failed even when fn went on', async () => {
    const { query, transaction } = preparedSession(pg);
    await pg.query('delete from things');
    await expect(transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['lost']);
      await tx.query('select $1::int', ['not a number']).catch(() => undefined);
    })).rejects.toBeInstanceOf(TransactionRolledBackError);
    expect(await query('select name from things')).toEqual([]);
  });

  it('opens the transaction even when its first statement fails: what fn sends next is not committed on its own', async () => {
    const { query, transaction } = preparedSession(pg);
    await pg.query('delete from things');
    await expect(transaction(async (tx) => {
      await tx.query('select $1::int', ['not a number']).catch(() => undefined);
      await tx.query('insert into things (name) values ($1)', ['outside the transaction?']);
    })).rejects.toMatchObject({ code: '25P02' });
    expect(await query('select name from things')).toEqual([]);
  });

  it('holds queries from outside until it ends, and its statements cannot run after it', async () => {
    const { query, transaction } = preparedSession(pg);
    await pg.query('delete from things');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let leaked: ((sql: string) => Promise<unknown>) | undefined;
    const open = transaction(async (tx) => {
      leaked = (sql) => tx.query(sql);
      await tx.query('insert into things (name) values ($1)', ['inside']);
      await held;
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = query<{ name: string }>('select name from things');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(open).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
    await expect(leaked?.('select 1')).rejects.toThrow('Transaction is closed');
  });
});
