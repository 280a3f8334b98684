import { randomUUID } from 'node:crypto';
import { newSessionName } from '../src/db/openDatabase';
import { openPostgresDatabase } from '../src/db/postgresDatabase';

/**
 * A fresh, empty schema on the PostgreSQL at url, and a URL whose connections work in it. Only the
 * schema is made here: migrating the shared public schema from parallel test files would race.
 */
export async function newTestSchema(url: string): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomUUID().replace(/-/g, '')}`;
  const run = async (sql: string) => {
    const setup = await openPostgresDatabase(url, newSessionName());
    try {
      await setup.exec(sql);
    } finally {
      await setup.close();
    }
  };
  await run(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { url: scoped.toString(), schema, drop: () => run(`drop schema ${schema} cascade`) };
}

