import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateways } from '@pasarela/gateways';
import type { Database } from '../db/Database';
import { openDatabase } from '../db/openDatabase';
import { DEFAULT_DATABASE_LIMITS } from '../db/postgresDatabase';
import { defaultPaths } from '../paths';
import { createLogger } from '../ops/logger';
import { createTestApp, newLink, newTestSchema, openTestDatabase, tokenizedCardPayload, type TestApp } from '../../test/testApp';

// docs/operations.md "When PostgreSQL goes away": a statement PostgreSQL cancels (statement_timeout,
// SQLSTATE 57014; a lock waited for past lock_timeout, 55P03) rolled its transaction back, so the
// request answers 503 with Retry-After, as a lost connection does, never a bug's 500. Cancelled after
// the processor approved, the payment stays in doubt under its trackId: the retry asks again, one charge.

/** PostgreSQL's error for a cancelled statement, as node-postgres gives it. */
const cancelled = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });

describe.each([
  ['57014', 'canceling statement due to statement timeout', 'query_canceled'],
  ['55P03', 'canceling statement due to lock timeout', 'lock_not_available'],
  ['40P01', 'deadlock detected', 'deadlock_detected'],
  ['40001', 'could not serialize access due to concurrent update', 'serialization_failure'],
])('a card payment whose outcome\'s statement PostgreSQL cancels (%s)', (code, message, name) => {
  let t: TestApp;
  let db: Database;
  let approved = false;
  let cancelNext = false;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const real = await openTestDatabase();
    // The first statement after the processor's approval (the outcome's record) is cancelled, once.
    const cut = <T>(work: () => Promise<T>): Promise<T> => {
      if (!cancelNext) return work();
      cancelNext = false;
      return Promise.reject(cancelled(code, message));
    };
    db = Object.assign(Object.create(real) as Database, {
      query: (sql: string, params?: readonly unknown[]) => cut(() => real.query(sql, params)),
      transaction: (fn: Parameters<Database['transaction']>[0], options?: Parameters<Database['transaction']>[1]) => cut(() => real.transaction(fn, options)),
    });
    t = await createTestApp({
      db,
      logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
      wrapGateways: (gateways: Gateways): Gateways => ({
        ...gateways,
        card: {
          ...gateways.card,
          authorize: async (request) => {
            const answer = await gateways.card.authorize(request);
            if (!approved) cancelNext = true;
            approved = true;
            return answer;
          },
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await db.close();
  });

  it('answers 503 service_unavailable with Retry-After, logged at warn naming the cause; in doubt, then charged once on retry', async () => {
    const link = await newLink(t);
    const payload = await tokenizedCardPayload(link);
    const first = await t.post('/cards/auth-capture', payload);
    expect(first).toMatchObject({ status: 503, data: { code: 'service_unavailable' } });
    const line = lines.find((l) => l['status'] === 503);
    expect(line).toMatchObject({ level: 40, msg: 'request failed: a dependency is down', code: 'service_unavailable' });
    expect(String(line?.['cause'])).toMatch(`The database cancelled a statement (SQLSTATE ${code} ${name}`);
    expect(String(line?.['cause'])).toContain(message);
    expect(lines.some((l) => l['msg'] === 'unhandled error')).toBe(false);
    // Nothing of the outcome was written: the attempt is in doubt, never declined nor forgotten.
    expect(await t.db.query('select auth_status from transactions where link_code = $1', [link])).toEqual([{ auth_status: 'PROCESSING' }]);
    // The retry under the same trackId asks the processor again under the attempt's key: one payment.
    const retry = await t.post('/cards/auth-capture', payload);
    expect(retry.status).toBe(200);
    expect(await t.db.query('select auth_status from transactions where link_code = $1', [link])).toEqual([{ auth_status: 'APPROVED' }]);
  });

  it('answers any request so, with Retry-After: 2 (the console\'s list of payments)', async () => {
    const link = await newLink(t);
    cancelNext = true;
    const res = await t.app.request(`/sandbox/transactions?code=${link}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
  });
});

const url = process.env['TEST_DATABASE_URL'];

it.skipIf(!url)('on PostgreSQL, a statement past DATABASE_STATEMENT_TIMEOUT_MS (a table locked meanwhile) answers 503 with Retry-After', async () => {
  const schema = await newTestSchema(url ?? '');
  const db = await openDatabase({ databaseUrl: schema.url, databaseLimits: { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 300 }, migrationsDir: defaultPaths().migrationsDir });
  const t = await createTestApp({ db });
  const locker = new pg.Client({ connectionString: schema.url });
  await locker.connect();
  try {
    const link = await newLink(t);
    await locker.query('begin; lock table transactions in access exclusive mode');
    const res = await t.app.request(`/sandbox/transactions?code=${link}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    await locker.query('rollback');
    expect((await t.app.request(`/sandbox/transactions?code=${link}`)).status).toBe(200);
  } finally {
    await locker.end();
    await t.close();
    await db.close();
    await schema.drop();
  }
}, 30_000);
