import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './Database';
import { longRunning } from './Database';
import { newSessionName } from './openDatabase';
import { ANSWER_MARGIN_MS, openPostgresDatabase } from './postgresDatabase';
import { DatabaseUnavailableError } from './unavailable';
import { createTestApp, newTestSchema } from '../../test/testApp';

// A hung statement, a transaction left open or a connection that died without a word (a failover, a
// NAT that dropped it) must not hold a payment's request and a pool slot for ever. Needs a real PostgreSQL.
const url = process.env['TEST_DATABASE_URL'];

const LIMITS = { statementTimeoutMs: 300, idleInTransactionTimeoutMs: 1_000, keepAliveMs: 1_000 };

/** A TCP relay to PostgreSQL that can go silent: bytes stop flowing both ways and nothing is closed (a dead peer). */
async function silentRelay(target: URL): Promise<{ url: string; silence(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let silent = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const relay = (from: Socket, to: Socket) => from.on('data', (chunk) => {
      if (!silent) to.write(chunk);
    });
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: relayed.toString(),
    silence: () => {
      silent = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const elapsed = async (work: () => Promise<unknown>): Promise<{ ms: number; outcome: unknown }> => {
  const started = Date.now();
  const outcome = await work().then((value) => ({ value }), (error: unknown) => error);
  return { ms: Date.now() - started, outcome };
};

describe.skipIf(!url)('the PostgreSQL pool is bounded (DATABASE_STATEMENT_TIMEOUT_MS and its kin)', () => {
  let db: Database;
  let schema: Awaited<ReturnType<typeof newTestSchema>>;
  beforeAll(async () => {
    schema = await newTestSchema(url ?? '');
    db = await openPostgresDatabase(schema.url, newSessionName(), undefined, LIMITS);
  });
  afterAll(async () => {
    await db.close();
    await schema.drop();
  });

  it('cancels a statement past its time-out, and the pool goes on', async () => {
    const { ms, outcome } = await elapsed(() => db.query('select pg_sleep(5)'));
    expect(outcome).toMatchObject({ code: '57014' });
    expect(ms).toBeLessThan(3_000);
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('cancels one inside a transaction too', async () => {
    const { ms, outcome } = await elapsed(() => db.transaction((tx) => tx.query('select pg_sleep(5)')));
    expect(outcome).toMatchObject({ code: '57014' });
    expect(ms).toBeLessThan(3_000);
  });

  it('ends a transaction left idle, releasing what it held', async () => {
    const outcome = await db.transaction(async (tx) => {
      await tx.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 1_800));
      return tx.query('select 1');
    }).then(() => 'committed', (error: unknown) => error);
    expect(outcome).toBeInstanceOf(DatabaseUnavailableError);
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('lets long-running work (a migration, the payouts\' batch) run past the time-out', async () => {
    await expect(db.transaction((tx) => tx.query('select pg_sleep(0.6) as slept'), { longRunning: true })).resolves.toEqual([{ slept: '' }]);
    await expect(longRunning(db).query('select pg_sleep(0.6) as slept')).resolves.toEqual([{ slept: '' }]);
    // Lifted for that transaction alone: the next statement on the pool is bounded again.
    await expect(db.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });

  it('answers 503 within the time-out and its margin when the connection goes silent, never holding the request', async () => {
    const relay = await silentRelay(new URL(schema.url));
    const silentDb = await openPostgresDatabase(relay.url, newSessionName(), undefined, LIMITS);
    try {
      await silentDb.query('select 1');
      relay.silence();
      const { ms, outcome } = await elapsed(() => silentDb.query('select 1'));
      expect(outcome).toBeInstanceOf(DatabaseUnavailableError);
      expect(ms).toBeLessThan(LIMITS.statementTimeoutMs + ANSWER_MARGIN_MS + 2_000);
      const inTransaction = await elapsed(() => silentDb.transaction((tx) => tx.query('select 1')));
      expect(inTransaction.outcome).toBeInstanceOf(DatabaseUnavailableError);
      // Given up at once, never rolled back on (which would wait as long again).
      expect(inTransaction.ms).toBeLessThan(LIMITS.statementTimeoutMs + ANSWER_MARGIN_MS + 2_000);
    } finally {
      await relay.close();
      await silentDb.close();
    }
  }, 30_000);
});

describe.skipIf(!url)('GET /health\'s own path to PostgreSQL (Database.ping)', () => {
  let db: Database;
  let schema: Awaited<ReturnType<typeof newTestSchema>>;
  beforeAll(async () => {
    schema = await newTestSchema(url ?? '');
    db = await openPostgresDatabase(schema.url, newSessionName());
  });
  afterAll(async () => {
    await db.close();
    await schema.drop();
  });

  it('answers at once while payments hold every pooled connection', async () => {
    let free: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (free = resolve));
    const busy = Array.from({ length: 10 }, () => db.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
    }));
    // The pool is full: a payment's query waits for a connection.
    const queued = db.query('select 1');
    const { ms, outcome } = await elapsed(() => db.ping?.(1_000) ?? Promise.resolve(false));
    expect(outcome).toEqual({ value: true });
    expect(ms).toBeLessThan(1_000);
    free();
    await Promise.all([...busy, queued]);
  });

  it('says false within its time when the database goes silent', async () => {
    const relay = await silentRelay(new URL(schema.url));
    const silentDb = await openPostgresDatabase(relay.url, newSessionName());
    try {
      expect(await silentDb.ping?.(1_000)).toBe(true);
      relay.silence();
      const { ms, outcome } = await elapsed(() => silentDb.ping?.(300) ?? Promise.resolve(true));
      expect(outcome).toEqual({ value: false });
      expect(ms).toBeLessThan(1_000);
    } finally {
      await relay.close();
      await silentDb.close();
    }
  });
});

it.skipIf(!url)('GET /health answers 200 at once while payments hold every pooled connection (a busy node is not taken out)', async () => {
  const t = await createTestApp();
  try {
    let free: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (free = resolve));
    const busy = Array.from({ length: 10 }, () => t.db.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { ms, outcome } = await elapsed(async () => (await t.app.request('/health')).status);
    expect(outcome).toEqual({ value: 200 });
    expect(ms).toBeLessThan(1_500);
    free();
    await Promise.all(busy);
  } finally {
    await t.close();
  }
});

describe('GET /health\'s check of the embedded database (PGlite)', () => {
  it('waits for its turn within its time, never inside another\'s transaction', async () => {
    const { openPgliteDatabase } = await import('./pgliteDatabase');
    const embedded = await openPgliteDatabase(undefined, newSessionName());
    try {
      let free: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (free = resolve));
      const busy = embedded.transaction(async (tx) => {
        await tx.query('select 1');
        await held;
      });
      const { ms, outcome } = await elapsed(() => embedded.ping?.(200) ?? Promise.resolve(true));
      expect(outcome).toEqual({ value: false });
      expect(ms).toBeLessThan(1_000);
      free();
      await busy;
      expect(await embedded.ping?.(1_000)).toBe(true);
    } finally {
      await embedded.close();
    }
  });
});
