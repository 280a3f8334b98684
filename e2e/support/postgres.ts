import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A schema of its own on the PostgreSQL at `url`, for one sandbox of the browser suite: its
 * migrations, demo rows and payments start empty and meet no other file's (files run side by
 * side, and a card paid twice in another file's sandbox would be a duplicate in this one). The
 * returned URL's connections work in that schema; `drop` removes it.
 */
export async function schemaOfItsOwn(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `e2e_${randomUUID().replace(/-/g, '')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { url: scoped.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}
