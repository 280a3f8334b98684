import type { IncomingMessage, Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { closeGracefully as closeServer, drainingServer } from '@pasarela/http-server';
import { loggedPath } from './loggedPath';

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

/** The app's request id of each request (requestLog), for the cut ones' log line. */
const requestIds = new WeakMap<IncomingMessage, string>();

export function noteRequestId(incoming: IncomingMessage, requestId: string): void {
  requestIds.set(incoming, requestId);
}

/** Node answers 408 and closes past headersMs or requestMs; idle keep-alive connections close after keepAliveMs. */
export function listenHttp(fetch: Parameters<typeof getRequestListener>[0], port: number, timeouts: HttpTimeouts, host?: string): Promise<Server> {
  const server = drainingServer(getRequestListener(fetch), {
    keepAliveMs: timeouts.keepAliveMs,
    headersTimeoutMs: timeouts.headersMs,
    requestTimeoutMs: timeouts.requestMs,
  });
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

/**
 * Idle connections close at once, busy ones after their answer (`Connection: close`); the rest is cut
 * after graceMs. Answers the requests it cut, as the log names them.
 */
export async function closeGracefully(server: Server, graceMs: number): Promise<CutRequest[]> {
  return (await closeServer(server, graceMs)).map((req) => ({
    method: req.method ?? '',
    path: loggedPath((req.url ?? '').split('?')[0] ?? ''),
    requestId: requestIds.get(req) ?? null,
  }));
}
