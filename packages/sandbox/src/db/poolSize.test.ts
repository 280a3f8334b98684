import { describe, expect, it } from 'vitest';
import { newSessionName } from './openDatabase';
import { DEFAULT_DATABASE_LIMITS, openPostgresDatabase } from './postgresDatabase';
import { newTestSchema } from '../../test/testApp';

// DATABASE_POOL_SIZE: the pool opens at most that many connections, however many payments wait. Needs a real PostgreSQL.
const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('the PostgreSQL pool\'s size (DATABASE_POOL_SIZE)', () => {
  it('opens no more connections than it is given, the others waiting their turn', async () => {
    const schema = await newTestSchema(url ?? '');
    const db = await openPostgresDatabase(schema.url, newSessionName(), undefined, { ...DEFAULT_DATABASE_LIMITS, poolSize: 2 });
    try {
      // Six transactions at once, each holding its connection a moment: two connections serve them all.
      const pids = await Promise.all(Array.from({ length: 6 }, () => db.transaction(async (tx) => {
        const [row] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        await tx.query('select pg_sleep(0.05)');
        return row?.pid;
      })));
      expect(new Set(pids).size).toBe(2);
    } finally {
      await db.close();
      await schema.drop();
    }
  });
});
