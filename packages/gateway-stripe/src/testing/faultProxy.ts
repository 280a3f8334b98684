import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { close } from './stripeMock';

/** What the proxy does to one request: pass it, send it on and lose Stripe's answer (cut the connection, or hold it), or cut it before Stripe hears of it (Stripe away). */
export type Fault = 'pass' | 'cut-answer' | 'hold-answer' | 'refuse';

export interface FaultProxy {
  url: string;
  plan(choose: Chooser): void;
  readonly forwarded: string[];
  stop(): Promise<void>;
}

type Chooser = (method: string, path: string, body: string) => Fault;

/** An HTTP proxy between the adapter and the fake Stripe that loses answers on purpose. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let choose: Chooser = () => 'pass';
  const forwarded: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const method = incoming.method ?? 'GET';
      const path = incoming.url ?? '/';
      const fault = choose(method, path.split('?')[0] ?? path, Buffer.concat(chunks).toString('utf8'));
      if (fault === 'refuse') return incoming.socket.destroy();
      forwarded.push(`${method} ${path}`);
      const { host: _host, ...headers } = incoming.headers;
      const sent = request({ host: upstream.hostname, port: upstream.port, method, path, headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          if (fault === 'cut-answer') return outgoing.socket?.destroy();
          if (fault === 'hold-answer') return; // kept until the proxy stops
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
        });
      });
      sent.on('error', () => outgoing.socket?.destroy());
      sent.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plan: (next) => {
      choose = next;
    },
    forwarded,
    stop: () => close(server),
  };
}
