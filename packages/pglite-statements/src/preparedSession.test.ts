import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparedSession } from './preparedSession';

let pg: PGlite;
// A new PGlite runs initdb (a few CPU-seconds): on a loaded two-core machine it outlasted the 20 s default.
const NEW_DATABASE_MS = 60_000;

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec('create table entries (id serial primary key, label text not null)');
}, NEW_DATABASE_MS);
afterAll(async () => pg.close());
beforeEach(async () => {
  await pg.exec('delete from entries');
});

const labels = async () => (await pg.query<{ label: string }>('select label from entries order by id')).rows.map((r) => r.label);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const insert = 'insert into entries (label) values ($1)';

describe('preparedSession: one PGlite session, its statements prepared, one statement or transaction at a time', () => {
  it('runs a statement asked while a transaction is open after it, outside it: kept when the transaction rolls back', async () => {
    const session = preparedSession(pg);
    const log: string[] = [];
    const failing = session.transaction(async (tx) => {
      await tx.query(insert, ['in the transaction']);
      await pause(20);
      log.push('transaction ends');
      throw new Error('refused');
    });
    await pause(5);
    const alone = session.query(insert, ['alone']).then(() => log.push('statement ran'));
    await expect(failing).rejects.toThrow('refused');
    await alone;
    expect(log).toEqual(['transaction ends', 'statement ran']);
    expect(await labels()).toEqual(['alone']);
  });

  it("prepares a transaction's statements and commits them with it; a query answers its rows", async () => {
    const session = preparedSession(pg);
    const count = 'select count(*)::int as n from entries where label like $1';
    const answer = await session.transaction(async (tx) => {
      await tx.query(insert, ['first']);
      await tx.query(insert, ['second']);
      return tx.query<{ n: number }>(count, ['%s%']);
    });
    expect(answer).toEqual([{ n: 2 }]);
    expect(await session.query<{ label: string }>('select label from entries where label = $1', ['second'])).toEqual([{ label: 'second' }]);
    const prepared = (await pg.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
    expect(prepared).toEqual(expect.arrayContaining([insert, count]));
    expect(await labels()).toEqual(['first', 'second']);
  });

  it("refuses a transaction's statement sent after the transaction ended, and sends nothing", async () => {
    const session = preparedSession(pg);
    const sent: string[] = [];
    const kept = await session.transaction(async (tx) => {
      await tx.query(insert, ['inside']);
      return tx;
    }, { statement: (sql, send) => (sent.push(sql), send()) });
    await expect(kept.query(insert, ['too late'])).rejects.toThrow('Transaction is closed');
    await expect(kept.exec("insert into entries (label) values ('too late')")).rejects.toThrow('Transaction is closed');
    expect(sent).toEqual([insert, "insert into entries (label) values ('too late')"]);
    expect(await labels()).toEqual(['inside']);
  });

  it('rolls a failing transaction back, and the next one runs and commits', async () => {
    const session = preparedSession(pg);
    await expect(session.transaction(async (tx) => {
      await tx.query(insert, ['rolled back']);
      await tx.query('select $1::int', ['not a number']);
    })).rejects.toMatchObject({ code: '22P02' });
    await session.transaction(async (tx) => {
      await tx.query(insert, ['committed']);
      await tx.exec("insert into entries (label) values ('by exec')");
    });
    expect(await labels()).toEqual(['committed', 'by exec']);
  });

  it('runs a text of several statements (exec) in its turn, after the statements asked before it', async () => {
    const session = preparedSession(pg);
    const transaction = session.transaction(async (tx) => {
      await pause(10);
      await tx.query(insert, ['one']);
    });
    const before = session.query(insert, ['two']);
    await session.exec("insert into entries (label) values ('three'); insert into entries (label) values ('four')");
    await Promise.all([transaction, before]);
    expect(await labels()).toEqual(['one', 'two', 'three', 'four']);
  });

  it('wraps the wait for the turn, the work once held, and each statement of a transaction, in that order', async () => {
    const session = preparedSession(pg);
    const log: string[] = [];
    const blocking = session.transaction(() => pause(20));
    const answer = await session.transaction(async (tx) => {
      log.push('fn');
      return tx.query<{ n: number }>('select $1::int as n', [7]);
    }, {
      wait: async (turn) => {
        log.push('waiting');
        await turn();
        log.push('turn held');
      },
      work: async (run) => {
        log.push('work starts');
        const result = await run();
        log.push('work ends');
        return result;
      },
      statement: async (sql, send) => {
        log.push(`sends ${sql}`);
        return send();
      },
    });
    await blocking;
    expect(answer).toEqual([{ n: 7 }]);
    expect(log).toEqual(['waiting', 'turn held', 'work starts', 'fn', 'sends select $1::int as n', 'work ends']);
    const alone: string[] = [];
    await session.query('select 1', [], { wait: (turn) => (alone.push('wait'), turn()), work: (run) => (alone.push('work'), run()) });
    expect(alone).toEqual(['wait', 'work']);
  });

  it('closes in its turn: after the transaction asked before it has committed', async () => {
    const own = new PGlite();
    await own.exec('create table entries (label text)');
    const session = preparedSession(own);
    const log: string[] = [];
    const transaction = session.transaction(async (tx) => {
      await pause(20);
      await tx.query('insert into entries (label) values ($1)', ['before closing']);
      return tx.query<{ label: string }>('select label from entries');
    }).then((rows) => (log.push('committed'), rows));
    const closing = session.close().then(() => log.push('closed'));
    expect(await transaction).toEqual([{ label: 'before closing' }]);
    await closing;
    expect(log).toEqual(['committed', 'closed']);
    expect(own.closed).toBe(true);
  }, NEW_DATABASE_MS);
});
