import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';

/** How long a client may take to send its request, and how long a stopping node waits for work in flight. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  shutdownMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, shutdownMs: 10_000 };

/**
 * An HTTP server for a fetch handler with the timeouts that keep slow clients from holding it:
 * the headers within headersMs and the whole request within requestMs of connecting (Node answers
 * 408 and closes), idle keep-alive connections closed after keepAliveMs.
 */
export function listenHttp(fetch: Parameters<typeof getRequestListener>[0], port: number, timeouts: HttpTimeouts, host?: string): Promise<Server> {
  const listener = getRequestListener(fetch);
  const server: Server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node looks for overdue requests this often (30 s by default, too coarse for short timeouts).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(timeouts.headersMs || 1_000, timeouts.requestMs || 1_000) / 4))),
    },
    (req, res) => {
      // A stopping node answers what it was sent and closes the connection after the answer, so the
      // client's next request opens a new one (to another node) instead of racing the close.
      if (draining.has(server)) res.setHeader('connection', 'close');
      return listener(req, res);
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const listening = () => {
      server.off('error', reject);
      resolve(server);
    };
    if (host === undefined) server.listen(port, listening);
    else server.listen(port, host, listening);
  });
}

const draining = new WeakSet<Server>();

/** From now on every answer of server carries `Connection: close` (the node is about to stop). */
export function startDraining(server: Server): void {
  draining.add(server);
}

/**
 * Stops accepting connections and lets the requests in flight finish: idle keep-alive connections
 * are closed at once and each busy one after its answer (which says `Connection: close`, so the
 * client does not send on it again); whatever is still open after graceMs is cut.
 */
export async function closeGracefully(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  startDraining(server);
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
