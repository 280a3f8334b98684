import { connect, createServer, type Socket } from 'node:net';
import { request } from 'node:http';

/**
 * A TCP load balancer on 127.0.0.1 in front of several HTTP nodes (card vault nodes), as a deployment
 * runs one: it asks each node's GET /health every checkMs and sends each new connection to the next
 * node whose last check answered 200 (any node when none did). A connection it cannot open to the
 * node it chose is closed to the client, as a balancer without retries does.
 */
export interface TestBalancer {
  url: string;
  close(): Promise<void>;
}

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request(`${url}/health`, { agent: false, timeout: 500 }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    probe.on('error', () => resolve(false));
    probe.on('timeout', () => probe.destroy());
    probe.end();
  });
}

export async function startTestBalancer(nodes: readonly string[], checkMs = 50): Promise<TestBalancer> {
  const up = new Map(nodes.map((node) => [node, true]));
  const checker = setInterval(() => {
    for (const node of nodes) void healthy(node).then((ok) => up.set(node, ok));
  }, checkMs);
  let next = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((client) => {
    const routed = nodes.filter((node) => up.get(node));
    const choices = routed.length > 0 ? routed : nodes;
    const target = new URL(choices[next++ % choices.length]!);
    const upstream = connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      clearInterval(checker);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
