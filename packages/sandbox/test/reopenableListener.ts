import { createServer, type Server, type Socket } from 'node:net';

/**
 * A test's TCP listener on 127.0.0.1 that can be taken down (every connection it tracks cut, new
 * ones refused) and brought up again on the same port: what the proxies in front of PostgreSQL
 * (testTcpProxy.ts) and of the processors (gateways/httpFaultProxy.ts) share.
 */
export async function reopenableListener(onConnection: (client: Socket, track: (socket: Socket) => void) => void) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const listen = () => new Promise<void>((resolve, reject) => {
    const s = createServer((client) => onConnection(client, track));
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
    port,
    /** Cuts every tracked connection at once and refuses new ones until up(). */
    down,
    up: () => (server ? Promise.resolve() : listen()),
  };
}
