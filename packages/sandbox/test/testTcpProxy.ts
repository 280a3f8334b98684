import { connect } from 'node:net';
import { reopenableListener } from './reopenableListener';

/** A TCP proxy in front of PostgreSQL that a test can take down (every connection cut, new ones refused) and bring back. */
export interface TcpProxy {
  /** postgres://... through the proxy (same database, user and options as the target URL). */
  url: string;
  /** Cuts every connection at once (as a restart of PostgreSQL does) and refuses new ones until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 5432);
  const { port, down, up } = await reopenableListener((client, track) => {
    const upstream = connect(targetPort, target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).on('close', () => client.destroy());
    upstream.pipe(client).on('close', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    down,
    up,
    close: down,
  };
}
