// `npm run vault` (dist/vault.mjs), and beside the server in `npm start`; its environment variables are listed in docs/security.md.
import { join, resolve } from 'node:path';
import { parseMasterKeys } from './keyring';
import { startVault } from './startVault';
import { openPglite, openPostgres } from './vaultDatabase';

const MIN_SECRET_LENGTH = 16;

/** An http(s) URL, or the vault refuses to start naming the setting (never its value, which may hold a password). */
function httpUrl(name: string, raw: string, example = 'https://vault.example.com'): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) fail(`${name} must be an http(s) URL such as ${example}`);
  return url;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = process.env;
const portOf = (name: string) => {
  const port = Number(env[name] || 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`${name} must be a port number (got ${env[name]})`);
  return port;
};
const apiSecret = env['VAULT_API_SECRET'] || fail('VAULT_API_SECRET must be set: the vault answers card facts and forwards only for the server holding it');
const otherApiSecret = env['VAULT_OTHER_API_SECRET'] || undefined;
// The seal's key is derived from it: a short one is guessed (try: openssl rand -hex 32).
for (const [name, secret] of [['VAULT_API_SECRET', apiSecret], ['VAULT_OTHER_API_SECRET', otherApiSecret]] as const) {
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) fail(`${name} must be at least ${MIN_SECRET_LENGTH} characters (try: openssl rand -hex 32)`);
}
if (otherApiSecret === apiSecret) fail('VAULT_OTHER_API_SECRET is the secret the servers roll to or from: it must differ from VAULT_API_SECRET');
let masterKeys;
try {
  masterKeys = parseMasterKeys(env['VAULT_MASTER_KEYS'] || fail('VAULT_MASTER_KEYS must be set (id:base64 of 32 bytes, the first wraps new cards)'));
} catch (error) {
  fail((error as Error).message);
}
const fingerprintKey = Buffer.from(env['VAULT_FINGERPRINT_KEY'] || fail('VAULT_FINGERPRINT_KEY must be set (base64 of 32 bytes): the duplicate rule\'s key, held by the vault alone'), 'base64');
if (fingerprintKey.length < 32) fail('VAULT_FINGERPRINT_KEY must be at least 32 bytes (base64)');
const checkoutOrigins = (env['VAULT_CHECKOUT_ORIGINS'] || '').split(',').map((o) => o.trim()).filter((o) => o !== '');
for (const origin of checkoutOrigins) if (!/^https?:\/\/[^/?#]+$/.test(origin)) fail(`VAULT_CHECKOUT_ORIGINS: ${origin} is not an origin such as https://pay.example`);

// VAULT_FORWARD (a JSON map) and VAULT_FORWARD_<name>, the latter winning.
const processors = new Map<string, URL>();
const forwardingPorts = new Map<string, number>();
try {
  for (const [name, url] of Object.entries(JSON.parse(env['VAULT_FORWARD'] || '{}') as Record<string, string>)) processors.set(name, httpUrl(`VAULT_FORWARD's ${name}`, url, 'https://api.stripe.com'));
  for (const [key, value] of Object.entries(env)) {
    const named = /^VAULT_FORWARD_(?!PORT_)([A-Za-z0-9_-]+)$/.exec(key);
    if (named && value) processors.set(named[1]!, httpUrl(key, value, 'https://api.stripe.com'));
  }
} catch {
  fail('VAULT_FORWARD is a JSON map of processor names to base URLs, and each VAULT_FORWARD_<name> a URL');
}
for (const key of Object.keys(env)) {
  const named = /^VAULT_FORWARD_PORT_([A-Za-z0-9_-]+)$/.exec(key);
  if (named) forwardingPorts.set(named[1]!, portOf(key));
}
const ttlSeconds = Number(env['VAULT_CVC_TTL_SECONDS'] || 600);
if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > 3600) fail('VAULT_CVC_TTL_SECONDS is a whole number of seconds, 1 to 3600');
// At least the checkout's five minutes: it pays with a token tokenized before Pay up to that age.
const unusedTokenTtlMs = Number(env['VAULT_UNUSED_TOKEN_TTL_MS'] || 3_600_000);
if (!Number.isInteger(unusedTokenTtlMs) || unusedTokenTtlMs < 300_000 || unusedTokenTtlMs > 604_800_000) fail('VAULT_UNUSED_TOKEN_TTL_MS is a whole number of milliseconds, 300000 (5 minutes) to 604800000 (7 days)');

const databaseUrl = env['VAULT_DATABASE_URL'] || undefined;
if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^/\s]+/.test(databaseUrl)) fail('VAULT_DATABASE_URL must be a PostgreSQL URL such as postgres://vault:password@vaultdb.internal:5432/vault');
const publicUrl = env['VAULT_PUBLIC_URL'] ? httpUrl('VAULT_PUBLIC_URL', env['VAULT_PUBLIC_URL']).origin : undefined;
const dataDir = resolve(env['VAULT_DATA_DIR'] || join(env['DATA_DIR'] || '.data', 'vault'));
const database = databaseUrl ? openPostgres(databaseUrl, (message) => console.error(message)) : await openPglite(dataDir);
startVault({
  database,
  masterKeys,
  fingerprintKey,
  apiSecret,
  otherApiSecret,
  checkoutOrigins,
  processors,
  forwardingPorts,
  cvcTtlMs: ttlSeconds * 1000,
  unusedTokenTtlMs,
  port: portOf('VAULT_PORT'),
  host: env['VAULT_HOST'] || undefined,
  publicUrl,
}).then(
  (vault) => {
    // The first line is what a parent process (scripts/start.mjs) reads to find it.
    console.log(`Card vault listening on ${vault.url} (cards in ${databaseUrl ? 'PostgreSQL' : dataDir})`);
    for (const [name, url] of vault.forwardingUrls) console.log(`Card vault forwarding to ${name} from ${url}`);
    const stop = () => vault.close().then(() => database.close()).then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Started by npm start, over a channel to it: it stops when that process ends, even killed, and
    // leaves no card vault holding its port and its store.
    if (process.send) process.once('disconnect', stop);
  },
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);
