import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { simulatedGateways } from '../../sandbox/src/gateways/simulator/simulatedGateways';
import { memoryBooks } from './memoryBooks';
import { simulatorApi } from './simulatorApi';

export interface SimulatorOptions {
  /** 0 (the default): a free port the system picks. */
  port?: number | undefined;
  host?: string | undefined;
  /** Where the books are journaled (a file); in memory only when absent. */
  journal?: string | undefined;
}

export interface RunningSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The simulated processors as a service: their HTTP API on their own port, their own books. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const books = memoryBooks({ journal: options.journal });
  const app = simulatorApi(simulatedGateways(books));
  const server: Server = createServer(getRequestListener(app.fetch));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
