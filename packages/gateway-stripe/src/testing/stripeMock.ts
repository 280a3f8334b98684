import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface RunningStripeMock {
  url: string;
  stop(): Promise<void>;
}

/** Its records live in the module, shared by every start in one process: tests tell their charges apart by their own keys. */
export async function startStripeMock(): Promise<RunningStripeMock> {
  (require('loglevel') as { setLevel(level: string): void }).setLevel('silent');
  const { createExpressApp } = require('stripe-stateful-mock') as { createExpressApp(): Parameters<typeof createServer>[1] };
  const server = createServer(createExpressApp());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => close(server) };
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
