import type { PayerWindows } from './Deps';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { Database } from './db/Database';
import { openDatabase } from './db/openDatabase';
import { createDemoShop } from './demoShop';
import { defaultPaths, type StaticPaths } from './paths';
import { chargeDueOnTimer } from './payments/chargeDueOnTimer';
import { pushServer } from './push/pushServer';
import { DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS } from './settings';

export interface ServerOptions {
  port: number;
  demoPort: number;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  wireEncoding: boolean;
  splashMs?: number | undefined;
  /** How often due subscriptions are charged (default 60 s); 0 turns the timer off. */
  subscriptionChargeIntervalMs?: number | undefined;
  payerWindows?: PayerWindows | undefined;
  paths?: Partial<StaticPaths> | undefined;
}

export interface RunningServer {
  url: string;
  demoUrl: string;
  db: Database;
  close(): Promise<void>;
}

function listen(fetch: (req: Request) => Response | Promise<Response>, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port }, () => resolve(server));
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets would hold close() open; the process is going away anyway.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** Starts the checkout origin on port and the demo shop on demoPort. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const paths = { ...defaultPaths(), ...options.paths };
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, migrationsDir: paths.migrationsDir });
  const url = `http://localhost:${options.port}`;
  const demoUrl = `http://127.0.0.1:${options.demoPort}`;
  const app = createApp({ db, wireEncoding: options.wireEncoding, publicOrigin: url, demoOrigin: demoUrl, splashMs: options.splashMs, payerWindows: options.payerWindows, paths });
  const shop = createDemoShop(paths.examplesDir, url);
  const push = pushServer(db);
  let checkout: ServerType | undefined;
  let demo: ServerType | undefined;
  try {
    checkout = await listen(app.fetch, options.port);
    checkout.on('upgrade', push.onUpgrade);
    demo = await listen(shop.fetch, options.demoPort);
  } catch (error) {
    if (checkout) await closeServer(checkout);
    await db.close();
    throw error;
  }
  const servers = [checkout, demo];
  const stopCharging = chargeDueOnTimer({ db }, options.subscriptionChargeIntervalMs ?? DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS);
  return {
    url,
    demoUrl,
    db,
    async close() {
      await stopCharging();
      push.closeAll();
      await Promise.all(servers.map(closeServer));
      await db.close();
    },
  };
}
