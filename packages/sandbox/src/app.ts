import type { GatewayNotifications, Gateways, SandboxControls } from '@pasarela/gateways';
import { gatewayNotificationRoutes } from './routes/gateways/notifications';
import { NEQUI_PAY_WINDOW_MS, SANDBOX_CLIENT_KEY, YAPPY_PAY_WINDOW_MS } from '@pasarela/core';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { adminAccess, sameSecret } from './auth/adminAccess';
import { adminCors } from './auth/adminCors';
import { callerAuth } from './auth/callerAuth';
import type { Database } from './db/Database';
import type { Deps, PayerWindows } from './Deps';
import { ApiError } from './errors/ApiError';
import type { AppEnv } from './http/AppEnv';
import { requestLanguage } from './http/language';
import { serverTiming, timedCaptcha, timedDeps } from './http/serverTiming';
import { onError } from './http/onError';
import { widgetPrerender } from './http/prerender';
import { framingOf } from './http/widgetSecurity';
import { limitBody } from './http/limitBody';
import type { ProxyTrust } from './http/clientAddress';
import { refuseControlCharacters } from './http/refuseControlCharacters';
import { DEFAULT_RATE_LIMITS, rateLimiter, type RateLimits } from './http/rateLimit';
import { silentLogger, type Logger } from './ops/logger';
import { Metrics } from './ops/metrics';
import { boundedProbe, DEPENDENCY_HEALTH_BUDGET_MS } from './ops/boundedProbe';
import { requestLog } from './http/requestLog';
import { MAX_BODY_BYTES } from './http/readBody';
import { defaultPaths, type StaticPaths } from './paths';
import { SANDBOX_ENVIRONMENT } from './sandboxEnvironment';
import { accountRoutes } from './routes/payer/account';
import { activityRoutes } from './routes/payer/activity';
import { adminBookRoutes } from './routes/admin/adminBooks';
import { adminBrandRoutes } from './routes/admin/adminBrand';
import { adminCatalogRoutes } from './routes/admin/adminCatalog';
import { adminLinkRoutes } from './routes/admin/adminLinks';
import { adminListRoutes } from './routes/admin/adminLists';
import { adminSettleRoutes } from './routes/admin/adminSettle';
import { adminUserRoutes } from './routes/admin/adminUsers';
import { adminWebhookRoutes } from './routes/admin/adminWebhooks';
import { cardRoutes } from './routes/payer/cards';
import { cashRoutes } from './routes/payer/cash';
import { claveRoutes } from './routes/payer/clave';
import { clavePageRoutes, claveReturnRoutes } from './routes/pages/clavePage';
import { GATEWAY_RETURN_PATH } from './payments/bankPageReturn';
import { configRoutes } from './routes/payer/config';
import { consolePageRoutes } from './routes/admin/consolePage';
import { cryptoRoutes } from './routes/payer/crypto';
import { emailPaymentRoutes } from './routes/payer/emailPayments';
import { adminEmailPaymentRoutes } from './routes/admin/adminEmailPayments';
import { merchantRoutes } from './routes/payer/merchants';
import { adminRefundRoutes } from './routes/admin/adminRefunds';
import { MERCHANT_API_PREFIX, merchantApiRoutes, merchantApiVersion } from './routes/merchant/merchantApi';
import { paymentLinkRoutes } from './routes/payer/paymentLinks';
import { stationRoutes } from './routes/payer/stations';
import { campaignRoutes } from './routes/payer/campaigns';
import { nequiRoutes } from './routes/payer/nequi';
import { processRecordRoutes } from './routes/payer/processRecords';
import { paymentInfoRoutes } from './routes/payer/paymentInfo';
import { receiptRoutes } from './routes/payer/receipts';
import { recoveryRoutes } from './routes/payer/recovery';
import { subscriptionRoutes } from './routes/payer/subscriptions';
import { attemptRoutes } from './routes/payer/attempts';
import { pendingAttemptRoutes } from './routes/payer/pendingAttempt';
import { waitingPaymentRoutes } from './routes/payer/waitingPayment';
import { builtFileRoutes } from './routes/pages/builtFiles';
import { merchantLogoRoutes } from './routes/pages/merchantLogos';
import { LOGO_MAX_BYTES } from './brand/logoImage';
import { widgetPageRoutes } from './routes/pages/widgetPage';
import { firstScreenAnswers } from './routes/pages/firstScreen';
import { threeDsReturnRoutes, threeDsRoutes } from './routes/pages/threeDs';
import { translationRoutes } from './routes/payer/translations';
import { userRoutes } from './routes/payer/users';
import { validationRoutes } from './routes/payer/validation';
import { widgetMerchant } from './routes/pages/widgetMerchant';
import { unreachableAttempts } from './payments/reconcileAttempts';
import type { ProcessorNames } from './gateways/processors';
import type { CardVault } from './gateways/cardVault';
import type { ServiceHealth } from './gateways/http/httpTransport';
import { yappyRoutes } from './routes/payer/yappy';
import type { CaptchaVerifier } from '@pasarela/gateways';
import { sandboxCaptchaVerifier } from './payments/captchaVerdict';

export interface AppOptions {
  db: Database;
  /** The card vault (VAULT_URL); deps.cardVault. */
  cardVault: CardVault;
  /** VAULT_PUBLIC_URL: the vault's origin as payers' browsers load its card fields from. */
  vaultPublicUrl?: string | undefined;
  /** SPEC 7 encoding of response data (and of the widget's request bodies); off with WIRE_ENCODING=off. */
  wireEncoding: boolean;
  /** For absolute URLs (links, 3DS); else each request's own origin. */
  publicOrigin?: string | undefined;
  splashMs?: number | undefined;
  demoOrigin?: string | undefined;
  paths?: Partial<StaticPaths> | undefined;
  payerWindows?: PayerWindows | undefined;
  /** HOLD_RELEASE_AFTER_MS (Deps). */
  holdReleaseAfterMs?: number | undefined;
  /** SESSION_TTL_MS (Deps). */
  sessionTtlMs?: number | undefined;
  /** The one seam where a provider wires real processors (server.ts chooses the simulated ones). */
  gateways: { gateways: Gateways; sandbox: SandboxControls | undefined; notifications?: GatewayNotifications | undefined };
  logger?: Logger | undefined;
  metrics?: Metrics | undefined;
  rateLimits?: RateLimits | undefined;
  /** Load balancers in front that write X-Forwarded-For (TRUST_PROXY). */
  trustedProxies?: ProxyTrust | undefined;
  metricsToken?: string | undefined;
  sandboxConsole?: boolean | undefined;
  /** SANDBOX_ADMIN_TOKEN; undefined leaves the admin API open, which only a server on loopback does. */
  adminToken?: string | undefined;
  paymentCaptcha?: boolean | undefined;
  /** GATEWAYS_MODULE's captcha adapter; else the sandbox's verdict. */
  captcha?: CaptchaVerifier | undefined;
  allowPrivateWebhooks?: boolean | undefined;
  draining?: (() => boolean) | undefined;
  /** The processor behind each port (server.ts); recorded on attempts and shown by /health. */
  processors?: ProcessorNames | undefined;
  /** The simulator's `GET /v1/health` with this node's secret (PROCESSORS_URL); none without it. */
  simulatorHealth?: (() => Promise<ServiceHealth>) | undefined;
}

const LOGO_UPLOAD = /^\/(api\/v1\/merchant\/brand|sandbox\/merchants\/\d{1,9}\/brand)\/logo\/?$/;

/** The payer's old way back from the issuer's and bank's pages (now a redirect) and the console's shell. */
function isPayerPage(path: string): boolean {
  return /^\/sandbox\/(3ds|clave)\/[^/]+\/return$/.test(path) || path === '/sandbox/console' || path.startsWith('/sandbox/console/assets/');
}

async function databaseHealth(db: Database, timeoutMs = 2_000): Promise<'ok' | 'database_unavailable'> {
  // Its own connection where the database has one (PostgreSQL's ping): payments filling the pool do not make a busy node look down.
  if (db.ping) return (await db.ping(timeoutMs)) ? 'ok' : 'database_unavailable';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const ok = await Promise.race([db.query('select 1').then(() => true, () => false), late]);
  clearTimeout(timer);
  return ok ? 'ok' : 'database_unavailable';
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const paths = { ...defaultPaths(), ...options.paths };
  const wired = options.gateways;
  const metrics = options.metrics ?? new Metrics();
  const deps: Deps = timedDeps({
    metrics,
    db: options.db,
    gateways: wired.gateways,
    sandbox: wired.sandbox,
    cardVault: options.cardVault,
    vaultPublicUrl: options.vaultPublicUrl,
    publicOrigin: options.publicOrigin,
    payerWindows: options.payerWindows ?? { nequiMs: NEQUI_PAY_WINDOW_MS, yappyMs: YAPPY_PAY_WINDOW_MS },
    captchaRequired: options.paymentCaptcha !== false,
    allowPrivateWebhooks: options.allowPrivateWebhooks === true,
    holdReleaseAfterMs: options.holdReleaseAfterMs,
    sessionTtlMs: options.sessionTtlMs,
    processors: options.processors,
    // A provider's captcha service is a call outside the node, timed apart; the sandbox's verdict is the node's own work.
    captcha: options.captcha ? timedCaptcha(options.captcha) : sandboxCaptchaVerifier(),
    logger: options.logger,
  });
  const app = new Hono<AppEnv>();
  const trustedProxies = options.trustedProxies ?? 0;
  app.onError(onError);
  app.use('*', requestLog(options.logger ?? silentLogger, metrics, trustedProxies));
  app.use('*', serverTiming());
  // PRODUCT.md counts the widget's first load as a browser downloads it: gzip when it asks.
  app.use('*', compress());
  app.use('*', async (c, next) => {
    // The wire encoding is for the network: the server's own in-process calls read plain data.
    c.set('wireEncoding', options.wireEncoding && c.env?.inProcess !== true);
    c.set('userId', undefined);
    c.set('caller', undefined);
    c.set('lang', requestLanguage(c.req.query('lang'), c.req.header('accept-language')));
    await next();
  });
  // Refusals below included (docs/merchant-api.md "Versions").
  app.use(`${MERCHANT_API_PREFIX}/*`, merchantApiVersion());
  // Before any route, so an unread body is drained too; a logo upload has its own limit (brand/logoImage.ts).
  const anyBody = limitBody(MAX_BODY_BYTES);
  const logoBody = limitBody(LOGO_MAX_BYTES);
  app.use('*', (c, next) => (c.req.method === 'POST' && LOGO_UPLOAD.test(c.req.path) ? logoBody : anyBody)(c, next));

  // A NUL or another control character in the path or query is bad input, before it reaches SQL.
  app.use('*', refuseControlCharacters());
  const api = new Hono<AppEnv>();
  // Before the key check: a flood is turned away for the price of a map lookup.
  api.use('*', rateLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS, trustedProxies, (bucket) => metrics.countRateLimited(bucket)).middleware);
  api.use('*', callerAuth(SANDBOX_ENVIRONMENT));
  api.route('/', translationRoutes());
  api.route('/', configRoutes());
  api.route('/', paymentInfoRoutes(deps));
  api.route('/', merchantRoutes(deps));
  api.route('/', cardRoutes(deps));
  api.route('/', receiptRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', recoveryRoutes(deps));
  api.route('/', accountRoutes(deps));
  const more = [paymentLinkRoutes, stationRoutes, campaignRoutes, subscriptionRoutes, activityRoutes, processRecordRoutes, nequiRoutes, yappyRoutes, cashRoutes, claveRoutes, cryptoRoutes, validationRoutes, emailPaymentRoutes, attemptRoutes, pendingAttemptRoutes, waitingPaymentRoutes];
  for (const routes of more) api.route('/', routes(deps));
  api.all('*', () => {
    throw new ApiError(404, 'not_found', 'No such call');
  });

  const admin = new Hono<AppEnv>();
  if (options.sandboxConsole !== false) admin.route('/', consolePageRoutes(paths.consoleDist));
  // Without a token its own pages only (no CORS); with one, any origin that sends it (auth/adminCors.ts).
  admin.use('*', adminCors({ adminToken: options.adminToken, publicOrigin: options.publicOrigin, open: isPayerPage }));
  admin.use('*', adminAccess(deps, options.adminToken, isPayerPage));
  // Before the link routes: GET /transactions/recent, not GET /transactions.
  admin.route('/', adminListRoutes(deps));
  admin.route('/', adminLinkRoutes(deps));
  admin.route('/', threeDsRoutes(deps));
  admin.route('/', adminUserRoutes(deps));
  admin.route('/', clavePageRoutes(deps));
  admin.route('/', adminSettleRoutes(deps));
  admin.route('/', adminRefundRoutes(deps));
  admin.route('/', adminBrandRoutes(deps));
  admin.route('/', adminBookRoutes(deps));
  admin.route('/', adminCatalogRoutes(deps));
  admin.route('/', adminWebhookRoutes(deps));
  admin.route('/', adminEmailPaymentRoutes(deps));
  admin.all('*', () => {
    throw new ApiError(404, 'not_found', 'No such admin call');
  });

  // Within 2 s, for the load balancer: the database's check up to that, the vault's and the simulator's
  // within DEPENDENCY_HEALTH_BUDGET_MS (one hung is said unavailable, and the node answers).
  const cardVaultHealth = boundedProbe(() => options.cardVault.health(), DEPENDENCY_HEALTH_BUDGET_MS, 'unavailable' as const);
  const simulatorHealth = options.simulatorHealth ? boundedProbe(options.simulatorHealth, DEPENDENCY_HEALTH_BUDGET_MS, 'unavailable' as const) : undefined;
  app.get('/health', async (c) => {
    const checked = options.draining?.() === true ? 'draining' : await databaseHealth(options.db);
    // Draining is the stop going as it should: its 503 is logged at info (a lost database, at warn).
    if (checked === 'draining') c.set('failureMeant', true);
    // An outage of the database, which the balancer must see: one warning per probe, naming it.
    else if (checked !== 'ok') c.set('dependencyDown', { code: checked, cause: 'The database did not answer this node\'s check' });
    if (checked !== 'ok') return c.json({ status: checked }, 503, { 'cache-control': 'no-store', 'retry-after': '2' });
    // The card vault away takes typed cards only: every other method works, so the node stays in the
    // balancer (200) and says it is degraded. The nodes share one vault: a 503 would take them all out.
    // So does a simulator away or refusing this node's secret: the ports it serves fail, and the nodes share it.
    const [cardVault, simulator] = await Promise.all([cardVaultHealth(), simulatorHealth?.() ?? 'not_set']);
    const status = (cardVault === 'ok' || cardVault === 'not_set') && (simulator === 'ok' || simulator === 'not_set') ? 'ok' : 'degraded';
    // Attempts only another node can settle (their processor is not this node's): told, not a failure of this node.
    const processors = options.processors;
    // Each processor and method counted up to a cap, so a probe's cost never grows with the attempts waiting.
    const told = processors ? { processors, attemptsForOtherProcessors: (await unreachableAttempts(options.db, processors).catch(() => undefined)) ?? null } : {};
    return c.json({ status, cardVault, simulator, ...told }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/metrics', (c) => {
    // Compared in constant time, as every secret.
    if (options.metricsToken && !sameSecret(c.req.header('authorization') ?? '', `Bearer ${options.metricsToken}`)) throw new ApiError(401, 'unauthorized', 'GET /metrics wants Authorization: Bearer <METRICS_TOKEN>');
    return c.body(metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' });
  });
  app.route('/gateways', gatewayNotificationRoutes(deps, wired.notifications ?? {}));
  // Reached by the codOper alone; settles what the processor decided.
  app.route(GATEWAY_RETURN_PATH, threeDsReturnRoutes(deps));
  app.route(GATEWAY_RETURN_PATH, claveReturnRoutes(deps));
  // Before /api/v1: a merchant's server sends its secret key, not the widget's client key.
  app.route(MERCHANT_API_PREFIX, merchantApiRoutes(deps));
  app.route('/api/v1', api);
  app.route('/sandbox', admin);
  const framingFor = async (path: string, params: URLSearchParams) =>
    framingOf(await widgetMerchant(options.db, path, params), options.demoOrigin, options.publicOrigin);
  const firstScreen = firstScreenAnswers((url, init) => app.request(url, init, { inProcess: true }), { clientKey: SANDBOX_CLIENT_KEY });
  const prerender = widgetPrerender(paths.widgetDist, options.logger ?? silentLogger);
  app.route('/', merchantLogoRoutes(deps));
  app.route('/', builtFileRoutes(paths));
  app.route('/', widgetPageRoutes(paths, { wireEncoding: options.wireEncoding, splashMs: options.splashMs, framing: framingFor, firstScreen, prerender, vaultUrl: options.vaultPublicUrl }));
  return app;
}
