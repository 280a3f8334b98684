// A sandbox node as `npm start` (main.ts) and the fault harness (test/faultNode.ts) run it.
import { nodeAdminToken } from './auth/nodeAdminToken';
import { startBanner } from './banner';
import { createLogger, errorFields } from './ops/logger';
import { nodeIdentity } from './db/nodeIdentity';
import { logFormatOf, readableDestination } from './ops/readableLog';
import { startServer, type ServerOptions } from './server';
import { loadGatewaysModule } from '@pasarela/gateways';
import { readSettings } from './settings';

async function run(wiring: Pick<ServerOptions, 'wrapGateways'>): Promise<void> {
  const settings = readSettings(process.env);
  // A person at a terminal reads lines; a collector (a pipe, a file, a container) gets JSON.
  const format = logFormatOf(process.env['LOG_FORMAT'], process.stdout.isTTY === true);
  const log = createLogger(settings.logLevel, format === 'pretty' ? readableDestination() : undefined);
  // Named before anything is logged, so every line of this process says which node wrote it.
  const node = nodeIdentity(settings.nodeName);
  const nodeLog = log.child({ node: node.name });
  // Reached from beyond the machine (HOST, a proxy, PUBLIC_URL) the admin API is never open: without SANDBOX_ADMIN_TOKEN a token is made up for this node.
  const { adminToken, madeUp } = nodeAdminToken(settings);
  const simulatorApiSecret = process.env['SIMULATOR_API_SECRET'] || undefined;
  const notificationSecret = process.env['SIMULATOR_NOTIFICATION_SECRET'] || undefined;
  const processorsTimeoutMs = process.env['PROCESSORS_TIMEOUT_MS'] ? Number(process.env['PROCESSORS_TIMEOUT_MS']) : undefined;
  if (processorsTimeoutMs !== undefined && !(Number.isInteger(processorsTimeoutMs) && processorsTimeoutMs > 0)) throw new Error('PROCESSORS_TIMEOUT_MS must be a whole number of milliseconds above 0');
  const modulePath = process.env['GATEWAYS_MODULE'] || undefined;
  const recordShared = (process.env['RECORD_SHARED_SETTINGS'] ?? '').trim();
  if (!['', '0', '1'].includes(recordShared)) throw new Error('RECORD_SHARED_SETTINGS must be 1 or 0');
  const origin = settings.publicUrl ?? `http://localhost:${settings.port}`;
  const gateways = modulePath ? await loadGatewaysModule(modulePath, { notificationUrl: (port) => `${origin}/gateways/${port}/notifications` }) : undefined;
  if (modulePath && gateways) nodeLog.info({ module: modulePath, ports: Object.keys(gateways.gateways) }, 'gateways module loaded');
  const server = await startServer({ ...settings, ...wiring, node, adminToken, logger: log, simulatorApiSecret, notificationSecret, processorsTimeoutMs, gateways, gatewaysModule: modulePath, recordSharedSettings: recordShared === '1' });
  const { databaseUrl, dataDir } = settings;
  const database = databaseUrl ? `PostgreSQL (DATABASE_URL)` : `PGlite in ${dataDir}`;
  console.log(startBanner({ url: server.url, demoUrl: server.demoUrl, database, console: settings.sandboxConsole, providerProcessors: modulePath !== undefined, host: settings.host, adminToken: madeUp?.token, tokenReason: madeUp?.reason, tokenSet: settings.adminToken !== undefined }));

  // Logged, and the node goes on serving (every payment's state is in the database); the net under a new source.
  process.on('unhandledRejection', (reason: unknown) => nodeLog.error(errorFields(reason), 'unhandled rejection'));

  let closing = false;
  const stop = (signal: string) => {
    if (closing) {
      // A second signal: the operator does not want to wait for requests in flight.
      nodeLog.warn({ signal }, 'stopping now');
      process.exit(1);
    }
    closing = true;
    // SIGTERM comes from an orchestrator with a load balancer to warn (SHUTDOWN_DRAIN_MS); SIGINT is
    // a person at a terminal (Ctrl+C), who has no load balancer to wait for.
    const drainMs = signal === 'SIGTERM' ? settings.shutdownDrainMs : 0;
    nodeLog.info({ signal, drainMs, graceMs: settings.http.shutdownMs }, 'stopping: finishing requests in flight');
    server.close({ drainMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        nodeLog.error(errorFields(error), 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

export function startNode(wiring: Pick<ServerOptions, 'wrapGateways'> = {}): void {
  run(wiring).catch((error: unknown) => {
    // A port taken or a HOST that does not resolve: the message names the setting (server.ts).
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
