import { createServer, request } from 'node:http';
import type { CardToken } from '@pasarela/gateways';
import { API_SECRET, newMasterKey, testVault, type TestVault } from '@pasarela/vault/testing';
import type { VaultOptions } from '@pasarela/vault';
import { httpCardVault, type CardVault } from '../src/gateways/cardVault';
import { SIMULATOR_FORWARD_NAME } from '../src/gateways/http/httpGateways';

export type { TestVault };

/** VAULT_API_SECRET of the tests' vaults. */
export const TEST_VAULT_API_SECRET = API_SECRET;

/**
 * The worker's master key: every test vault of a worker stands on its shared store (testVault.ts)
 * under this key, so a card tokenized at one vault is read at any other, as several vault nodes on one
 * store do. Made once per worker, never written anywhere.
 */
const WORKER_MASTER_KEY = newMasterKey('sandbox-tests');

/** Tests tokenize many cards from 127.0.0.1: the vault's per-client limit is lifted for them. */
const NO_TOKENIZE_LIMIT = { max: 1_000_000, windowMs: 60_000 };

/**
 * A card vault for one test sandbox: the checkout's origins may tokenize at it, and it forwards card
 * calls to the sandbox's simulator (VAULT_FORWARD_simulator) and any other processor named.
 */
export interface TestVaultOptions {
  checkoutOrigins: readonly string[];
  simulatorUrl?: string | undefined;
  processors?: ReadonlyMap<string, URL>;
  forwardingPorts?: ReadonlyMap<string, number>;
  /** A store and master keys of the test's own (a key rotation), instead of the worker's. */
  store?: { database: VaultOptions['database']; masterKeys: VaultOptions['masterKeys'] } | undefined;
}

export function startTestVault(options: TestVaultOptions): Promise<TestVault> {
  const processors = new Map(options.processors ?? []);
  if (options.simulatorUrl) processors.set(SIMULATOR_FORWARD_NAME, new URL(options.simulatorUrl));
  return testVault({
    masterKeys: [WORKER_MASTER_KEY], checkoutOrigins: options.checkoutOrigins, processors, forwardingPorts: options.forwardingPorts, tokenizeLimit: NO_TOKENIZE_LIMIT,
    ...options.store,
  });
}

/** The server's client of a test vault. */
export const testCardVault = (vault: Pick<TestVault, 'url'>): CardVault => httpCardVault({ url: vault.url, apiSecret: TEST_VAULT_API_SECRET });

/** The checkout origin the tokenizing vault takes cards from, as a payer's browser on the test checkout. */
export const TOKENIZING_ORIGIN = 'http://checkout.test';

let tokenizer: Promise<TestVault> | undefined;

export interface TestCard {
  number: string;
  expMonth?: string | undefined;
  expYear?: string | undefined;
  cvc?: string | undefined;
  holder?: string | undefined;
  /** Another vault to type it into (a built sandbox's own, in a child process): its API URL. */
  vaultUrl?: string | undefined;
}

/** What the vault answers a tokenized card (`POST /v1/cards`): the payment carries these, never the number. */
export interface TokenizedCard {
  token: string;
  brand: 'VISA' | 'MC' | 'AMEX';
  bin: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * A test card typed into the vault over HTTP, as the card fields do in the payer's browser; the
 * worker's vaults all read its token. CVC and expiry default to a valid one for the brand.
 */
export async function tokenizeTestCard(card: TestCard): Promise<TokenizedCard> {
  const url = card.vaultUrl ?? (await (tokenizer ??= startTestVault({ checkoutOrigins: [TOKENIZING_ORIGIN] }))).url;
  const digits = card.number.replace(/\D/g, '');
  const body = { number: card.number, expMonth: card.expMonth ?? '12', expYear: card.expYear ?? '2034', cvc: card.cvc ?? (digits.length === 15 ? '1234' : '123'), ...(card.holder ? { holder: card.holder } : {}) };
  // A browser on the test checkout sends its origin; another vault takes the call as from no browser.
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(card.vaultUrl === undefined ? { origin: TOKENIZING_ORIGIN } : {}) };
  const answer = await fetch(`${url}/v1/cards`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (answer.status !== 201) throw new Error(`the test vault did not tokenize a card ending ${digits.slice(-4)}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as TokenizedCard;
}

/** A test card as the card port is given it: typed into the worker's vault, its token and facts. */
export async function testCardToken(number: string, holder = 'ANA ROJAS'): Promise<CardToken> {
  const card = await tokenizeTestCard({ number });
  return { token: card.token, brand: card.brand, last4: card.last4, expMonth: String(card.expMonth).padStart(2, '0'), expYear: String(card.expYear), holder };
}

/** A proxy in front of a test vault's API that notes each call it passes on (`POST /v1/cards/cvc-drops <token>,<token>`). */
export interface VaultCallLog {
  /** The proxy's URL: a server's VAULT_URL. */
  url: string;
  /** Each call passed on so far, as `<method> <path>` (and the tokens of a call of CVC drops). */
  calls: string[];
  /** The vault the calls go to; set once it is known. */
  target: string;
  close(): Promise<void>;
}

export async function vaultCallLog(): Promise<VaultCallLog> {
  const log: VaultCallLog = { url: '', calls: [], target: '', close: () => new Promise((resolve) => server.close(() => resolve())) };
  const server = createServer((incoming, answer) => {
    const { host: _host, ...headers } = incoming.headers;
    const outgoing = request(new URL(incoming.url ?? '/', log.target), { method: incoming.method, headers }, (upstream) => {
      answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(answer);
    });
    outgoing.on('error', () => answer.destroy());
    const body: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => body.push(chunk));
    incoming.on('end', () => {
      // A call of CVC drops is noted with its tokens.
      const drops = incoming.url === '/v1/cards/cvc-drops' ? ` ${(JSON.parse(Buffer.concat(body).toString() || '{}') as { tokens?: string[] }).tokens?.join(',') ?? ''}` : '';
      log.calls.push(`${incoming.method} ${incoming.url}${drops}`);
    });
    incoming.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  log.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return log;
}
