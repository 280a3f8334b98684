import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type VaultDatabase } from '@pasarela/vault';
import { API_SECRET, keyOf, newMasterKey, testVault } from '@pasarela/vault/testing';
import { createTestApp, newLink, testCardNumber, tokenizedCardPayload, type TestApp } from '../../test/testApp';
import { tokenizeTestCard } from '../../test/testCardVault';
import { TEST_SIMULATOR_API_SECRET } from '../../test/testServer';

// Issue 90 "Master key rotation under load": payments keep going while the vault re-wraps its cards
// under a new master key (docs/security.md "Rotating the master key"), and every stored card still
// charges after, once the old key is gone. The vault's own store here, not the worker's shared one.

const OLD = newMasterKey('old');
const NEW = newMasterKey('new');
const CARDS = 12;
let store: VaultDatabase;
let tokens: string[];
const closing: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  store = await openPglite(undefined);
  // Cards typed before the rotation: wrapped under the old key alone.
  const before = await testVault({ database: store, masterKeys: [OLD], checkoutOrigins: [], processors: new Map(), tokenizeLimit: { max: 1000, windowMs: 60_000 } });
  try {
    tokens = [];
    for (let i = 0; i < CARDS; i++) tokens.push((await tokenizeTestCard({ number: testCardNumber(`rotation-${i}`), vaultUrl: before.url })).token);
  } finally {
    await before.close();
  }
}, 60_000);
afterAll(async () => {
  for (const started of closing) await started.close();
  await store.close();
});

/** A link of its own amount per payment: the duplicate rule (same card and amount) stays out of it. */
async function pay(t: TestApp, token: string, amount: number) {
  const code = await newLink(t, { amount, taxAmount: 0 });
  return t.post('/cards/auth-capture', await tokenizedCardPayload(code, { token, amount, taxAmount: 0 }));
}

async function rewrapAll(vaultUrl: string): Promise<Array<{ rewrapped: number; remaining: number }>> {
  const rounds: Array<{ rewrapped: number; remaining: number }> = [];
  for (;;) {
    const answer = await fetch(`${vaultUrl}/v1/admin/rewrap?batch=2`, { method: 'POST', headers: { authorization: `Bearer ${API_SECRET}` } });
    expect(answer.status).toBe(200);
    const round = (await answer.json()) as { rewrapped: number; remaining: number };
    rounds.push(round);
    if (round.remaining === 0) return rounds;
  }
}

it('pays every card while the re-wrap runs, then charges each again with the old key removed', async () => {
  // Steps 1-2 rolled out: the new key wraps new cards, the old one still opens.
  const during = await createTestApp({ vaultStore: { database: store, masterKeys: [NEW, OLD] } });
  closing.push(during);
  const [rounds, answers] = await Promise.all([
    rewrapAll(during.vault.url),
    Promise.all(tokens.map((token, i) => pay(during, token, 10 + i))),
  ]);
  expect(answers.map((a) => a.data['status'])).toEqual(tokens.map(() => 1));
  // Several batches, the payments in flight between them.
  expect(rounds.length).toBeGreaterThanOrEqual(CARDS / 2);
  expect(rounds.reduce((sum, r) => sum + r.rewrapped, 0)).toBe(CARDS);
  expect(await store.query('select distinct master_key_id from vault_cards')).toEqual([{ master_key_id: NEW.id }]);

  // Step 4: the old key gone. Every card typed before the rotation still charges: its number is put
  // into a card call by token (its CVC served its payment above and was dropped with the outcome).
  const after = await createTestApp({ vaultStore: { database: store, masterKeys: [NEW] } });
  closing.push(after);
  const again = await Promise.all(tokens.map((token, i) => chargeByNumber(after, token, `rotation-again-${i}`)));
  expect(again).toEqual(tokens.map(() => 'approved'));
  expect(after.simulator.books.list<{ last4: string }, unknown>('card').map((e) => e.request.last4).sort()).toEqual(tokens.map((_t, i) => testCardNumber(`rotation-${i}`).slice(-4)).sort());
}, 120_000);

/** A card call through the app's vault to its simulator, the token in the number's place and no CVC asked. */
async function chargeByNumber(t: TestApp, token: string, key: string): Promise<unknown> {
  const answer = await fetch(`${t.vault.url}/forward/simulator/v1/card/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'vault-authorization': `Bearer ${API_SECRET}`, authorization: `Bearer ${TEST_SIMULATOR_API_SECRET}` },
    body: JSON.stringify({ idempotencyKey: key, amountCents: 100, merchant: { name: 'Tienda', logo: null }, lang: 'es', capture: true, card: { number: token, expMonth: '12', expYear: '2034', holder: 'ANA' } }),
  });
  return ((await answer.json()) as { answer?: { status?: string } }).answer?.status;
}

it('fails without the re-wrap: a vault with the new key alone does not start, and one started before cannot open a card under the old key', async () => {
  // Its own store: the file's cards are all under the new key by now.
  const own = await openPglite(undefined);
  const onlyNew = await createTestApp({ vaultStore: { database: own, masterKeys: [NEW] } });
  closing.push(onlyNew);
  // Another vault node given the old key first, as when the rotation's steps are rolled out of order:
  // its card is wrapped under a key the first node lacks.
  const token = (await tokenizeTestCard({ number: testCardNumber('rotation-late'), vaultUrl: (await testVaultOn(own, [OLD, NEW])).url })).token;
  closing.push(own);
  // A node given the new key alone now does not start, naming the key its cards still need.
  await expect(testVault({ database: own, masterKeys: [NEW], checkoutOrigins: [], processors: new Map() })).rejects.toThrow(/VAULT_MASTER_KEYS lacks master keys that cards are still wrapped under: old \(1 card\)/);
  // The node that started before: asked for the card's facts (its token without the seal), it cannot
  // answer them: nothing recorded.
  const answer = await pay(onlyNew, keyOf(token), 99);
  expect(answer.status).toBe(503);
  expect(answer.data['code']).toBe('card_payments_unavailable');
  // Read from its seal, the facts need no call; the authorization's forward then fails at the vault
  // (a 500 until the deadline): in doubt, and nothing charged.
  const sealed = await pay(onlyNew, token, 98);
  expect(sealed.status).toBe(504);
  expect(onlyNew.simulator.books.list('card')).toEqual([]);
}, 60_000);

async function testVaultOn(database: VaultDatabase, masterKeys: ReturnType<typeof newMasterKey>[]) {
  const vault = await testVault({ database, masterKeys, checkoutOrigins: [], processors: new Map(), tokenizeLimit: { max: 1000, windowMs: 60_000 } });
  closing.push(vault);
  return vault;
}
