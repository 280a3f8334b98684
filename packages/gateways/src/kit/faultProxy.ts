import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the proxy does to the calls that reach it while the fault is set. `cut` and `badGateway`
 * send the call on to the processor first (it acts) and then lose its answer: the connection
 * closed, or a 502 with an HTML page as a load balancer answers. `writesOnly` spares reads (GET,
 * HEAD), so an adapter's look-up before a write passes. `refuse` closes every connection before the
 * processor hears of it; `unavailable` answers every call with that 502 page without sending it on;
 * `hold` sends the call on and never answers.
 */
export type NetworkFault =
  | { kind: 'hold' }
  | { kind: 'refuse' }
  | { kind: 'unavailable' }
  | { kind: 'cut' | 'badGateway'; times: number; writesOnly?: boolean | undefined };

/** One call that reached the proxy while the fault was set, and when (ms since the epoch). */
export interface SeenCall {
  method: string;
  path: string;
  at: number;
}

export interface FaultProxy {
  /** The proxy's base URL: the processor's with the proxy's origin (its path kept). */
  url: string;
  upstream: string;
  /** Calls seen since the last `set`, refused connections included. */
  readonly seen: readonly SeenCall[];
  set(fault: NetworkFault | undefined): void;
  stop(): Promise<void>;
}

const BAD_GATEWAY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>\n';
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
const badGateway = (outgoing: ServerResponse) => void outgoing.writeHead(502, { 'content-type': 'text/html' }).end(BAD_GATEWAY_PAGE);

/** A plain HTTP proxy on 127.0.0.1 in front of the processor's base URL, so the faults reach any HTTP client an adapter uses. */
export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  let fault: NetworkFault | undefined;
  let seen: SeenCall[] = [];
  const sockets = new Set<Socket>();

  /** The fault this call gets: a counted one is spent by the call it hits. */
  function faultFor(method: string): NetworkFault | undefined {
    if (!fault || ((fault.kind === 'cut' || fault.kind === 'badGateway') && ((fault.writesOnly && !isWrite(method)) || fault.times <= 0))) return undefined;
    if (fault.kind === 'cut' || fault.kind === 'badGateway') fault.times -= 1;
    return fault;
  }

  function forward(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, now: NetworkFault | undefined): void {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: target.host };
    const sent = send({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        if (now?.kind === 'hold') return; // never answered; the adapter's deadline ends the wait
        if (now?.kind === 'cut') return void incoming.socket.destroy();
        if (now?.kind === 'badGateway') return badGateway(outgoing);
        const { connection: _c, 'transfer-encoding': _t, ...kept } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, kept).end(Buffer.concat(chunks));
      });
    });
    sent.on('error', () => incoming.socket.destroy());
    sent.end(body);
  }

  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET';
    seen.push({ method, path: incoming.url ?? '/', at: Date.now() });
    if (fault?.kind === 'refuse') return void incoming.socket.destroy();
    if (fault?.kind === 'unavailable') return void incoming.resume().on('end', () => badGateway(outgoing));
    const now = faultFor(method);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), now));
  });
  server.on('connection', (socket: Socket) => {
    if (fault?.kind === 'refuse') {
      seen.push({ method: '', path: '', at: Date.now() });
      return void socket.destroy();
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const path = target.pathname.replace(/\/+$/, '');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    upstream,
    get seen() {
      return seen;
    },
    set(next) {
      fault = next && { ...next };
      seen = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
