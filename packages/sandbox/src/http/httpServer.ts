import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  shutdownMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, shutdownMs: 10_000 };

/** A request a stop cut past its grace: what the log names it by (never its query string). */
export interface CutRequest {
  method: string;
  path: string;
  requestId: string | null;
}

/** The answers each server is still writing, so a stop can close their connections and name the ones it cuts. */
const inFlight = new WeakMap<Server, Map<ServerResponse, IncomingMessage>>();
/** The app's request id of each request (requestLog), for the cut ones' log line. */
const requestIds = new WeakMap<IncomingMessage, string>();

export function noteRequestId(incoming: IncomingMessage, requestId: string): void {
  requestIds.set(incoming, requestId);
}

/** Node answers 408 and closes past headersMs or requestMs; idle keep-alive connections close after keepAliveMs. */
export function listenHttp(fetch: Parameters<typeof getRequestListener>[0], port: number, timeouts: HttpTimeouts, host?: string): Promise<Server> {
  const listener = getRequestListener(fetch);
  const answers = new Map<ServerResponse, IncomingMessage>();
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
      answers.set(res, req);
      res.once('close', () => answers.delete(res));
      return listener(req, res);
    },
  );
  inFlight.set(server, answers);
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

/** From now on every answer closes its connection, those already in flight included (unless their headers are out). */
export function startDraining(server: Server): void {
  draining.add(server);
  for (const res of inFlight.get(server)?.keys() ?? []) {
    if (!res.headersSent) res.setHeader('connection', 'close');
  }
}

function cutRequestsOf(server: Server): CutRequest[] {
  return [...(inFlight.get(server)?.entries() ?? [])].map(([, req]) => ({
    method: req.method ?? '',
    path: (req.url ?? '').split('?')[0] ?? '',
    requestId: requestIds.get(req) ?? null,
  }));
}

/**
 * Idle connections close at once, busy ones after their answer (`Connection: close`); the rest is cut
 * after graceMs. Answers the requests it cut.
 */
export async function closeGracefully(server: Server, graceMs: number): Promise<CutRequest[]> {
  if (!server.listening) return [];
  startDraining(server);
  let cutRequests: CutRequest[] = [];
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 25);
  const cut = setTimeout(() => {
    cutRequests = cutRequestsOf(server);
    server.closeAllConnections();
  }, graceMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
  return cutRequests;
}
