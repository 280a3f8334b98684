import type { RequestListener, Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { VAULT_NOT_STARTED_HEADER } from '@pasarela/core';
import { closeGracefully, drainingServer, startDraining } from '@pasarela/http-server';
import { cardStore, type CardStore } from './cardStore';
import { checkProcessorUrl } from './forward';
import { keyring, type MasterKey } from './keyring';
import { migrate } from './migrations';
import { apiSecretsOf, forwardingOrigin, vaultApi, type VaultApiOptions } from './vaultApi';
import type { VaultDatabase } from './vaultDatabase';

export interface VaultOptions extends Omit<VaultApiOptions, 'cvcTtlMs' | 'unusedTokenTtlMs' | 'tokenizeLimit'> {
  database: VaultDatabase;
  masterKeys: readonly MasterKey[];
  /** VAULT_FINGERPRINT_KEY: the duplicate rule's HMAC key, held by the vault alone. */
  fingerprintKey: Buffer;
  port?: number | undefined;
  host?: string | undefined;
  /** VAULT_FORWARD_PORT_<name>: an origin of its own for a processor whose client takes a host and port but no path (Stripe's). */
  forwardingPorts?: ReadonlyMap<string, number> | undefined;
  cvcTtlMs?: number | undefined;
  /**
   * VAULT_UNUSED_TOKEN_TTL_MS: a card whose token no server call used (never forwarded, never read
   * under the API secret) is deleted this long after its tokenizing; a used one stays.
   */
  unusedTokenTtlMs?: number | undefined;
  /**
   * VAULT_USED_CARD_TTL_MS: a used card is deleted this long after its first use (a resend of its
   * authorization, its 3DS and the processor's saving of it come before; nothing after needs it).
   */
  usedCardTtlMs?: number | undefined;
  tokenizeLimit?: { max: number; windowMs: number } | undefined;
  /** VAULT_PUBLIC_URL, behind a proxy: the fields page's origin as the payer's browser sees it. */
  publicUrl?: string | undefined;
}

export interface RunningVault {
  url: string;
  /** Each processor's forwarding origin, for those given a port. */
  forwardingUrls: ReadonlyMap<string, string>;
  /**
   * A stop (SIGTERM): for drainMs (VAULT_SHUTDOWN_DRAIN_MS; none unless given) its /health answers
   * 503 draining, for the load balancer to take it out, while every call is still served, each answer
   * closing its connection; then it takes no new connection and lets the calls in hand finish.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** How long a CVC, a card nobody paid with and a used card are kept when no option says otherwise (the settings' defaults too). */
export const DEFAULT_CVC_TTL_MS = 10 * 60_000;
export const DEFAULT_UNUSED_TOKEN_TTL_MS = 60 * 60_000;
export const DEFAULT_USED_CARD_TTL_MS = 24 * 60 * 60_000;

/**
 * How long an idle connection stays open: well past the idle time of its clients' pools (Node's
 * fetch keeps one 4 s, timed in whole seconds), so a client never sends a call on a connection the
 * vault is closing at that moment. Node's 5 s default met that race: a card payment's call to the
 * vault about 5 s after the one before failed with ECONNRESET.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * How long a stopping vault lets the calls in hand finish: a forward waits for the processor's
 * answer, and a node waits for a card call 10 s at most (its gateways' deadline).
 */
const DRAIN_MS = 10_000;

/** `portSetting`: the setting that names the port, for the error when the host does not resolve or the port is taken. */
async function listen(listener: RequestListener, port: number, host: string, portSetting: string): Promise<{ server: Server; url: string }> {
  const server = drainingServer(listener, { keepAliveMs: KEEP_ALIVE_MS, afterStop: notStarted });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`Cannot listen on VAULT_HOST ${host} and ${portSetting} ${port}: ${error.message}`)));
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}` };
}

/**
 * A call read after the stop closed the listener (it came on a kept-alive connection as the vault
 * closed it): refused before anything is done for it, saying so (`Vault-Not-Started`), so the server
 * sends it once more on a new connection, to another vault node behind the balancer. Its body is
 * left unread; the answer closes the connection.
 */
const notStarted: RequestListener = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close', [VAULT_NOT_STARTED_HEADER]: '1', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ code: 'vault_stopping', message: 'The card vault is stopping: nothing was done for this call; send it again on a new connection' }));
};

/**
 * A stop takes no new connection and closes the idle ones; a call in hand is answered first, since a
 * forward cut after it reached the processor leaves a charge its node cannot see (the node keeps
 * such a call in doubt for its reconciler). What still runs after DRAIN_MS is cut.
 */
const close = (server: Server) => closeGracefully(server, DRAIN_MS);

/**
 * A node given a list without a key some card is still wrapped under would answer 500 for each of
 * those cards, and a payer paying with one would wait for the server's time-out: it does not start,
 * and the nodes still running keep serving (docs/security.md, "Rotating the master key").
 */
async function refuseMissingMasterKeys(store: CardStore, masterKeys: readonly MasterKey[]): Promise<void> {
  const listed = new Set(masterKeys.map((key) => key.id));
  const missing = [...(await store.cardsPerMasterKey())].filter(([id]) => !listed.has(id));
  if (missing.length === 0) return;
  const named = missing.map(([id, cards]) => `${id} (${cards} ${cards === 1 ? 'card' : 'cards'})`).join(', ');
  throw new Error(`VAULT_MASTER_KEYS lacks master keys that cards are still wrapped under: ${named}. List them again after the first key, re-wrap (POST /v1/admin/rewrap until remaining is 0), then remove them`);
}

/**
 * A key listed under a card's key id but not the key itself (other bytes under the same id) would
 * answer every one of those cards with an error, and wrap new ones under a key no other node has: a
 * node whose key opens none of a few of its cards does not start, naming the key. Some opening and
 * some not (cards wrapped by such a node before) is told, and the node starts.
 */
async function refuseWrongMasterKeys(store: CardStore, masterKeys: readonly MasterKey[], warn: (message: string) => void): Promise<void> {
  const wrong: string[] = [];
  for (const { id } of masterKeys) {
    const { tried, opened } = await store.opensUnder(id, 3);
    if (tried > 0 && opened === 0) wrong.push(id);
    else if (opened < tried) warn(`VAULT_MASTER_KEYS: key ${id} opens ${opened} of ${tried} cards tried under its id: some were wrapped under another key of that id`);
  }
  if (wrong.length > 0) throw new Error(`VAULT_MASTER_KEYS: ${wrong.map((id) => `key ${id}`).join(', ')} does not open the cards wrapped under ${wrong.length === 1 ? 'its id' : 'their ids'}: give the key they were wrapped with (its bytes), or a new key under a new id`);
}

/** The vault on its own port; its store migrated first. The database stays the caller's to close. */
export async function startVault(options: VaultOptions): Promise<RunningVault> {
  // Checked here as well as in the settings: a vault started from code is held to it too.
  for (const [name, url] of options.processors) checkProcessorUrl(`VAULT_FORWARD_${name}`, url);
  await migrate(options.database);
  const keys = keyring(options.masterKeys, options.fingerprintKey);
  const usedCardTtlMs = options.usedCardTtlMs ?? DEFAULT_USED_CARD_TTL_MS;
  const store = cardStore(options.database, keys, usedCardTtlMs);
  await refuseMissingMasterKeys(store, options.masterKeys);
  await refuseWrongMasterKeys(store, options.masterKeys, (message) => console.warn(`Card vault: ${message}`));
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  let draining = false;
  const cvcTtlMs = options.cvcTtlMs ?? DEFAULT_CVC_TTL_MS;
  const unusedTokenTtlMs = options.unusedTokenTtlMs ?? DEFAULT_UNUSED_TOKEN_TTL_MS;
  const app = vaultApi(store, keys.fingerprint, { ...options, cvcTtlMs, unusedTokenTtlMs, tokenizeLimit: options.tokenizeLimit ?? { max: 30, windowMs: 60_000 }, draining: () => draining }, () => origin);
  const main = await listen(getRequestListener(app.fetch), options.port ?? 0, host, 'VAULT_PORT');
  origin = new URL(options.publicUrl || main.url).origin;
  const servers = [main.server];
  const forwardingUrls = new Map<string, string>();
  try {
    for (const [name, port] of options.forwardingPorts ?? []) {
      const base = options.processors.get(name);
      if (!base) throw new Error(`VAULT_FORWARD_PORT_${name}: no VAULT_FORWARD_${name} names the processor's URL`);
      const door = await listen(getRequestListener(forwardingOrigin(store, apiSecretsOf(options), base).fetch), port, host, `VAULT_FORWARD_PORT_${name}`);
      servers.push(door.server);
      forwardingUrls.set(name, door.url);
    }
  } catch (error) {
    // A vault started from code (several nodes in one process) is left holding no port.
    await Promise.all(servers.map(close));
    throw error;
  }
  // CVCs, cards no server call used and used cards past their time are deleted even if nobody asks for them.
  const sweep = setInterval(() => {
    void store.dropExpiredCvcs().catch(() => undefined);
    void store.dropCardsPastTheirTime().catch(() => undefined);
  }, Math.min(cvcTtlMs, unusedTokenTtlMs, usedCardTtlMs, 60_000));
  sweep.unref();
  return {
    url: main.url,
    forwardingUrls,
    close: async ({ drainMs = 0 } = {}) => {
      clearInterval(sweep);
      if (!draining) {
        draining = true;
        for (const server of servers) startDraining(server);
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      await Promise.all(servers.map(close));
    },
  };
}
