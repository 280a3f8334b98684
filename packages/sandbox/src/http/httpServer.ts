import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  shutdownMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, shutdownMs: 10_000 };

/** Node answers 408 and closes past headersMs or requestMs; idle keep-alive connections close after keepAliveMs. */
export function listenHttp(fetch: Parameters<typeof getRequestListener>[0], port: number, timeouts: HttpTimeouts, host?: string): Promise<Server> {
  const listener = getRequestListener(fetch);
  const server: Server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node's default of 30 s is too coarse for short timeouts.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(timeouts.headersMs || 1_000, timeouts.requestMs || 1_000) / 4))),
    },
    (req, res) => {
      // A stopping node closes each connection after its answer, so the client's next request goes to another node.
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

export function startDraining(server: Server): void {
  draining.add(server);
}

/** Idle connections close at once, busy ones after their answer (`Connection: close`); the rest is cut after graceMs. */
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
