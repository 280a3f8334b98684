import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { connectPostgres, openPostgres, type VaultDatabase } from './vaultDatabase';

// The card vault on PostgreSQL (docs/security.md "Card data") when the database drops its connections
// (a restart, a failover, pg_terminate_backend): the vault keeps running, the request on a dropped
// connection fails, the next one connects again, and the outage is told once with its end. Before,
// an idle connection's drop was an unheard 'error' event, which ended the process.

const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('the card vault\'s PostgreSQL connections dropped', () => {
  const name = `vault_drop_${randomBytes(6).toString('hex')}`;
  const vaultUrl = () => `${url}${url?.includes('?') ? '&' : '?'}application_name=${name}`;
  let admin: pg.Client;
  let db: VaultDatabase;
  const told: string[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    db = openPostgres(vaultUrl(), (message) => told.push(message));
  });
  afterAll(async () => {
    await db?.close();
    await admin?.end();
  });

  const dropConnections = async () => {
    const { rows } = await admin.query<{ n: number }>('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1', [name]);
    return rows[0]?.n ?? 0;
  };

  it('an idle connection dropped: the process goes on and the next query connects again', async () => {
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    expect(await dropConnections()).toBeGreaterThan(0);
    await expect.poll(() => told.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(told[0]).toMatch(/^card vault: database connection lost/);
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    expect(told).toEqual([told[0], 'card vault: database connection restored']);
  });

  it('a connection dropped inside a transaction: that transaction fails, the next one works', async () => {
    told.length = 0;
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const broken = db.transaction(async (tx) => {
      await tx.query('select 1');
      inside();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return tx.query('select 2');
    });
    await started;
    expect(await dropConnections()).toBeGreaterThan(0);
    await expect(broken).rejects.toThrow();
    expect(await db.transaction((tx) => tx.query<{ two: number }>('select 2 as two'))).toEqual([{ two: 2 }]);
    expect(told[0]).toMatch(/^card vault: database connection lost/);
    expect(told.at(-1)).toBe('card vault: database connection restored');
  });

  // The vault and the server decide by one rule (@pasarela/pglite-statements' isConnectionError): a
  // statement's own failure, or a bug with no SQLSTATE, is no outage. Before, the vault's own copy
  // took any error without a SQLSTATE for a lost connection and told an outage that was not one.
  it('a statement\'s own failure, coded or not, is not told as a lost connection', async () => {
    told.length = 0;
    await expect(db.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
    const bug = { toPostgres: () => { throw new TypeError('a parameter that cannot be written'); } };
    await expect(db.query('select $1::text', [bug])).rejects.toThrow(TypeError);
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    expect(told).toEqual([]);
  });
});

// A URL that never works stops the start naming the setting and where it points, never its password.
describe('a VAULT_DATABASE_URL that does not connect', () => {
  it('a port nothing listens on: Cannot use PostgreSQL at host:port/db (VAULT_DATABASE_URL), and no "connection lost"', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const told: string[] = [];
    const refused = connectPostgres(`postgres://vault:s3cret-pw@localhost:${port}/vault`, (message) => told.push(message));
    await expect(refused).rejects.toThrow(new RegExp(`^Cannot use PostgreSQL at localhost:${port}/vault \\(VAULT_DATABASE_URL\\): .*ECONNREFUSED`));
    await expect(refused).rejects.not.toThrow(/s3cret-pw/);
    expect(told).toEqual([]);
  });

  it.skipIf(!url)('a database the server refuses: its reason, without the password', async () => {
    const missing = new URL(url!);
    missing.password = 's3cret-pw';
    missing.pathname = `/no_such_${randomBytes(4).toString('hex')}`;
    const told: string[] = [];
    const refused = connectPostgres(missing.href, (message) => told.push(message));
    await expect(refused).rejects.toThrow(new RegExp(`^Cannot use PostgreSQL at ${missing.hostname}:${missing.port || 5432}${missing.pathname} \\(VAULT_DATABASE_URL\\): database "${missing.pathname.slice(1)}" does not exist$`));
    await expect(refused).rejects.not.toThrow(/s3cret-pw/);
    expect(told).toEqual([]);
  });

  it.skipIf(!url)('a URL that works: the store, whose later outages are told', async () => {
    const database = await connectPostgres(url!);
    try {
      expect(await database.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
