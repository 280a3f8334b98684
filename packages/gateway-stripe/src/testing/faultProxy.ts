import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { close } from './stripeMock';

/**
 * What the proxy does to one request: pass it, send it on and lose Stripe's answer (cut the connection,
 * or hold it), cut it before Stripe hears of it (Stripe away), or answer it as a stopping card vault
 * answers a call it read after it stopped listening, sending it nowhere (`not-started`: 503
 * `Vault-Not-Started: 1`, the connection closed), or as the vault's forwarding answers when Stripe
 * does not (`vault-unreachable`: `502 {"code":"processor_unreachable"}`) or refuses its connection
 * (`vault-refused-connection`: `502 {"code":"processor_refused_connection"}`).
 */
export type Fault = 'pass' | 'cut-answer' | 'hold-answer' | 'refuse' | 'not-started' | 'vault-unreachable' | 'vault-refused-connection';

export interface FaultProxy {
  url: string;
  plan(choose: Chooser): void;
  readonly forwarded: string[];
  /** Each request as it came, `METHOD /path`, with the number of the connection it came on (1, 2, ...). */
  readonly received: Array<{ call: string; connection: number }>;
  stop(): Promise<void>;
}

type Chooser = (method: string, path: string, body: string) => Fault;

/** An HTTP proxy between the adapter and the fake Stripe that loses answers on purpose. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let choose: Chooser = () => 'pass';
  const forwarded: string[] = [];
  const received: Array<{ call: string; connection: number }> = [];
  const connections = new WeakMap<object, number>();
  let connectionCount = 0;
  const server = createServer((incoming, outgoing) => {
    if (!connections.has(incoming.socket)) connections.set(incoming.socket, ++connectionCount);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const method = incoming.method ?? 'GET';
      const path = incoming.url ?? '/';
      const fault = choose(method, path.split('?')[0] ?? path, Buffer.concat(chunks).toString('utf8'));
      received.push({ call: `${method} ${path}`, connection: connections.get(incoming.socket) ?? 0 });
      if (fault === 'refuse') return incoming.socket.destroy();
      if (fault === 'not-started') {
        // The card vault's own refusal (packages/vault/src/startVault.ts).
        outgoing.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close', 'vault-not-started': '1' });
        return outgoing.end(JSON.stringify({ code: 'vault_stopping', message: 'The card vault is stopping: nothing was done for this call; send it again on a new connection' }));
      }
      if (fault === 'vault-unreachable' || fault === 'vault-refused-connection') {
        // The card vault's forwarding answering for Stripe (packages/vault/src/vaultApi.ts refusedForward).
        const [code, why] = fault === 'vault-unreachable' ? ['processor_unreachable', 'ETIMEDOUT'] : ['processor_refused_connection', 'ECONNREFUSED'];
        const message = `The processor at https://api.stripe.com did not answer (${why})`;
        outgoing.writeHead(502, { 'content-type': 'application/json' });
        return outgoing.end(JSON.stringify({ code, message, error: { type: 'invalid_request_error', code, message } }));
      }
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
    received,
    stop: () => close(server),
  };
}
