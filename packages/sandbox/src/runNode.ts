// A sandbox node as `npm start` (main.ts) and the fault harness (test/faultNode.ts) run it.
import { nodeAdminToken } from './auth/nodeAdminToken';
import { startBanner } from './banner';
import { createLogger, errorFields, type Logger } from './ops/logger';
import { nodeIdentity } from './db/nodeIdentity';
import { logFormatOf, readableDestination, type LogFormat } from './ops/readableLog';
import { startServer, type ServerOptions } from './server';
import { loadGatewaysModule } from '@pasarela/gateways';
import { NODE_NAME_PATTERN, readSettings } from './settings';

/** Where a node's lines go and what it reads: the process's own, or a test's. */
export interface NodeProcess {
  env: NodeJS.ProcessEnv;
  /** stdout is a terminal: LOG_FORMAT's default is then pretty. */
  isTerminal: boolean;
  /** Where the log's lines go; unset, stdout. */
  out?: { write(text: string): unknown } | undefined;
  exit(code: number): void;
}

const thisProcess = (): NodeProcess => ({ env: process.env, isTerminal: process.stdout.isTTY === true, exit: (code) => process.exit(code) });

function loggerIn(format: LogFormat, level: Parameters<typeof createLogger>[0], out: NodeProcess['out']): Logger {
  // A person at a terminal reads lines; a collector (a pipe, a file, a container) gets JSON.
  if (format === 'pretty') return createLogger(level, readableDestination(out));
  return createLogger(level, out ? { write: (line: string) => void out.write(line) } : undefined);
}

/** The node's log as far as its start got (its settings read, its name given), for a refusal to be one of its lines. */
interface StartedLog {
  nodeLog?: Logger;
}

async function run(wiring: Pick<ServerOptions, 'wrapGateways'>, io: NodeProcess, started: StartedLog): Promise<void> {
  const settings = readSettings(io.env);
  const format = logFormatOf(io.env['LOG_FORMAT'], io.isTerminal);
  const log = loggerIn(format, settings.logLevel, io.out);
  // Named before anything is logged, so every line of this process says which node wrote it.
  const node = nodeIdentity(settings.nodeName);
  const nodeLog = log.child({ node: node.name });
  started.nodeLog = nodeLog;
  // Reached from beyond the machine (HOST, a proxy, PUBLIC_URL) the admin API is never open: without SANDBOX_ADMIN_TOKEN a token is made up for this node.
  const { adminToken, madeUp } = nodeAdminToken(settings);
  const { env } = io;
  const simulatorApiSecret = env['SIMULATOR_API_SECRET'] || undefined;
  const notificationSecret = env['SIMULATOR_NOTIFICATION_SECRET'] || undefined;
  const modulePath = env['GATEWAYS_MODULE'] || undefined;
  const recordShared = (env['RECORD_SHARED_SETTINGS'] ?? '').trim();
  if (!['', '0', '1'].includes(recordShared)) throw new Error('RECORD_SHARED_SETTINGS must be 1 or 0');
  const origin = settings.publicUrl ?? `http://localhost:${settings.port}`;
  const gateways = modulePath ? await loadGatewaysModule(modulePath, { notificationUrl: (port) => `${origin}/gateways/${port}/notifications` }) : undefined;
  if (modulePath && gateways) nodeLog.info({ module: modulePath, ports: Object.keys(gateways.gateways) }, 'gateways module loaded');
  const server = await startServer({ ...settings, ...wiring, node, adminToken, logger: log, simulatorApiSecret, notificationSecret, gateways, gatewaysModule: modulePath, recordSharedSettings: recordShared === '1' });
  const { databaseUrl, dataDir } = settings;
  const database = databaseUrl ? `PostgreSQL (DATABASE_URL)` : `PGlite in ${dataDir}`;
  console.log(startBanner({ url: server.url, demoUrl: server.demoUrl, database, console: settings.sandboxConsole, providerProcessors: modulePath !== undefined, paymentCaptcha: settings.paymentCaptcha, host: settings.host, adminToken: madeUp?.token, tokenReason: madeUp?.reason, tokenSet: settings.adminToken !== undefined }));

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

/**
 * A start refused (a database a newer release migrated, a port taken, a setting refused) is the node's
 * last line, at fatal, with its `node` (docs/operations.md "Logs"): JSON for a collector, a readable
 * line in a terminal. Refused before the node has its log (its settings unread), the line is written
 * as the log would: LOG_FORMAT's format (else the terminal's rule), NODE_NAME when it is one, else a
 * session name.
 */
export function logStartRefusal(error: unknown, io: NodeProcess, nodeLog?: Logger): void {
  const reason = error instanceof Error ? error.message : String(error);
  (nodeLog ?? refusalLog(io)).fatal(reason);
}

function refusalLog(io: NodeProcess): Logger {
  let format: LogFormat;
  try {
    format = logFormatOf(io.env['LOG_FORMAT'], io.isTerminal);
  } catch {
    format = io.isTerminal ? 'pretty' : 'json';
  }
  const given = (io.env['NODE_NAME'] ?? '').trim();
  const name = NODE_NAME_PATTERN.test(given) ? given : nodeIdentity().name;
  return loggerIn(format, 'info', io.out).child({ node: name });
}

export function startNode(wiring: Pick<ServerOptions, 'wrapGateways'> = {}, io: NodeProcess = thisProcess()): Promise<void> {
  const started: StartedLog = {};
  return run(wiring, io, started).catch((error: unknown) => {
    // A port taken or a HOST that does not resolve: the message names the setting (server.ts).
    logStartRefusal(error, io, started.nodeLog);
    io.exit(1);
  });
}
