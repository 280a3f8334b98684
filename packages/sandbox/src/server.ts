import { LOGIN_TRIES_WINDOW_MS, captchaUseKeepMs } from '@pasarela/core';
import type { GatewayNotifications, Gateways, ProvidedGateways, SandboxControls } from '@pasarela/gateways';
import { httpGateways } from './gateways/http/httpGateways';
import { simulatorNotifications } from './gateways/http/signedNotifications';
import { withProvidedGateways } from './gateways/gatewaysModule';
import { DEMO_WALLET_USER, lockSeededWalletUser } from './db/seed';
import { guardedGateways } from './gateways/guardedGateways';
import { receiveGatewayEvent } from './payments/receiveGatewayEvent';
import type { PayerWindows } from './Deps';
import { createApp } from './app';
import { longRunning, type Database } from './db/Database';
import { openDatabase } from './db/openDatabase';
import type { DatabaseLimits } from './db/postgresDatabase';
import { nodeIdentity, type NodeIdentity } from './db/nodeIdentity';
import type { PgliteImage } from './db/pgliteImage';
import { createDemoShop, listeningUrl } from './demoShop';
import { defaultPaths, type StaticPaths } from './paths';
import { httpCardVault, noCardVault } from './gateways/cardVault';
import { serviceHealth, SERVICE_HEALTH_TIMEOUT_MS, type ServiceHealth } from './gateways/http/httpTransport';
import { chargeDueSubscriptions } from './payments/chargeDueSubscription';
import { reconcileAttempts, unreachableAttempts } from './payments/reconcileAttempts';
import { reconcileHolds } from './payments/reconcileHolds';
import { SIMULATOR_PROCESSOR, type ProcessorNames } from './gateways/processors';
import { reconcileRefunds } from './payments/reconcileRefunds';
import { reconcilePayouts, runScheduledPayouts } from './payments/payouts';
import { runOnTimer } from './payments/runOnTimer';
import { deleteExpiredIdempotencyKeys } from './store/idempotencyKeys';
import { deleteOldEvents } from './store/merchantEvents';
import { deleteOldTestDeliveries } from './store/webhookEndpoints';
import { forgetLapsedLoginTries } from './store/users';
import { forgetLapsedWindowCounts } from './store/windowCounts';
import { forgetSpentCaptchaTokens } from './store/captchaUses';
import { forgetSpentCardTokens } from './store/cardTokenUses';
import { recordDeploymentSettings } from './store/deploymentSettings';
import { sharedSettingsChanges, sharedSettingsOf, sharedSettingsRefusal } from './ops/deploymentSettings';
import { pushServer } from './push/pushServer';
import { adminScopeOf } from './auth/adminAccess';
import { reachedFromBeyond } from './auth/nodeAdminToken';
import { openAdminRefusal, sourceOfUpgrade } from './auth/adminCors';
import { listenToTransactions } from './changes/transactionEvents';
import { listenToAdminChanges } from './changes/adminChanges';
import { DEFAULT_WEBHOOK_DELIVERY, webhookSender, type WebhookDeliverySettings } from './webhooks/deliverWebhooks';
import type { Server } from 'node:http';
import { startDraining } from '@pasarela/http-server';
import { closeGracefully, DEFAULT_HTTP_TIMEOUTS, listenHttp, type HttpTimeouts } from './http/httpServer';
import type { RateLimits } from './http/rateLimit';
import { isConnectionError } from './db/unavailable';
import type { ProxyTrust } from './http/clientAddress';
import { createLogger, errorFields, type Logger, type LogLevel } from './ops/logger';
import { Metrics, type DeliveryOutcome } from './ops/metrics';
import { DEFAULT_HOST, DEFAULT_EXPIRY_SWEEP_INTERVAL_MS, DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS, DEFAULT_WEBHOOK_INTERVAL_MS } from './settings';

const IDEMPOTENCY_SWEEP_INTERVAL_MS = 3_600_000;
/** Payouts stay once per merchant and period whatever the nodes do. */
const PAYOUT_INTERVAL_MS = 15 * 60_000;


const SIMULATED_ANSWER_INTERVAL_MS = 250;
export interface ServerOptions {
  /** Its name in the log and its session on the database (NODE_NAME's, db/nodeIdentity.ts); a new one when absent. */
  node?: NodeIdentity | undefined;
  /** HOST; loopback when absent. */
  host?: string | undefined;
  /** SANDBOX_ADMIN_TOKEN: the admin API and /sandbox/push want it. */
  adminToken?: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE; default: when nothing beyond this machine reaches the node (HOST, proxies, PUBLIC_URL). The deployment's: every node the same (ops/deploymentSettings.ts). */
  webhookAllowPrivate?: boolean | undefined;
  /** GATEWAYS_MODULE as given, recorded as the deployment's (its adapters come in `gateways`); the name of its processor when the module names none. */
  gatewaysModule?: string | undefined;
  /** RECORD_SHARED_SETTINGS: this node's shared settings replace the deployment's record (a deliberate change). */
  recordSharedSettings?: boolean | undefined;
  /** PAYMENT_CAPTCHA: false lets payments through without a captcha token. */
  paymentCaptcha?: boolean | undefined;
  port: number;
  demoPort: number;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  /** DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, DATABASE_KEEPALIVE_MS (PostgreSQL only). */
  databaseLimits?: DatabaseLimits | undefined;
  /** A migrated PGlite image to start from instead of running initdb (in memory only). */
  pgliteTemplate?: PgliteImage | undefined;
  wireEncoding: boolean;
  splashMs?: number | undefined;
  /** How often due subscriptions are charged (default 60 s); 0 turns the timer off. */
  subscriptionChargeIntervalMs?: number | undefined;
  /** How often lapsed cash, Nequi and Yappy payments are expired (default 5 s); 0 turns it off. */
  expirySweepIntervalMs?: number | undefined;
  /** How often due webhook deliveries are sent (default 1 s); 0 turns the sender off. */
  webhookIntervalMs?: number | undefined;
  webhookDelivery?: WebhookDeliverySettings | undefined;
  /** VAULT_URL: the card vault's API; unset, a typed card is answered 503 (docs/security.md "Card data"). */
  vaultUrl?: string | undefined;
  /** VAULT_API_SECRET. */
  vaultApiSecret?: string | undefined;
  /** PUBLIC_URL: the checkout's origin as payers and merchants reach it; default http://localhost:port. */
  publicUrl?: string | undefined;
  /** VAULT_PUBLIC_URL: the vault as payers' browsers reach it (its card fields); default vaultUrl. */
  vaultPublicUrl?: string | undefined;
  payerWindows?: PayerWindows | undefined;
  /** HOLD_RELEASE_AFTER_MS (Deps). */
  holdReleaseAfterMs?: number | undefined;
  /** SESSION_TTL_MS (Deps). */
  sessionTtlMs?: number | undefined;
  paths?: Partial<StaticPaths> | undefined;
  rateLimits?: RateLimits | undefined;
  trustedProxies?: ProxyTrust | undefined;
  http?: HttpTimeouts | undefined;
  /** SHUTDOWN_DRAIN_MS: /health at 503 this long first, so a load balancer takes the node out. */
  shutdownDrainMs?: number | undefined;
  /** JSON logs at this level on stdout; silent when neither this nor logger is given (tests). */
  logLevel?: LogLevel | undefined;
  logger?: Logger | undefined;
  metricsToken?: string | undefined;
  /** Serve the developer console at /sandbox/console (default on; SANDBOX_CONSOLE=off). */
  sandboxConsole?: boolean | undefined;
  /** PROCESSORS_URL: the simulator's service; required unless `gateways` gives every port. */
  processorsUrl?: string | undefined;
  /** SIMULATOR_API_SECRET, sent on every call to PROCESSORS_URL. */
  simulatorApiSecret?: string | undefined;
  /** SIMULATOR_NOTIFICATION_SECRET: signed notifications are taken; without it the node asks. */
  notificationSecret?: string | undefined;
  /** PROCESSORS_TIMEOUT_MS: the service's own limit on one call, when shorter than GATEWAY_DEADLINE_MS. */
  processorsTimeoutMs?: number | undefined;
  /** GATEWAYS_MODULE's adapters: the ports they give replace the simulator's. */
  gateways?: ProvidedGateways | undefined;
  /** Wraps the ports (the fault harness's node); none in production. */
  wrapGateways?: ((gateways: Gateways) => Gateways) | undefined;
}

export interface RunningServer {
  url: string;
  demoUrl: string;
  db: Database;
  gateways: Gateways;
  metrics: Metrics;
  /** True from the moment close() is called: /health answers 503. */
  readonly draining: boolean;
  /** /health at 503 while serving for drainMs; then finishes the requests in flight, stops timers and database. */
  close(options?: { drainMs?: number }): Promise<void>;
}

const PORTS: ReadonlyArray<keyof Gateways> = ['card', 'push', 'voucher', 'crypto', 'bank', 'payout'];

/** Why this server has no processor for some port (neither simulator nor a provider's adapters), else undefined. */
export function missingProcessors(options: Pick<ServerOptions, 'processorsUrl' | 'gateways'>): string | undefined {
  if (options.processorsUrl) return undefined;
  const missing = PORTS.filter((port) => !options.gateways?.gateways[port]);
  if (missing.length === 0) return undefined;
  return `PROCESSORS_URL is not set: the server reaches its processors over HTTP. Start the simulator (npm start starts one beside the server; npm run simulator runs one alone) and set PROCESSORS_URL to its URL, or give adapters for every port (GATEWAYS_MODULE; missing: ${missing.join(', ')}).`;
}

/** The processor behind each port: the module's for the ports it gives, else the simulator. */
export function processorNamesOf(options: Pick<ServerOptions, 'gateways' | 'gatewaysModule'>): ProcessorNames {
  const moduleName = options.gateways?.processor ?? options.gatewaysModule ?? 'GATEWAYS_MODULE';
  const nameOf = (port: keyof Gateways) => (options.gateways?.gateways[port] ? moduleName : SIMULATOR_PROCESSOR);
  return { card: nameOf('card'), push: nameOf('push'), voucher: nameOf('voucher'), crypto: nameOf('crypto'), bank: nameOf('bank'), payout: nameOf('payout') };
}

/**
 * WEBHOOK_ALLOW_PRIVATE as given; unset, private webhook targets are allowed only where nothing beyond
 * this machine reaches the node (a laptop's `npm start`): a loopback HOST behind a proxy on the same
 * machine, or reached by a public PUBLIC_URL, is a public deployment (reachedFromBeyond).
 */
export function privateWebhooksAllowed(options: Pick<ServerOptions, 'webhookAllowPrivate' | 'host' | 'trustedProxies' | 'publicUrl'>): boolean {
  return options.webhookAllowPrivate
    ?? reachedFromBeyond({ host: options.host ?? DEFAULT_HOST, trustedProxies: options.trustedProxies ?? 0, publicUrl: options.publicUrl }) === undefined;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // Said before anything opens: a server with no processor would take payments it cannot make.
  const missing = missingProcessors(options);
  if (missing) throw new Error(missing);
  if (options.processorsUrl && !options.simulatorApiSecret) throw new Error('SIMULATOR_API_SECRET is not set: the simulator at PROCESSORS_URL answers only a server holding its API secret (set the same on the simulator and every node).');
  const paths = { ...defaultPaths(), ...options.paths };
  const timeouts = options.http ?? DEFAULT_HTTP_TIMEOUTS;
  const node = options.node ?? nodeIdentity();
  const log = (options.logger ?? createLogger(options.logLevel ?? 'silent')).child({ node: node.name });
  const warn = (message: string) => log.warn(message);
  const db = await openDatabase({ databaseUrl: options.databaseUrl, databaseLimits: options.databaseLimits, dataDir: options.dataDir, pgliteTemplate: options.pgliteTemplate, migrationsDir: paths.migrationsDir, sessionName: node.session, warn, info: (message) => log.info(message) });
  const allowPrivateWebhooks = privateWebhooksAllowed(options);
  const processorsUrl = options.processorsUrl?.replace(/\/+$/, '');
  const simulatorHealth = processorsUrl ? () => serviceHealth(`${processorsUrl}/v1/health`, options.simulatorApiSecret ?? '', SERVICE_HEALTH_TIMEOUT_MS) : undefined;
  let simulatorAtStart: ServiceHealth | undefined;
  try {
    // Before anything runs: a node that disagrees with the deployment must not serve or deliver.
    const shared = sharedSettingsOf({ gatewaysModule: options.gatewaysModule, allowPrivateWebhooks, allowPrivateDefaulted: options.webhookAllowPrivate === undefined });
    const { recorded, before } = await recordDeploymentSettings(db, shared, db.sessionName, options.recordSharedSettings === true);
    const refusal = sharedSettingsRefusal(shared, recorded);
    if (refusal) throw new Error(refusal);
    const changes = sharedSettingsChanges(shared, before);
    if (changes.length > 0) log.warn({ changes }, 'RECORD_SHARED_SETTINGS: this node recorded its settings as the deployment\'s; start every other node with them');
    // Before anything serves: a simulator that refuses this node's secret would fail every payment it sends there.
    simulatorAtStart = await simulatorHealth?.();
    if (simulatorAtStart === 'secret_refused') throw new Error('The simulator at PROCESSORS_URL refuses this node\'s SIMULATOR_API_SECRET (401): set the same secret on the simulator and every node.');
  } catch (error) {
    await db.close();
    throw error;
  }
  if (options.gatewaysModule && (await lockSeededWalletUser(db))) {
    log.warn(`the seeded wallet user ${DEMO_WALLET_USER.login} takes no login: its password is published and its balance made up, and GATEWAYS_MODULE loads a provider's processors`);
  }
  const processors = processorNamesOf(options);
  // Attempts another node's processor must settle: said at start (and in /health), left for that node.
  const away = await unreachableAttempts(db, processors).catch(() => []);
  if (away.length > 0) log.warn({ processors, attempts: away }, `attempts wait for processors this node does not have (${[...new Set(away.map((a) => a.processor))].join(', ')}): only a node with that processor's module settles them`);
  const events = await listenToTransactions(db);
  const adminChanges = await listenToAdminChanges(db);
  const metrics = new Metrics();
  // Each node counts the payments it wrote itself, so the nodes' counters add up.
  events.on('change', (change) => {
    if (change.origin === db.sessionName) metrics.countPayment(change.method, change.authStatus);
  });
  let draining = false;
  const webhookDelivery = { ...(options.webhookDelivery ?? DEFAULT_WEBHOOK_DELIVERY), allowPrivateAddresses: options.webhookDelivery?.allowPrivateAddresses ?? allowPrivateWebhooks,
    countDelivery: (outcome: DeliveryOutcome) => metrics.countWebhookDelivery(outcome) };
  // Where payers and merchants reach this node's checkout: a deployment's load balancer (PUBLIC_URL), else this machine.
  const url = options.publicUrl ?? `http://localhost:${options.port}`;
  const demoUrl = `http://127.0.0.1:${options.demoPort}`;
  // The simulator's service, with a provider's adapters in place of the ports they give.
  const notificationSecret = options.processorsUrl ? options.notificationSecret : undefined;
  // The card vault: the server asks it a card's facts and sends typed cards' calls through it.
  const vault = options.vaultUrl && options.vaultApiSecret ? { url: options.vaultUrl, apiSecret: options.vaultApiSecret } : undefined;
  if (simulatorAtStart === 'unavailable') log.warn(`the simulator at PROCESSORS_URL did not answer its health check (GET /v1/health) with ok within ${SERVICE_HEALTH_TIMEOUT_MS} ms: its ports' payments fail until it does (GET /health says "simulator"), unless it is an older simulator, which has no such check (docs/operations.md "Upgrading")`);
  if (!vault) log.warn('VAULT_URL is not set: typed card payments and the wallet\'s add-card answer 503 (docs/security.md "Card data")');
  type Wired = { gateways: Gateways; sandbox: SandboxControls | undefined; notifications?: GatewayNotifications | undefined };
  const simulated = withProvidedGateways<Wired>(options.processorsUrl
    ? { ...httpGateways(options.processorsUrl, { apiSecret: options.simulatorApiSecret ?? '', notifyBase: notificationSecret ? `${url}/gateways` : undefined, maxWaitMs: options.processorsTimeoutMs, vault }), ...(notificationSecret ? { notifications: simulatorNotifications(notificationSecret) } : {}) }
    // missingProcessors above: every port is the provider's.
    : { gateways: options.gateways?.gateways as Gateways, sandbox: undefined }, options.gateways);
  // Each call held to its deadline by the server itself (guardedGateways.ts).
  const gateways = { ...simulated, gateways: guardedGateways(options.wrapGateways ? options.wrapGateways(simulated.gateways) : simulated.gateways) };
  const cardVault = vault ? httpCardVault(vault) : noCardVault;
  const app = createApp({
    gateways,
    db, cardVault, vaultPublicUrl: options.vaultPublicUrl ?? vault?.url, wireEncoding: options.wireEncoding, publicOrigin: url, demoOrigin: demoUrl, splashMs: options.splashMs, payerWindows: options.payerWindows, holdReleaseAfterMs: options.holdReleaseAfterMs, sessionTtlMs: options.sessionTtlMs, paths,
    logger: log, metrics, rateLimits: options.rateLimits, trustedProxies: options.trustedProxies, metricsToken: options.metricsToken,
    sandboxConsole: options.sandboxConsole, draining: () => draining, adminToken: options.adminToken,
    allowPrivateWebhooks,
    paymentCaptcha: options.paymentCaptcha !== false,
    processors,
    simulatorHealth,
    captcha: options.gateways?.captcha,
  });
  const shop = createDemoShop(paths.examplesDir, { checkoutOrigin: url, adminApiUrl: () => listeningUrl(checkout), adminToken: options.adminToken });
  const { adminToken } = options;
  // The admin socket opens as the admin API does; without a token, for the server's own pages only.
  const push = pushServer(db, events, adminChanges, async (token, req) =>
    adminToken === undefined && openAdminRefusal(sourceOfUpgrade(req), url) !== undefined ? undefined : adminScopeOf({ db }, adminToken, token ?? undefined));
  metrics.gauge('pasarela_push_sockets_open', 'Push-notification sockets open on this node.', push.openSockets);
  let checkout: Server | undefined;
  let demo: Server | undefined;
  try {
    checkout = await listenHttp(app.fetch, options.port, timeouts, options.host ?? DEFAULT_HOST);
    checkout.on('upgrade', push.onUpgrade);
    demo = await listenHttp(shop.fetch, options.demoPort, timeouts, options.host ?? DEFAULT_HOST);
  } catch (error) {
    if (checkout) await closeGracefully(checkout, 0);
    await events.close();
    await adminChanges.close();
    await db.close();
    // Which setting names the address it could not listen on (a host that does not resolve, a port taken).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL' || code === 'EADDRINUSE' || code === 'EACCES') {
      const port = checkout ? `DEMO_PORT ${options.demoPort}` : `PORT ${options.port}`;
      // Its code kept: a caller that picked a free port tries another when it was taken meanwhile.
      throw Object.assign(new Error(`Cannot listen on HOST ${options.host ?? DEFAULT_HOST} and ${port}: ${(error as Error).message}`, { cause: error }), { code });
    }
    throw error;
  }
  const servers = [checkout, demo];
  // A database outage is logged once (warn) and again on recovery, other failures every time; the timer goes on.
  const onTimer = (what: string, intervalMs: number, work: () => Promise<unknown>) => {
    let paused = false;
    return runOnTimer(
      intervalMs,
      async () => {
        await work();
        if (paused) log.info(`${what}: resumed`);
        paused = false;
      },
      (error) => {
        if (!isConnectionError(error)) return log.error(errorFields(error), `${what} failed`);
        if (!paused) log.warn(errorFields(error), `${what}: paused while the database is unavailable`);
        paused = true;
      },
    );
  };
  const stopCharging = onTimer('charging due subscriptions', options.subscriptionChargeIntervalMs ?? DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS, () => chargeDueSubscriptions({ db, gateways: gateways.gateways, processors, publicOrigin: url }));
  const stopAnswering = onTimer('simulated payers answering', SIMULATED_ANSWER_INTERVAL_MS, async () => gateways.sandbox?.answerDue((event) => receiveGatewayEvent({ db, gateways: gateways.gateways, metrics }, event).then(() => undefined)));
  // At start and on a timer: attempts left in doubt (a crash, a lost answer) and waits past their window, from what their gateway says.
  const reconcileIntervalMs = options.expirySweepIntervalMs ?? DEFAULT_EXPIRY_SWEEP_INTERVAL_MS;
  const reconcile = async () => {
    await reconcileAttempts({ db, gateways: gateways.gateways, processors, publicOrigin: url });
    await reconcileRefunds({ db, gateways: gateways.gateways, metrics });
    await reconcileHolds({ db, gateways: gateways.gateways, publicOrigin: url });
  };
  const stopReconciling = onTimer('reconciling attempts and refunds with their gateways', reconcileIntervalMs, reconcile);
  const reconciledAtStart = reconcileIntervalMs > 0 ? reconcile().catch((error: unknown) => log.warn(errorFields(error), 'reconciling attempts at start failed')) : Promise.resolve();
  // Every node sends; each event is claimed by one (claimDueWebhooks), and a restart resumes from the
  // table. A delivery that fails is logged as the timer's work is; its lease brings it back.
  const webhooks = webhookSender(db, webhookDelivery, (error) => {
    if (isConnectionError(error)) log.warn(errorFields(error), 'sending webhooks: a delivery\'s outcome waits for the database');
    else log.error(errorFields(error), 'sending webhooks failed');
  });
  const stopWebhookTimer = onTimer('sending webhooks', options.webhookIntervalMs ?? DEFAULT_WEBHOOK_INTERVAL_MS, () => webhooks.pump());
  const stopWebhooks = async () => {
    await stopWebhookTimer();
    await webhooks.stop();
  };
  const stopForgettingKeys = onTimer('forgetting expired idempotency keys', IDEMPOTENCY_SWEEP_INTERVAL_MS, () => deleteExpiredIdempotencyKeys(db));
  // Unless an endpoint still has to send them.
  // With them their deliveries; a test event's delivery has no event, so it goes by its own age.
  const stopForgettingEvents = onTimer('forgetting events past 30 days', IDEMPOTENCY_SWEEP_INTERVAL_MS, async () => {
    await deleteOldEvents(db);
    await deleteOldTestDeliveries(db);
  });
  // Login counts whose window and lock have passed (any login typed, an account's or not).
  const stopForgettingLoginTries = onTimer('forgetting lapsed login tries', LOGIN_TRIES_WINDOW_MS, () => forgetLapsedLoginTries(db, LOGIN_TRIES_WINDOW_MS));
  // Code tries and e-mail counts whose window has ended (any address written to).
  const stopForgettingWindowCounts = onTimer('forgetting lapsed code tries and e-mail counts', IDEMPOTENCY_SWEEP_INTERVAL_MS, () => forgetLapsedWindowCounts(db));
  // Spent captcha tokens once their service refuses them by age: only a captcha port that says how long its tokens live (the sandbox's never lapse).
  const captchaTokenLifeMs = options.gateways?.captcha?.tokenLifeMs;
  const stopForgettingCaptchaTokens = captchaTokenLifeMs === undefined
    ? async () => undefined
    : onTimer('forgetting spent captcha tokens', IDEMPOTENCY_SWEEP_INTERVAL_MS, () => forgetSpentCaptchaTokens(db, captchaUseKeepMs(captchaTokenLifeMs)));
  // Spent card tokens once no seal of theirs can be taken (store/cardTokenUses.ts).
  const stopForgettingCardTokens = onTimer('forgetting spent card tokens', IDEMPOTENCY_SWEEP_INTERVAL_MS, () => forgetSpentCardTokens(db));
  // The payouts' batch sums every merchant's available lines: its statements may rightly run past DATABASE_STATEMENT_TIMEOUT_MS.
  const batchDb = longRunning(db);
  const stopPayouts = onTimer('paying merchants out', PAYOUT_INTERVAL_MS, async () => {
    await runScheduledPayouts({ db: batchDb, gateways: gateways.gateways, metrics });
    await reconcilePayouts({ db: batchDb, gateways: gateways.gateways, metrics });
  });
  // The address each port bound (HOST and PORT), beside the public URL the balancer answers on.
  log.info({ url, demoUrl, address: boundAddress(checkout), demoAddress: boundAddress(demo), session: db.sessionName, database: db.kind }, 'listening');
  let closing: Promise<void> | undefined;
  return {
    url,
    demoUrl,
    db,
    gateways: gateways.gateways,
    metrics,
    get draining() {
      return draining;
    },
    close({ drainMs = options.shutdownDrainMs ?? 0 } = {}) {
      closing ??= (async () => {
        draining = true;
        if (drainMs > 0) {
          // The load balancer sees /health at 503 and stops sending; what it still sends is served,
          // and each answer closes its connection, so none is left idle to race the close below.
          for (const server of servers) startDraining(server);
          log.info({ drainMs }, 'draining: /health answers 503, still serving');
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        }
        const stopping = Promise.all(servers.map((server) => closeGracefully(server, timeouts.shutdownMs))).then((cut) => cut.flat());
        // Push sockets hold their connections open: a close frame sends their widgets to another node.
        await push.closeAll();
        const [cutRequests] = await Promise.all([stopping, stopCharging(), stopAnswering(), stopReconciling(), reconciledAtStart, stopWebhooks(), stopForgettingKeys(), stopForgettingEvents(), stopForgettingLoginTries(), stopForgettingWindowCounts(), stopForgettingCaptchaTokens(), stopForgettingCardTokens(), stopPayouts()]);
        // The CVC drops the last outcomes asked for, sent rather than left to the vault's time.
        await cardVault.close();
        await events.close();
        await adminChanges.close();
        await db.close();
        // The operator learns what the stop cost: each request cut past SHUTDOWN_TIMEOUT_MS, by its request id.
        if (cutRequests.length > 0) log.warn({ cutRequests: cutRequests.length, requests: cutRequests, shutdownMs: timeouts.shutdownMs }, `stopped: ${cutRequests.length} requests cut past SHUTDOWN_TIMEOUT_MS`);
        else log.info({ cutRequests: 0 }, 'stopped');
      })();
      return closing;
    },
  };
}

/** `host:port` as the server bound it (`127.0.0.1:4000`, `[::]:4000`). */
function boundAddress(server: Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') return String(address);
  return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
