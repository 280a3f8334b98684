import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';

export interface DrainingServerOptions {
  /** How long an idle keep-alive connection stays open. */
  keepAliveMs: number;
  /** Node answers 408 and closes past these (0 or absent: Node's defaults). */
  headersTimeoutMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
  /**
   * What answers a request that comes after the stop closed the listener, on a kept-alive connection
   * not yet closed (it raced the close): instead of the listener, so that work begun past that point
   * can be refused in words the client reads as "not started" (the card vault's 503). Its answer
   * closes the connection. Absent: such a request is served as any other.
   */
  afterStop?: RequestListener | undefined;
}

/** The answers each server is still writing, with their requests: told to close their connection when a stop begins, named when cut. */
const inHand = new WeakMap<Server, Map<ServerResponse, IncomingMessage>>();
/** The servers that are stopping: each answer closes its connection, so no next request is sent on it. */
const draining = new WeakSet<Server>();
/** The servers whose listener is closed: a request they read now came on a connection kept from before. */
const stopped = new WeakSet<Server>();

/** A server (not yet listening) whose answers in hand are known, so that `closeGracefully` can let them finish. */
export function drainingServer(listener: RequestListener, options: DrainingServerOptions): Server {
  const answers = new Map<ServerResponse, IncomingMessage>();
  const timeouts = options.headersTimeoutMs !== undefined && options.requestTimeoutMs !== undefined
    ? {
        headersTimeout: options.headersTimeoutMs,
        requestTimeout: options.requestTimeoutMs,
        // Node's default of 30 s between checks is too coarse for short time-outs.
        connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(options.headersTimeoutMs || 1_000, options.requestTimeoutMs || 1_000) / 4))),
      }
    : {};
  const server: Server = createServer(timeouts, (req, res) => {
    if (draining.has(server)) res.setHeader('connection', 'close');
    answers.set(res, req);
    res.once('close', () => answers.delete(res));
    if (options.afterStop && stopped.has(server)) options.afterStop(req, res);
    else listener(req, res);
  });
  inHand.set(server, answers);
  server.keepAliveTimeout = options.keepAliveMs;
  return server;
}

/** From now on every answer closes its connection, those in hand included (unless their headers are out). */
export function startDraining(server: Server): void {
  draining.add(server);
  for (const res of inHand.get(server)?.keys() ?? []) {
    if (!res.headersSent) res.setHeader('connection', 'close');
  }
}

/**
 * A stop: no new connection; idle connections close at once, busy ones as their answer goes out
 * (`Connection: close`, then idle: closed within 25 ms, before a next request is sent on them); what
 * still runs after graceMs is cut. Answers the requests it cut.
 */
export async function closeGracefully(server: Server, graceMs: number): Promise<IncomingMessage[]> {
  if (!server.listening) return [];
  startDraining(server);
  let cut: IncomingMessage[] = [];
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  stopped.add(server);
  const idle = setInterval(() => server.closeIdleConnections(), 25);
  const deadline = setTimeout(() => {
    cut = [...(inHand.get(server)?.values() ?? [])];
    server.closeAllConnections();
  }, graceMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(deadline);
  }
  return cut;
}
