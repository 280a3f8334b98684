import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isNotStartedRefusal, VAULT_NOT_STARTED_HEADER } from '@pasarela/core';

/**
 * An idle connection is kept 4 s, well within what the card vault and the simulator keep one (65 s)
 * and a load balancer's usual 60 s; the most recent one is used first, so the others close idle.
 */
const KEPT = { keepAlive: true, timeout: 4_000, scheduling: 'lifo' } as const;
const agents = { http: new HttpAgent(KEPT), https: new HttpsAgent(KEPT) };

/** A Response with one of these statuses has no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function headersOf(init: RequestInit): OutgoingHttpHeaders {
  const given = init.headers;
  if (given === undefined) return {};
  if (given instanceof Headers || Array.isArray(given)) return Object.fromEntries(new Headers(given));
  return { ...given };
}

/**
 * The gateways' calls (a processor's API through the card vault's forwarding, the vault's own API)
 * over Node's HTTP client on kept-alive connections, in fetch's shape: the answer as a Response, read
 * whole (theirs are small JSON); a time-out or an abort rejects with the signal's reason; a refused
 * connection with its `ECONNREFUSED` code. Node's fetch took 330-360 µs of CPU a call against 100 µs
 * here, Response included (a loopback JSON POST, 4 at once).
 *
 * A kept-alive connection the other side closed as the call went out is the one failure sent again,
 * once, on a new connection (Node's documented case, `request.reusedSocket`): most often it closed
 * the connection idle and never read the call. But a server that stops cuts its connections in use
 * as well, after it may have passed the call on (a card vault forwarding to the processor); so when
 * the call sent again fails too, the answer is the first connection's reset, a call that may have
 * been read, and never the second one's refusal, which the clients read as a call never sent. Every
 * call sent again carries the idempotency key of the first.
 *
 * A stopping card vault refuses a call it read after it closed its listener with `503` and
 * `Vault-Not-Started: 1`: nothing was done for it. That call is sent again, once, on a connection of
 * its own (a balancer sends it to another vault node); its answer is the call's, whatever it is.
 */
export function httpSend(input: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`Not an HTTP address: ${url.protocol}`));
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') return Promise.reject(new TypeError('Only a text body is sent'));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const body = typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : null;
  const headers = headersOf(init);
  if (body) headers['content-length'] = String(body.length);
  const https = url.protocol === 'https:';
  const options = { method: init.method ?? 'GET', headers, agent: https ? agents.https : agents.http };

  return new Promise<Response>((resolve, reject) => {
    let outgoing: ClientRequest;
    const onAbort = () => outgoing.destroy(signal?.reason instanceof Error ? signal.reason : new Error(String(signal?.reason)));
    const settle = () => signal?.removeEventListener('abort', onAbort);
    let sentAgainNotStarted = false;
    const send = (cutBefore: NodeJS.ErrnoException | null, ownConnection = false) => {
      let answered = false;
      outgoing = (https ? httpsRequest : httpRequest)(url, ownConnection ? { ...options, agent: false } : options, (answer: IncomingMessage) => {
        answered = true;
        if (isNotStartedRefusal(answer.statusCode ?? 0, answer.headers[VAULT_NOT_STARTED_HEADER]) && !sentAgainNotStarted && !signal?.aborted) {
          sentAgainNotStarted = true;
          answer.resume();
          send(null, true);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', (error) => {
          settle();
          reject(error);
        });
        answer.on('end', () => {
          settle();
          const status = answer.statusCode ?? 502;
          const answeredHeaders: [string, string][] = [];
          for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) answeredHeaders.push([answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string]);
          resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, statusText: answer.statusMessage ?? '', headers: answeredHeaders }));
        });
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (cutBefore === null && !answered && outgoing.reusedSocket && error.code === 'ECONNRESET' && !signal?.aborted) return send(error);
        settle();
        reject(cutBefore !== null && !signal?.aborted ? cutBefore : error);
      });
      outgoing.end(body ?? undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    send(null);
  });
}

/** The card vault and the simulator answer their health checks at once; the node's /health waits for them DEPENDENCY_HEALTH_BUDGET_MS (ops/boundedProbe.ts), the check going on to this in the background. */
export const SERVICE_HEALTH_TIMEOUT_MS = 1_000;

/** 'secret_refused': the service answers, but not to this node's secret (a secret changed on one side only). */
export type ServiceHealth = 'ok' | 'unavailable' | 'secret_refused';

/**
 * A service's health as this node reaches it with its secret (the card vault's and the simulator's
 * `GET /v1/health`), within timeoutMs; never throws.
 */
export async function serviceHealth(url: string, apiSecret: string, timeoutMs: number, send: (input: string, init: RequestInit) => Promise<Response> = httpSend): Promise<ServiceHealth> {
  try {
    const answer = await send(url, { headers: { authorization: `Bearer ${apiSecret}` }, signal: AbortSignal.timeout(timeoutMs) });
    await answer.body?.cancel();
    return answer.ok ? 'ok' : answer.status === 401 ? 'secret_refused' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}
