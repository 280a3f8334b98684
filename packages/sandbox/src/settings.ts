import { resolve } from 'node:path';
import { NEQUI_PAY_WINDOW_MS, YAPPY_PAY_WINDOW_MS } from '@pasarela/core';
import { DEFAULT_HOLD_RELEASE_AFTER_MS } from './Deps';
import { DEFAULT_SESSION_TTL_MS } from './auth/sessions';
import { isProxyEntry, type ProxyTrust } from './http/clientAddress';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http/httpServer';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rateLimit';
import { LOG_LEVELS, type LogLevel } from './ops/logger';
import { DEFAULT_DATABASE_LIMITS, DEFAULT_POOL_SIZE, MAX_POOL_SIZE, type DatabaseLimits } from './db/postgresDatabase';

/** Reachable from this machine only: the admin API needs no token there (PRODUCT.md's zero-setup `npm start`). */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS = 60_000;
export const DEFAULT_EXPIRY_SWEEP_INTERVAL_MS = 5_000;
export const DEFAULT_WEBHOOK_INTERVAL_MS = 1_000;

/** How long a node keeps serving after SIGTERM with /health at 503, for the load balancer to notice. */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;
/** Card processors let an uncaptured authorization lapse after about 7 days: a hold is released before. */
const MAX_HOLD_RELEASE_AFTER_MS = 7 * 86_400_000 - 3_600_000;
const MIN_HOLD_RELEASE_AFTER_MS = 60_000;

export interface Settings {
  host: string;
  /** NODE_NAME: this node's name in its log lines (and its session's application_name); unset, its session's. */
  nodeName: string | undefined;
  /** SANDBOX_ADMIN_TOKEN: unset on loopback leaves the admin API and console open. */
  adminToken: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE; unset, the server's default (server.ts privateWebhooksAllowed), which it records as a default. */
  webhookAllowPrivate: boolean | undefined;
  /**
   * PAYMENT_CAPTCHA (default 1): 0 lets payments without a captcha token through (a load test); a sent
   * token is verified either way. One merchant turns it off with captchaRequired.
   */
  paymentCaptcha: boolean;
  port: number;
  /**
   * PUBLIC_URL: the checkout's origin as payers and merchants reach it (a load balancer's), in links,
   * e-mails and the SDK's address; default http://localhost:PORT.
   */
  publicUrl: string | undefined;
  demoPort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, DATABASE_KEEPALIVE_MS, DATABASE_POOL_SIZE. */
  databaseLimits: DatabaseLimits;
  wireEncoding: boolean;
  splashMs: number | undefined;
  subscriptionChargeIntervalMs: number;
  /** 0 leaves expiry to the payments' status calls. */
  expirySweepIntervalMs: number;
  webhookIntervalMs: number;
  /** SPEC 9's 5 minutes for Yappy; shorter for tests. */
  payerWindows: { nequiMs: number; yappyMs: number };
  /** SESSION_TTL_MS: how long a wallet login lasts, a minute to 30 days (auth/sessions.ts). */
  sessionTtlMs: number;
  /** HOLD_RELEASE_AFTER_MS: a manual payment's hold not captured by then is released (under the processors' 7 days). */
  holdReleaseAfterMs: number;
  /** VAULT_URL: the card vault's API as this server reaches it; unset, card payments answer 503 (docs/security.md "Card data"). */
  vaultUrl: string | undefined;
  /** VAULT_API_SECRET: sent to the vault on every call (its facts of a card, its forwarding). Never logged. */
  vaultApiSecret: string | undefined;
  /** VAULT_PUBLIC_URL: the vault's origin as payers' browsers reach it (its card fields); default VAULT_URL. */
  vaultPublicUrl: string | undefined;
  /** PROCESSORS_URL: a simulator already running, reached over HTTP; unset, `npm start` starts one. */
  processorsUrl: string | undefined;
  /** PROCESSORS_TIMEOUT_MS: the processors' service's own limit on one call, when shorter than the call's deadline; unset, none. */
  processorsTimeoutMs: number | undefined;
  rateLimits: RateLimits;
  /** TRUSTED_PROXIES (the load balancers' addresses), else TRUST_PROXY (a count; 0 trusts none). */
  trustedProxies: ProxyTrust;
  http: HttpTimeouts;
  shutdownDrainMs: number;
  logLevel: LogLevel;
  metricsToken: string | undefined;
  sandboxConsole: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `unit` follows the range in the refusal, which names the range the setting takes: "from 60000 to ...
 * milliseconds (a minute to 30 days)". Digits alone: `1e3`, `0x10` or ` 5000 ` is a typo, not a number.
 * With `off`, 0 is taken too (the setting's "off"), below the range.
 */
function whole(env: Env, name: string, fallback: number, max: number, { min = 0, unit = '', off = false }: { min?: number; unit?: string; off?: boolean } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (off && value === 0) return 0;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`${name} must be ${off ? '0 (off) or ' : ''}a whole number from ${min} to ${max}${unit}, got ${JSON.stringify(raw)}`);
  return value;
}

/** A timer's interval: 0 turns it off; below a tenth of a second it would run its sweep all the time. */
const MIN_TIMER_INTERVAL_MS = 100;

function intervalMs(env: Env, name: string, fallback: number, max: number): number {
  return whole(env, name, fallback, max, { min: MIN_TIMER_INTERVAL_MS, unit: ' milliseconds', off: true });
}

/** Below a second every processor call would be in doubt before the processor could answer. */
const MIN_PROCESSORS_TIMEOUT_MS = 1_000;

function proxyTrustOf(env: Env): readonly string[] | undefined {
  const entries = (env['TRUSTED_PROXIES'] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (entries.length === 0) return undefined;
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (bad !== undefined) throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDRs, got ${JSON.stringify(bad)}`);
  return entries;
}

function flag(env: Env, name: string): boolean | undefined {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return undefined;
  if (['1', 'on', 'true'].includes(raw)) return true;
  if (['0', 'off', 'false'].includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0, got ${JSON.stringify(env[name])}`);
}

function logLevelOf(raw: string | undefined): LogLevel {
  const value = (raw ?? '').trim().toLowerCase() || 'info';
  const level = LOG_LEVELS.find((l) => l === value);
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(raw)}`);
  return level;
}

function httpUrlOf(env: Env, name: string): string | undefined {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  return raw.replace(/\/+$/, '');
}

/** An origin alone: links are made by adding paths to it. */
function originOf(env: Env, name: string): string | undefined {
  const url = httpUrlOf(env, name);
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  if (parsed.origin !== url) throw new Error(`${name} must be an origin such as https://pay.example.com, with no path, query or credentials`);
  return url;
}

/** NEQUI_WAIT_MS, YAPPY_WAIT_MS: SPEC 9's 5 minutes for Yappy (Nequi's 2), shortened for tests, never to nothing. */
const MIN_PAYER_WINDOW_MS = 1_000;

const MIN_SESSION_TTL_MS = 60_000;
const MAX_SESSION_TTL_MS = 30 * 86_400_000;

/** Checked as a URL at start; the message never repeats it, which may hold a password. */
function databaseUrlOf(env: Env): string | undefined {
  const raw = (env['DATABASE_URL'] ?? '').trim();
  if (raw === '') return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') throw new Error('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database');
  return raw;
}

/** The card vault's settings: its URL and secret together, or neither. */
function vaultOf(env: Env): Pick<Settings, 'vaultUrl' | 'vaultApiSecret' | 'vaultPublicUrl'> {
  const vaultUrl = httpUrlOf(env, 'VAULT_URL');
  const vaultApiSecret = env['VAULT_API_SECRET'] || undefined;
  // The messages name the variables, never a value.
  if (vaultUrl && !vaultApiSecret) throw new Error('VAULT_API_SECRET must be set with VAULT_URL: the vault answers only a server holding its API secret');
  if (vaultApiSecret && !vaultUrl) throw new Error('VAULT_URL must be set with VAULT_API_SECRET');
  // The vault derives its seal's key from it: a short one is guessed.
  if (vaultApiSecret && vaultApiSecret.length < 16) throw new Error('VAULT_API_SECRET must be at least 16 characters (try: openssl rand -hex 32)');
  return { vaultUrl, vaultApiSecret, vaultPublicUrl: httpUrlOf(env, 'VAULT_PUBLIC_URL') ?? vaultUrl };
}

/** The environment's settings; README's settings table says what each does and its default. */
/** At most 32 safe characters: it goes into every log line and into application_name (63 bytes at most). */
export const NODE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

function nodeNameOf(env: Env): string | undefined {
  const raw = env['NODE_NAME'] ?? '';
  const name = raw.trim();
  if (name === '') return undefined;
  if (!NODE_NAME_PATTERN.test(name)) throw new Error(`NODE_NAME must be 1 to 32 letters, digits, ".", "_" or "-", starting with a letter or digit (such as web-1), got ${JSON.stringify(raw)}`);
  return name;
}

/**
 * Trimmed, as a header's value is: a secret mounted from a file with its newline would otherwise be
 * a token no scrape can send. Blank but not empty is refused, not taken for unset (metrics open).
 */
function metricsTokenOf(env: Env): string | undefined {
  const raw = env['METRICS_TOKEN'] ?? '';
  const token = raw.trim();
  if (raw !== '' && token === '') throw new Error('METRICS_TOKEN must not be blank: set a token, or leave it unset for open metrics');
  return token || undefined;
}

export function readSettings(env: Env, cwd: string = process.cwd()): Settings {
  const port = whole(env, 'PORT', 4000, 65535);
  const demoPort = whole(env, 'DEMO_PORT', port + 1, 65535);
  // Its default is not checked as a value given is: PORT=65535 would make it 65536, refused only at listen.
  if (demoPort > 65535) throw new Error('DEMO_PORT must be set when PORT is 65535: it defaults to PORT + 1');
  if (demoPort === port && port !== 0) throw new Error('DEMO_PORT must differ from PORT: the demo shop is another origin');
  const limit = (name: string, fallback: number) => whole(env, name, fallback, 10_000_000);
  const ms = (name: string, fallback: number) => whole(env, name, fallback, 3_600_000);
  // 0 would not be "at once" but Node's "never": no time-out for slow clients, idle connections kept for ever.
  const limitMs = (name: string, fallback: number) => whole(env, name, fallback, 3_600_000, { min: 1 });
  const http: HttpTimeouts = {
    headersMs: limitMs('HEADERS_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.headersMs),
    requestMs: limitMs('REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestMs),
    keepAliveMs: limitMs('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
    shutdownMs: ms('SHUTDOWN_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.shutdownMs),
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (http.headersMs > http.requestMs) throw new Error('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  const adminToken = (env['SANDBOX_ADMIN_TOKEN'] ?? '').trim();
  if (adminToken !== '' && adminToken.length < 16) throw new Error('SANDBOX_ADMIN_TOKEN must be at least 16 characters (try: openssl rand -hex 24)');
  const host = (env['HOST'] ?? '').trim() || DEFAULT_HOST;
  const trustedProxies = proxyTrustOf(env) ?? whole(env, 'TRUST_PROXY', 0, 10);
  const publicUrl = originOf(env, 'PUBLIC_URL');
  return {
    host,
    nodeName: nodeNameOf(env),
    adminToken: adminToken || undefined,
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    paymentCaptcha: flag(env, 'PAYMENT_CAPTCHA') ?? true,
    port,
    publicUrl,
    demoPort,
    dataDir: resolve(cwd, env['DATA_DIR'] || '.data'),
    databaseUrl: databaseUrlOf(env),
    // 0 is PostgreSQL's "never": a hung statement or a dead connection would hold a payment and a pool slot for ever.
    databaseLimits: {
      statementTimeoutMs: whole(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.statementTimeoutMs, 600_000, { min: 100, unit: ' milliseconds (a tenth of a second to 10 minutes)' }),
      idleInTransactionTimeoutMs: whole(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs, 3_600_000, { min: 1_000, unit: ' milliseconds (a second to an hour)' }),
      keepAliveMs: whole(env, 'DATABASE_KEEPALIVE_MS', DEFAULT_DATABASE_LIMITS.keepAliveMs, 3_600_000, { min: 1_000, unit: ' milliseconds (a second to an hour)' }),
      poolSize: whole(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, MAX_POOL_SIZE, { min: 1, unit: ' connections' }),
    },
    wireEncoding: flag(env, 'WIRE_ENCODING') ?? true,
    splashMs: env['SPLASH_MS'] ? whole(env, 'SPLASH_MS', 3000, 60_000) : undefined,
    subscriptionChargeIntervalMs: intervalMs(env, 'SUBSCRIPTION_CHARGE_INTERVAL_MS', DEFAULT_SUBSCRIPTION_CHARGE_INTERVAL_MS, 86_400_000),
    expirySweepIntervalMs: intervalMs(env, 'EXPIRY_SWEEP_INTERVAL_MS', DEFAULT_EXPIRY_SWEEP_INTERVAL_MS, 86_400_000),
    webhookIntervalMs: intervalMs(env, 'WEBHOOK_INTERVAL_MS', DEFAULT_WEBHOOK_INTERVAL_MS, 3_600_000),
    // 0 would time a push payment out the moment it is asked, before the payer's phone could ring.
    payerWindows: {
      nequiMs: whole(env, 'NEQUI_WAIT_MS', NEQUI_PAY_WINDOW_MS, 3_600_000, { min: MIN_PAYER_WINDOW_MS, unit: ' milliseconds (a second to an hour)' }),
      yappyMs: whole(env, 'YAPPY_WAIT_MS', YAPPY_PAY_WINDOW_MS, 3_600_000, { min: MIN_PAYER_WINDOW_MS, unit: ' milliseconds (a second to an hour)' }),
    },
    sessionTtlMs: whole(env, 'SESSION_TTL_MS', DEFAULT_SESSION_TTL_MS, MAX_SESSION_TTL_MS, { min: MIN_SESSION_TTL_MS, unit: ' milliseconds (a minute to 30 days)' }),
    // 0 would release every hold at the reconciler's next run, before any merchant could capture it.
    holdReleaseAfterMs: whole(env, 'HOLD_RELEASE_AFTER_MS', DEFAULT_HOLD_RELEASE_AFTER_MS, MAX_HOLD_RELEASE_AFTER_MS, { min: MIN_HOLD_RELEASE_AFTER_MS, unit: ' milliseconds (a minute to 7 days less an hour)' }),
    ...vaultOf(env),
    processorsUrl: httpUrlOf(env, 'PROCESSORS_URL'),
    processorsTimeoutMs: (env['PROCESSORS_TIMEOUT_MS'] ?? '').trim() === '' ? undefined
      : whole(env, 'PROCESSORS_TIMEOUT_MS', 0, 3_600_000, { min: MIN_PROCESSORS_TIMEOUT_MS, unit: ' milliseconds (a second to an hour)' }),
    rateLimits: {
      login: limit('RATE_LIMIT_LOGIN_PER_MIN', DEFAULT_RATE_LIMITS.login),
      signup: limit('RATE_LIMIT_SIGNUP_PER_MIN', DEFAULT_RATE_LIMITS.signup),
      recovery: limit('RATE_LIMIT_RECOVERY_PER_MIN', DEFAULT_RATE_LIMITS.recovery),
      payments: limit('RATE_LIMIT_PAYMENTS_PER_MIN', DEFAULT_RATE_LIMITS.payments),
    },
    trustedProxies,
    http,
    shutdownDrainMs: ms('SHUTDOWN_DRAIN_MS', DEFAULT_SHUTDOWN_DRAIN_MS),
    logLevel: logLevelOf(env['LOG_LEVEL']),
    metricsToken: metricsTokenOf(env),
    sandboxConsole: flag(env, 'SANDBOX_CONSOLE') ?? true,
  };
}
