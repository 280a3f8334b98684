import { connect, type Socket } from 'node:net';
import { reopenableListener } from '../reopenableListener';

/**
 * `hold`: never sent on; `hold_answer`: the processor acts, its answer kept from the caller;
 * `reset` on arrival; `lost_answer`: cut as the answer comes back; `delay`: sent `ms` later.
 */
export type NetworkFault =
  | { kind: 'hold' }
  | { kind: 'hold_answer'; onAnswer?: () => void }
  | { kind: 'reset' }
  | { kind: 'lost_answer'; onCut?: () => void }
  | { kind: 'delay'; ms: number };

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export type RequestMatch = (request: ProxiedRequest) => boolean;

const HEAD_END = Buffer.from('\r\n\r\n');

function readRequest(bytes: Buffer): { request: ProxiedRequest; length: number } | undefined {
  const end = bytes.indexOf(HEAD_END);
  if (end < 0) return undefined;
  const [requestLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = end + HEAD_END.length + Number(headers['content-length'] ?? 0);
  if (bytes.length < length) return undefined;
  const [method = '', path = ''] = requestLine.split(' ');
  return { request: { method, path, headers, body: bytes.toString('utf8', end + HEAD_END.length, length) }, length };
}

/**
 * A TCP proxy before a processor whose faults are planned per HTTP request (read whole; a kept-alive
 * connection carries several), each met once by the first match: payments at once meet their own.
 * `down()` cuts every connection and refuses new ones; `up()` takes them again.
 */
export async function startHttpFaultProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const planned: Array<{ fault: NetworkFault; match: RequestMatch }> = [];
  const take = (request: ProxiedRequest): NetworkFault | undefined => {
    const index = planned.findIndex((p) => p.match(request));
    return index < 0 ? undefined : planned.splice(index, 1)[0]?.fault;
  };

  const onConnection = (client: Socket, track: (socket: Socket) => void) => {
    const upstream = connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    let answer: { kind: 'cut'; then: () => void } | { kind: 'keep'; then: () => void } | undefined;
    let holding = false;
    let unread = Buffer.alloc(0);
    let queue = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      if (answer?.kind === 'cut') {
        client.destroy();
        upstream.destroy();
        answer.then();
        return;
      }
      if (answer?.kind === 'keep') {
        const { then } = answer;
        answer = { kind: 'keep', then: () => undefined };
        then();
        return;
      }
      client.write(chunk);
    });
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => {
      if (holding) return;
      unread = Buffer.concat([unread, chunk]);
      for (let read = readRequest(unread); read; read = readRequest(unread)) {
        const bytes = unread.subarray(0, read.length);
        unread = unread.subarray(read.length);
        const fault = take(read.request);
        if (fault?.kind === 'hold') {
          holding = true;
          return;
        }
        if (fault?.kind === 'reset') {
          client.resetAndDestroy();
          upstream.destroy();
          return;
        }
        if (fault?.kind === 'lost_answer') answer = { kind: 'cut', then: fault.onCut ?? (() => undefined) };
        if (fault?.kind === 'hold_answer') answer = { kind: 'keep', then: fault.onAnswer ?? (() => undefined) };
        const wait = fault?.kind === 'delay' ? fault.ms : 0;
        queue = queue.then(() => (wait ? new Promise((r) => setTimeout(r, wait)) : undefined)).then(() => void upstream.write(bytes));
      }
    });
  };

  const { port, down, up } = await reopenableListener(onConnection);
  return {
    url: `http://127.0.0.1:${port}`,
    plan: (fault: NetworkFault, match: RequestMatch = () => true) => {
      const entry = { fault, match };
      planned.push(entry);
      return { met: () => !planned.includes(entry) };
    },
    pending: () => planned.length,
    clear: () => void planned.splice(0),
    down,
    up,
    close: down,
  };
}

export type HttpFaultProxy = Awaited<ReturnType<typeof startHttpFaultProxy>>;
