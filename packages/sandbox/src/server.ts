import type { PayerWindows } from './Deps';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { Database } from './db/Database';
import { openDatabase } from './db/openDatabase';
import { createDemoShop } from './demoShop';
import { defaultPaths, type StaticPaths } from './paths';
import { cardFingerprintKeyOf } from './payments/cardFingerprintKey';
import { chargeDueOnTimer } from './payments/chargeDueOnTimer';
import { expireLapsedPayments } from './payments/expireLapsedPayments';
import { runOnTimer } from './payments/runOnTimer';
import { pushServer } from './push/pushServer';
import { listenToTransactions } from './push/transactionEvents';
import { DEFAULT_EXPIRY_SWEEP_INTERVAL_MS, DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS } from './settings';

export interface ServerOptions {
  port: number;
  demoPort: number;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  wireEncoding: boolean;
  splashMs?: number | undefined;
  /** How often due subscriptions are charged (default 60 s); 0 turns the timer off. */
  subscriptionChargeIntervalMs?: number | undefined;
  /** How often lapsed cash, Nequi and Yappy payments are expired (default 5 s); 0 turns it off. */
  expirySweepIntervalMs?: number | undefined;
  /** CARD_FINGERPRINT_KEY; else the key kept in the database. */
  cardFingerprintKey?: string | undefined;
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
  const { key: cardFingerprintKey } = await cardFingerprintKeyOf(db, options.cardFingerprintKey).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const events = await listenToTransactions(db);
  const url = `http://localhost:${options.port}`;
  const demoUrl = `http://127.0.0.1:${options.demoPort}`;
  const app = createApp({ db, cardFingerprintKey, wireEncoding: options.wireEncoding, publicOrigin: url, demoOrigin: demoUrl, splashMs: options.splashMs, payerWindows: options.payerWindows, paths });
  const shop = createDemoShop(paths.examplesDir, url);
  const push = pushServer(db, events);
  let checkout: ServerType | undefined;
  let demo: ServerType | undefined;
  try {
    checkout = await listen(app.fetch, options.port);
    checkout.on('upgrade', push.onUpgrade);
    demo = await listen(shop.fetch, options.demoPort);
  } catch (error) {
    if (checkout) await closeServer(checkout);
    await events.close();
    await db.close();
    throw error;
  }
  const servers = [checkout, demo];
  const stopCharging = chargeDueOnTimer({ db }, options.subscriptionChargeIntervalMs ?? DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS);
  const stopExpiring = runOnTimer(options.expirySweepIntervalMs ?? DEFAULT_EXPIRY_SWEEP_INTERVAL_MS, () => expireLapsedPayments(db), (error) =>
    console.error('[sandbox] expiring lapsed payments failed:', error instanceof Error ? error.message : String(error)));
  return {
    url,
    demoUrl,
    db,
    async close() {
      await Promise.all([stopCharging(), stopExpiring()]);
      await push.closeAll();
      await Promise.all(servers.map(closeServer));
      await events.close();
      await db.close();
    },
  };
}
