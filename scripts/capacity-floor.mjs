// The floor of an exactly-once card payment, for scripts/bench-capacity.mjs: hono over Node's HTTP
// server, the attempt committed before the processor's call (one INSERT, its own transaction), one
// call to the simulator's card/authorize, the outcome committed after it (one INSERT). Two durable
// commits and one processor round trip: what any checkout must do, and nothing more.
//
//   FLOOR_PORT=0 PROCESSORS_URL=... SIMULATOR_API_SECRET=... [DATABASE_URL=postgres://...] node scripts/capacity-floor.mjs
// Without DATABASE_URL it uses PGlite in FLOOR_DATA_DIR (a fresh directory), as Pasarela's default does.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const DDL = [
  'create table if not exists floor_attempts (key text primary key, amount_cents int not null, created_at timestamptz not null default now())',
  'create table if not exists floor_outcomes (key text primary key references floor_attempts (key), status text not null, reference text, created_at timestamptz not null default now())',
];

async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    // As many connections as a Pasarela node's pool.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, application_name: 'floor', max: 10 });
    for (const sql of DDL) await pool.query(sql);
    return { query: (sql, params) => pool.query(sql, params) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(process.env.FLOOR_DATA_DIR || mkdtempSync(join(tmpdir(), 'pasarela-floor-')));
  for (const sql of DDL) await db.exec(sql);
  return { query: (sql, params) => db.query(sql, params) };
}

const db = await openDatabase();
const processors = (process.env.PROCESSORS_URL ?? '').replace(/\/+$/, '');
const secret = process.env.SIMULATOR_API_SECRET ?? '';
const app = new Hono();
app.post('/pay', async (c) => {
  const { amountCents, card } = await c.req.json();
  const key = randomUUID();
  await db.query('insert into floor_attempts (key, amount_cents) values ($1, $2)', [key, amountCents]);
  const res = await fetch(`${processors}/v1/card/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, 'idempotency-key': key },
    body: JSON.stringify({
      idempotencyKey: key, deadline: new Date(Date.now() + 10_000).toISOString(), amountCents, currency: 'USD', card,
      merchant: { name: 'Floor', logo: null }, lang: 'es', capture: true,
    }),
  });
  const { answer } = await res.json();
  await db.query('insert into floor_outcomes (key, status, reference) values ($1, $2, $3)', [key, answer?.status ?? 'failed', answer?.reference ?? null]);
  c.header('server-timing', 'db;desc="2 statements and 2 commits (2 writing)"');
  return c.json({ status: answer?.status }, answer?.status === 'approved' ? 200 : 502);
});
serve({ fetch: app.fetch, port: Number(process.env.FLOOR_PORT || 0), hostname: '127.0.0.1' }, (info) => {
  // The first line says where it listens, as the simulator's does.
  console.log(`Floor listening on http://127.0.0.1:${info.port}`);
});
