import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { HttpTimeouts } from '../settings';

/**
 * An HTTP server for a fetch handler with the timeouts that keep slow clients from holding it:
 * the headers within headersMs and the whole request within requestMs of connecting (Node answers
 * 408 and closes), idle keep-alive connections closed after keepAliveMs.
 */
export function listenHttp(fetch: Parameters<typeof getRequestListener>[0], port: number, timeouts: HttpTimeouts): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node looks for overdue requests this often (30 s by default, too coarse for short timeouts).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(timeouts.headersMs || 1_000, timeouts.requestMs || 1_000) / 4))),
    },
    getRequestListener(fetch),
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Stops accepting connections and lets the requests in flight finish: idle keep-alive connections
 * are closed at once and as each in-flight request ends; whatever is still open after graceMs is cut.
 */
export async function closeGracefully(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 25);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
