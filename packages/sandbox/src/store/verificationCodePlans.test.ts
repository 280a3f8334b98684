import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { checkCode } from './mailbox';
import { registrationEmail, renewRegistration, startRegistration, type CodeDatabase } from './pendingRegistrations';
import { startRecovery } from './recoveryHandles';

// A pending sign-up's and a recovery's steps find their code by its handle, a recovery asked again
// its handle by the text asked, and a new code the live codes it ends by address or user (migration
// 191): among 20,000 codes sent before, each of those statements is planned through an index, never
// a sequential scan of verification_codes, and reads a few rows.

const HISTORY = 20_000;

let db: Database;

async function openWithHistory(): Promise<void> {
  db = await openTestDatabase();
  // Codes sent before, used or lapsed: sign-ups with a text handle, recoveries with a number.
  await db.query(
    `insert into verification_codes (purpose, email, user_id, code, payload, expires_at, used, created_at)
     select case when g % 2 = 0 then 'register' else 'recovery' end, 'old' || g || '@example.com', null, '123456',
            case when g % 2 = 0 then jsonb_build_object('handle', 'old-handle-' || g, 'asked', 'old' || g || '@example.com')
                 else jsonb_build_object('handle', (g + 1000000)::text, 'asked', 'old' || g || '@example.com') end,
            now() - g * interval '1 minute', g % 3 = 0, now() - g * interval '1 minute' - interval '15 minutes'
       from generate_series(1, $1::int) as g`,
    [HISTORY],
  );
  await db.exec('analyze verification_codes');
}

/** Runs `ask` against the database, keeping every statement it sent, in its transactions too. */
async function statementsOf(ask: (db: CodeDatabase) => Promise<unknown>): Promise<Array<{ sql: string; params: readonly unknown[] }>> {
  const sent: Array<{ sql: string; params: readonly unknown[] }> = [];
  const recording = (q: Queryable): Queryable => ({
    query: <Row>(sql: string, params: readonly unknown[] = []) => {
      sent.push({ sql, params });
      return q.query<Row>(sql, params);
    },
  });
  await ask({
    ...recording(db),
    transaction: (fn, options) => db.transaction((tx) => fn({ ...recording(tx), exec: (sql: string) => tx.exec(sql) }), options),
  });
  return sent;
}

class RolledBack extends Error {
  constructor(readonly plans: string[]) {
    super('rolled back');
  }
}

const literal = (value: unknown): string => (value === null || value === undefined ? 'null' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

/** A statement's plan with its values, and, when `generic`, a prepared statement's generic plan too; run and rolled back. */
async function plansOf(sql: string, params: readonly unknown[], generic: boolean): Promise<string[]> {
  return db.transaction(async (tx) => {
    const plans: string[] = [];
    const [custom] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
    plans.push(JSON.stringify(custom?.['QUERY PLAN']));
    if (generic) {
      await tx.exec('set local plan_cache_mode = force_generic_plan');
      await tx.exec(`prepare code_plan as ${sql}`);
      const [plan] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) execute code_plan(${params.map(literal).join(', ')})`);
      plans.push(JSON.stringify(plan?.['QUERY PLAN']));
      await tx.exec('deallocate code_plan');
    }
    throw new RolledBack(plans);
  }).catch((error: unknown) => {
    if (error instanceof RolledBack) return error.plans;
    throw error;
  });
}

const scansEveryCode = (plan: string) => /"Node Type":"Seq Scan"[^{}]*"Relation Name":"verification_codes"/.test(plan);
const mostRowsRead = (plan: string) => Math.max(0, ...[...plan.matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1])), ...[...plan.matchAll(/"Rows Removed by (?:Filter|Index Recheck)":(\d+)/g)].map((m) => Number(m[1])));
/** The statements that look codes up: by handle, by the text asked, by address or user. */
const looksUp = (sql: string) => /payload->>'(?:handle|asked)' = \$|lower\(email\) = lower\(\$/.test(sql);

const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(Boolean(url))('on PGlite', () => {
  beforeAll(openWithHistory, 120_000);
  afterAll(() => db.close());
  codePlanTests();
});
describe.skipIf(!url)('on PostgreSQL', () => {
  beforeAll(openWithHistory, 120_000);
  afterAll(() => db.close());
  codePlanTests();
});

function codePlanTests() {
  describe('a sign-up and a recovery find their code through an index, not by reading every code sent', () => {
    const steps: Array<[string, (db: CodeDatabase) => Promise<unknown>]> = [
      ['a sign-up: the address its handle waits on', async (q) => registrationEmail(q, (await startRegistration(db, 'nueva@example.com', undefined)).handle)],
      ['a sign-up: a new code under its handle', async (q) => renewRegistration(q, (await startRegistration(db, 'otra@example.com', undefined)).handle)],
      ['a sign-up: its code checked by handle', async (q) => checkCode(q, { purpose: 'register', handle: (await startRegistration(db, 'tercera@example.com', undefined)).handle, code: '000000', consume: false })],
      ['a recovery asked again: its handle by the text asked', (q) => startRecovery(q, 'nadie@example.com', undefined)],
      ['a code checked by address', async (q) => checkCode(q, { purpose: 'register', email: 'Cuarta@example.com', code: '000000', consume: false })],
      ['a new code for a user: the live ones it ends', (q) => startRecovery(q, 'usuaria', { id: 7, email: 'usuaria@example.com' })],
      ['a recovery: its code checked by handle', async (q) => checkCode(q, { purpose: 'recovery', handle: (await startRecovery(db, 'alguien@example.com', undefined)).handle, code: '000000', consume: false })],
    ];
    it.each(steps)('%s', async (_, ask) => {
      const looked = (await statementsOf(ask)).filter((s) => looksUp(s.sql));
      expect(looked.length).toBeGreaterThan(0);
      for (const { sql, params } of looked) {
        // findCode's `$4 is null or ...` is planned with its values (a custom plan, as PostgreSQL keeps for it).
        for (const plan of await plansOf(sql, params, !/is null or/.test(sql))) {
          expect(scansEveryCode(plan), `${sql}\n${plan}`).toBe(false);
          expect(plan, sql).toMatch(/"Index Name":"verification_codes_(?:handle|recovery_asked|live_email|live_user)"/);
          expect(mostRowsRead(plan), plan).toBeLessThan(100);
        }
      }
    });

    it('the codes have no index no statement uses', async () => {
      const indexes = (await db.query<{ indexname: string }>("select indexname from pg_indexes where tablename = 'verification_codes' and schemaname = current_schema() order by indexname")).map((r) => r.indexname);
      expect(indexes).toEqual(['verification_codes_handle', 'verification_codes_live_email', 'verification_codes_live_user', 'verification_codes_pkey', 'verification_codes_recovery_asked']);
    });

    it('each step still finds its own code among the history', async () => {
      const { handle } = await startRegistration(db, 'Encontrada@example.com', undefined);
      expect(await registrationEmail(db, handle)).toEqual({ email: 'Encontrada@example.com', live: true });
      expect(await registrationEmail(db, 'old-handle-4')).toEqual({ email: 'old4@example.com', live: false });
      const first = await startRecovery(db, 'repetida@example.com', undefined);
      expect((await startRecovery(db, 'repetida@example.com', undefined)).handle).toBe(first.handle);
    });
  });
}
