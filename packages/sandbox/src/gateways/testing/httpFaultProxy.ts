import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What happens to the next request through the proxy: `hold` (taken, never sent on nor answered),
 * `reset` (the connection reset as it arrives), `lost_answer` (sent on, the processor acts, and the
 * connection is cut as its answer comes back, then `onCut`), `delay` (sent on `ms` later).
 */
export type NetworkFault = { kind: 'hold' } | { kind: 'reset' } | { kind: 'lost_answer'; onCut?: () => void } | { kind: 'delay'; ms: number };

const REQUEST_START = /^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) /;

/**
 * A TCP proxy between the server and a processor (as db/testTcpProxy.ts sits before PostgreSQL)
 * whose faults are planned per HTTP request: a kept-alive connection carries several requests, so
 * each one that starts takes the next planned fault. `down()` cuts every connection and refuses
 * new ones (a processor that is away); `up()` takes them again. Tests only.
 */
export async function startHttpFaultProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const planned: NetworkFault[] = [];
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };

  const onConnection = (client: Socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    let cutOnAnswer: (() => void) | undefined;
    let holding = false;
    let queue = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      if (cutOnAnswer) {
        client.destroy();
        upstream.destroy();
        cutOnAnswer();
        return;
      }
      client.write(chunk);
    });
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => {
      const fault = REQUEST_START.test(chunk.toString('latin1', 0, 8)) ? planned.shift() : undefined;
      if (fault?.kind === 'hold') holding = true;
      if (holding) return;
      if (fault?.kind === 'reset') {
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      if (fault?.kind === 'lost_answer') cutOnAnswer = fault.onCut ?? (() => undefined);
      const wait = fault?.kind === 'delay' ? fault.ms : 0;
      queue = queue.then(() => (wait ? new Promise((r) => setTimeout(r, wait)) : undefined)).then(() => void upstream.write(chunk));
    });
  };

  const listen = () => new Promise<void>((resolve, reject) => {
    const s = createServer(onConnection);
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      const address = s.address();
      port = typeof address === 'object' && address ? address.port : 0;
      server = s;
      resolve();
    });
  });
  const down = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    /** The next request meets `fault`. */
    plan: (fault: NetworkFault) => void planned.push(fault),
    /** Forgets the faults planned and not met yet. */
    clear: () => void planned.splice(0),
    down,
    up: () => (server ? Promise.resolve() : listen()),
    close: down,
  };
}
