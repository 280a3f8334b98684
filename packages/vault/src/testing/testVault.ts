import { randomBytes } from 'node:crypto';
import { splitCardToken } from '../cardFacts';
import { startVault, type RunningVault, type VaultOptions } from '../startVault';
import { openPglite, type VaultDatabase } from '../vaultDatabase';
import type { MasterKey } from '../keyring';

export const API_SECRET = 'vault-test-secret';
export const CHECKOUT_ORIGIN = 'https://checkout.example';

export const newMasterKey = (id: string): MasterKey => ({ id, key: randomBytes(32) });

export interface TestVault extends RunningVault {
  database: VaultDatabase;
}

// One in-memory PGlite for the test files of a worker that need no store of their own (files share
// their worker's modules): each PGlite costs a second or more of CPU to make. Tokens are random, so
// the files' cards never meet. It lives as long as the worker.
let shared: Promise<VaultDatabase> | undefined;

// The worker's master key for that store: a vault listing other bytes under a card's key id does not start.
const WORKER_MASTER_KEY = newMasterKey('k1');

/** A vault on 127.0.0.1, on the worker's shared store unless one is given. */
export async function testVault(overrides: Partial<VaultOptions> = {}): Promise<TestVault> {
  const database = overrides.database ?? (await (shared ??= openPglite(undefined)));
  const vault = await startVault({
    database,
    masterKeys: [WORKER_MASTER_KEY],
    fingerprintKey: Buffer.alloc(32, 7),
    apiSecret: API_SECRET,
    checkoutOrigins: [CHECKOUT_ORIGIN],
    processors: new Map(),
    ...overrides,
  });
  return { ...vault, database };
}

export const nextYear = () => String(new Date().getUTCFullYear() + 2);

export function tokenize(vault: RunningVault, card: Record<string, unknown>, origin: string = CHECKOUT_ORIGIN): Promise<Response> {
  return fetch(`${vault.url}/v1/cards`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(card) });
}

export async function tokenOf(vault: RunningVault, number: string, cvc = number.replace(/\s/g, '').length === 15 ? '1234' : '123'): Promise<string> {
  const answer = await tokenize(vault, { number, expMonth: '12', expYear: nextYear(), cvc, holder: 'Ana Pérez' });
  if (answer.status !== 201) throw new Error(`tokenize ${number}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

/** What the vault stores a card under: the token's key, without the facts it carries sealed. */
export const keyOf = (token: string) => splitCardToken(token).key;

export const serverHeaders = { authorization: `Bearer ${API_SECRET}` };
