import { join, resolve } from 'node:path';
import { isProxyEntry } from './clientAddress';
import { checkProcessorUrl } from './forward';
import { parseMasterKeys, type MasterKey } from './keyring';
import { DEFAULT_CVC_TTL_MS, DEFAULT_UNUSED_TOKEN_TTL_MS, DEFAULT_USED_CARD_TTL_MS } from './startVault';

/** What main.ts starts the vault with, read from its environment (docs/security.md, "The vault's settings"). */
export interface VaultSettings {
  apiSecret: string;
  otherApiSecret: string | undefined;
  masterKeys: MasterKey[];
  fingerprintKey: Buffer;
  checkoutOrigins: string[];
  processors: Map<string, URL>;
  forwardingPorts: Map<string, number>;
  cvcTtlMs: number;
  unusedTokenTtlMs: number;
  /** VAULT_USED_CARD_TTL_MS: how long a used card is kept from its first use. */
  usedCardTtlMs: number;
  /** VAULT_DATABASE_URL; the PGlite folder `dataDir` otherwise. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string | undefined;
  port: number;
  host: string | undefined;
  trustedProxies: string[];
  /** VAULT_SHUTDOWN_DRAIN_MS: how long a SIGTERM keeps it serving with /health at 503, for the load balancer to notice. */
  shutdownDrainMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

const MIN_SECRET_LENGTH = 16;

/** An http(s) URL, or an error naming the setting (never its value, which may hold a password). */
function httpUrl(name: string, raw: string, example = 'https://vault.example.com'): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`${name} must be an http(s) URL such as ${example}`);
  return url;
}

/** The fields page posts cards to it and the server frames it by it: an origin alone, as the server's PUBLIC_URL. */
function originOf(name: string, raw: string): string {
  const url = httpUrl(name, raw);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`${name} must be an origin such as https://vault.example.com, with no path, query or credentials`);
  }
  return url.origin;
}

/** Written as a browser's Origin header says it (`new URL` lower-cases the host and drops a default port). */
function isBrowserOrigin(origin: string): boolean {
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Buffer.from drops what is not base64 without a word: a key mistyped would be a shorter or another key. */
function fingerprintKeyOf(raw: string): Buffer {
  const refused = 'VAULT_FINGERPRINT_KEY must be base64 of 32 bytes or more (try: openssl rand -base64 32)';
  if (!BASE64.test(raw) || raw.replace(/=+$/, '').length % 4 === 1) throw new Error(refused);
  const key = Buffer.from(raw, 'base64');
  if (key.length < 32) throw new Error(refused);
  return key;
}

function required(env: Env, name: string, message: string): string {
  const value = env[name];
  if (!value) throw new Error(message);
  return value;
}

/**
 * A whole number written in digits alone, as the server reads its settings: `1e3`, `0x10`, `4300.0` or
 * ` 5000 ` is a typo, not a number (NaN, which every range refuses). Blank is unset: the fallback.
 */
function digitsOf(env: Env, name: string, fallback: number): number {
  const raw = env[name] ?? '';
  if (raw.trim() === '') return fallback;
  return /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
}

function portOf(env: Env, name: string): number {
  const port = digitsOf(env, name, 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name} must be a port number (got ${env[name]})`);
  return port;
}

/** A processor's base URL: over TLS, or in clear only to this machine (forward.ts). */
function processorUrl(name: string, raw: string): URL {
  const url = httpUrl(name, raw, 'https://api.stripe.com');
  checkProcessorUrl(name, url);
  return url;
}

/** VAULT_FORWARD (a JSON map) and VAULT_FORWARD_<name>, the latter winning. */
function processorsOf(env: Env): Map<string, URL> {
  const processors = new Map<string, URL>();
  const refused = 'VAULT_FORWARD is a JSON map of processor names to base URLs, and each VAULT_FORWARD_<name> a URL';
  let map: unknown;
  try {
    map = JSON.parse(env['VAULT_FORWARD'] || '{}');
  } catch {
    throw new Error(refused);
  }
  // JSON, but not a map (null, a list, a string): named as the setting at fault, not read letter by letter.
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw new Error(refused);
  for (const [name, url] of Object.entries(map)) processors.set(name, processorUrl(`VAULT_FORWARD's ${name}`, String(url)));
  for (const [key, value] of Object.entries(env)) {
    const named = /^VAULT_FORWARD_(?!PORT_)([A-Za-z0-9_-]+)$/.exec(key);
    if (named && value) processors.set(named[1]!, processorUrl(key, value));
  }
  return processors;
}

/** VAULT_TRUSTED_PROXIES: the load balancers in front, so that the tokenizing limit counts each payer. */
function trustedProxiesOf(env: Env): string[] {
  const entries = (env['VAULT_TRUSTED_PROXIES'] ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (bad !== undefined) throw new Error(`VAULT_TRUSTED_PROXIES must list IP addresses or CIDRs, got ${JSON.stringify(bad)}`);
  return entries;
}

/** The vault's settings, or an error whose message names the setting at fault and never a secret. */
export function vaultSettingsOf(env: Env): VaultSettings {
  const apiSecret = required(env, 'VAULT_API_SECRET', 'VAULT_API_SECRET must be set: the vault answers card facts and forwards only for the server holding it');
  const otherApiSecret = env['VAULT_OTHER_API_SECRET'] || undefined;
  // The seal's key is derived from it: a short one is guessed (try: openssl rand -hex 32).
  for (const [name, secret] of [['VAULT_API_SECRET', apiSecret], ['VAULT_OTHER_API_SECRET', otherApiSecret]] as const) {
    if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters (try: openssl rand -hex 32)`);
  }
  if (otherApiSecret === apiSecret) throw new Error('VAULT_OTHER_API_SECRET is the secret the servers roll to or from: it must differ from VAULT_API_SECRET');
  const masterKeys = parseMasterKeys(required(env, 'VAULT_MASTER_KEYS', 'VAULT_MASTER_KEYS must be set (id:base64 of 32 bytes, the first wraps new cards)'));
  const fingerprintKey = fingerprintKeyOf(required(env, 'VAULT_FINGERPRINT_KEY', 'VAULT_FINGERPRINT_KEY must be set (base64 of 32 bytes): the duplicate rule\'s key, held by the vault alone'));
  const checkoutOrigins = (env['VAULT_CHECKOUT_ORIGINS'] || '').split(',').map((o) => o.trim()).filter((o) => o !== '');
  // Compared exactly with the Origin a browser sends (lower case, no default port, no credentials): one written otherwise would match no checkout.
  for (const origin of checkoutOrigins) if (!/^https?:\/\/[^/?#]+$/.test(origin) || !isBrowserOrigin(origin)) throw new Error(`VAULT_CHECKOUT_ORIGINS: ${origin} is not an origin as a browser sends it, such as https://pay.example (lower case, no default port)`);
  const processors = processorsOf(env);
  const forwardingPorts = new Map<string, number>();
  for (const key of Object.keys(env)) {
    const named = /^VAULT_FORWARD_PORT_([A-Za-z0-9_-]+)$/.exec(key);
    if (named) forwardingPorts.set(named[1]!, portOf(env, key));
  }
  const ttlSeconds = digitsOf(env, 'VAULT_CVC_TTL_SECONDS', DEFAULT_CVC_TTL_MS / 1000);
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > 3600) throw new Error('VAULT_CVC_TTL_SECONDS is a whole number of seconds, 1 to 3600');
  // At least the checkout's five minutes: it pays with a token tokenized before Pay up to that age.
  const unusedTokenTtlMs = digitsOf(env, 'VAULT_UNUSED_TOKEN_TTL_MS', DEFAULT_UNUSED_TOKEN_TTL_MS);
  if (!Number.isInteger(unusedTokenTtlMs) || unusedTokenTtlMs < 300_000 || unusedTokenTtlMs > 604_800_000) throw new Error('VAULT_UNUSED_TOKEN_TTL_MS is a whole number of milliseconds, 300000 (5 minutes) to 604800000 (7 days)');
  // At least an hour: a resend of the authorization, its 3DS and the saving of the card come within it.
  const usedCardTtlMs = digitsOf(env, 'VAULT_USED_CARD_TTL_MS', DEFAULT_USED_CARD_TTL_MS);
  if (!Number.isInteger(usedCardTtlMs) || usedCardTtlMs < 3_600_000 || usedCardTtlMs > 31_536_000_000) throw new Error('VAULT_USED_CARD_TTL_MS is a whole number of milliseconds, 3600000 (an hour) to 31536000000 (365 days)');
  const shutdownDrainMs = digitsOf(env, 'VAULT_SHUTDOWN_DRAIN_MS', 5_000);
  if (!Number.isInteger(shutdownDrainMs) || shutdownDrainMs < 0 || shutdownDrainMs > 60_000) throw new Error('VAULT_SHUTDOWN_DRAIN_MS is a whole number of milliseconds, 0 to 60000');
  const databaseUrl = env['VAULT_DATABASE_URL'] || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^/\s]+/.test(databaseUrl)) throw new Error('VAULT_DATABASE_URL must be a PostgreSQL URL such as postgres://vault:password@vaultdb.internal:5432/vault');
  return {
    apiSecret,
    otherApiSecret,
    masterKeys,
    fingerprintKey,
    checkoutOrigins,
    processors,
    forwardingPorts,
    cvcTtlMs: ttlSeconds * 1000,
    unusedTokenTtlMs,
    usedCardTtlMs,
    databaseUrl,
    dataDir: resolve(env['VAULT_DATA_DIR'] || join(env['DATA_DIR'] || '.data', 'vault')),
    publicUrl: env['VAULT_PUBLIC_URL'] ? originOf('VAULT_PUBLIC_URL', env['VAULT_PUBLIC_URL']) : undefined,
    port: portOf(env, 'VAULT_PORT'),
    host: env['VAULT_HOST'] || undefined,
    trustedProxies: trustedProxiesOf(env),
    shutdownDrainMs,
  };
}
