import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach } from 'vitest';

export interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/**
 * A server on 127.0.0.1 that answers each request with the next handler (the last one repeats), for
 * the client to call over real HTTP; closed after each test.
 */
export async function serverAnswering(...handlers: Array<(res: ServerResponse) => void>) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      (handlers[Math.min(seen.length - 1, handlers.length - 1)] ?? (() => res.end()))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const stop = () => new Promise<void>((resolve) => {
    // An answer left hanging (a stalled body) would keep close() waiting.
    server.closeAllConnections();
    server.close(() => resolve());
  });
  close = stop;
  /** Stopped before the test ends: nobody answers at its URL. */
  const stopNow = async () => {
    close = undefined;
    await stop();
  };
  return { seen, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, stop: stopNow };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
