import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PgListener } from './pgListener';

/** The pool's 5 s connect time-out and a margin. */
const GIVES_UP_WITHIN_MS = 8_000;

let server: Server | undefined;
const sockets = new Set<Socket>();

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Takes connections and never answers: a hung database, or a proxy in front of none. */
async function silentDatabase(): Promise<number> {
  server = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('PgListener', () => {
  // docs/operations.md "When PostgreSQL goes away": the LISTEN connection tries again with growing delays;
  // a try that hangs for ever would stop them, and push notifications across nodes would not come back.
  it('gives up a connection the database never answers within its time-out, so the next try can follow', async () => {
    const port = await silentDatabase();
    const listener = new PgListener({ host: '127.0.0.1', port, user: 'pasarela', database: 'pasarela' }, () => undefined);
    const started = Date.now();
    const outcome = await Promise.race([
      listener.listen('pasarela_test', () => undefined).then(() => 'listening', () => 'refused'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), GIVES_UP_WITHIN_MS)),
    ]);
    expect(outcome).toBe('refused');
    expect(Date.now() - started).toBeLessThan(GIVES_UP_WITHIN_MS);
    await listener.close();
  });
});
