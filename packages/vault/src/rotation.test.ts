import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEchoProcessor, rawCall, type EchoProcessor } from './testing/echoProcessor';
import { API_SECRET, newMasterKey, serverHeaders, testVault, tokenOf, type TestVault } from './testing/testVault';
import { cardFactsKey, openCardToken } from './cardFacts';
import { openPglite, type VaultDatabase } from './vaultDatabase';

let processor: EchoProcessor;
let database: VaultDatabase;
beforeAll(async () => {
  processor = await startEchoProcessor();
  database = await openPglite(undefined);
});
afterAll(async () => {
  await database.close();
  await processor.stop();
});

const NUMBERS = ['4242424242424242', '4111111111111111', '5555555555554444', '378282246310005'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Nodes on one store, each replaced by the next as a rolling deployment does: the new key added
 * (listed second), then put first, the records re-wrapped in batches, then the old key removed.
 * Tokenizing and forwarding go on the whole time, on both nodes while one replaces another.
 */
// The key the store's cards end under, which the later tests' nodes on the same store are given: a
// node lacking a key some card is wrapped under does not start.
const newKey = newMasterKey('new');

it('rotates the master key under load: no call fails, and every card still forwards its number after', async () => {
  const processors = new Map([['echo', new URL(processor.url)]]);
  const oldKey = newMasterKey('old');
  const nodeA = await testVault({ database, masterKeys: [oldKey], processors, tokenizeLimit: { max: 100_000, windowMs: 60_000 } });
  const cards: Array<{ token: string; number: string }> = [];
  for (const number of NUMBERS.concat(NUMBERS, NUMBERS)) cards.push({ token: await tokenOf(nodeA, number), number });

  let serving: TestVault[] = [nodeA];
  const inFlight = new Map<TestVault, number>();
  const failures: string[] = [];
  let calls = 0;
  let running = true;
  async function call(node: TestVault): Promise<void> {
    calls += 1;
    if (calls % 2 === 0) {
      const number = NUMBERS[calls % NUMBERS.length]!;
      cards.push({ token: await tokenOf(node, number), number });
      return;
    }
    const card = cards[calls % cards.length]!;
    const ref = randomUUID();
    const answer = await rawCall(`${node.url}/forward/echo/v1/charges`, 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'vault-authorization': `Bearer ${API_SECRET}` }, `ref=${ref}&card[number]=${card.token}`);
    const got = processor.received.find((r) => r.body.startsWith(`ref=${ref}&`));
    if (answer.status !== 202 || got?.body !== `ref=${ref}&card[number]=${card.number}`) failures.push(`forward ${card.token}: ${answer.status} ${answer.body.toString()}`);
  }
  const loop = async () => {
    while (running) {
      const node = serving[calls % serving.length]!;
      inFlight.set(node, (inFlight.get(node) ?? 0) + 1);
      await call(node).catch((error: unknown) => failures.push(String(error)));
      inFlight.set(node, inFlight.get(node)! - 1);
    }
  };
  const drainAndClose = async (node: TestVault) => {
    while ((inFlight.get(node) ?? 0) > 0) await sleep(5);
    await node.close();
  };
  const loads = [loop(), loop()];

  const limit = { max: 100_000, windowMs: 60_000 };
  /** One node replaced by the next while calls go on: both serve a while, then the old one drains and stops. */
  const roll = async (from: TestVault, to: TestVault) => {
    serving = [from, to];
    await sleep(100);
    serving = [to];
    await drainAndClose(from);
  };

  await sleep(100);
  // 1. Every node learns the new key without using it: a node still on the old list could not open
  // a card wrapped under a key it does not have.
  const nodeB = await testVault({ database, masterKeys: [oldKey, newKey], processors, tokenizeLimit: limit });
  await roll(nodeA, nodeB);
  // 2. Then the new key comes first: new cards are wrapped under it.
  const nodeC = await testVault({ database, masterKeys: [newKey, oldKey], processors, tokenizeLimit: limit });
  await roll(nodeB, nodeC);

  // A node with the new key alone could not open what is still under the old one: it does not start,
  // naming the key and how many cards still need it, and the nodes running keep serving.
  await expect(testVault({ database, masterKeys: [newKey], processors })).rejects.toThrow(/VAULT_MASTER_KEYS lacks master keys that cards are still wrapped under: old \(\d+ cards\)\. List them again/);

  // 3. Re-wrap, in batches, while the calls go on.
  let batches = 0;
  for (;;) {
    const answer = await fetch(`${nodeC.url}/v1/admin/rewrap?batch=4`, { method: 'POST', headers: serverHeaders });
    const { rewrapped, remaining } = (await answer.json()) as { rewrapped: number; remaining: number };
    batches += 1;
    expect(rewrapped).toBeLessThanOrEqual(4);
    if (remaining === 0) break;
  }
  expect(batches).toBeGreaterThan(2);

  // 4. The old key goes.
  const nodeD = await testVault({ database, masterKeys: [newKey], processors, tokenizeLimit: limit });
  await roll(nodeC, nodeD);
  await sleep(100);
  running = false;
  await Promise.all(loads);

  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(20);
  expect(await database.query('select distinct master_key_id from vault_cards')).toEqual([{ master_key_id: 'new' }]);
  for (const card of cards) {
    const ref = randomUUID();
    const answer = await rawCall(`${nodeD.url}/forward/echo/v1/charges`, 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'vault-authorization': `Bearer ${API_SECRET}` }, `ref=${ref}&card[number]=${card.token}`);
    expect(answer.status).toBe(202);
    expect(processor.received.find((r) => r.body.startsWith(`ref=${ref}&`))?.body).toBe(`ref=${ref}&card[number]=${card.number}`);
  }
  await nodeD.close();
});

/**
 * VAULT_API_SECRET rolled with no downtime (docs/security.md "Rotating the API secret"): the vault
 * nodes first take the new secret beside the old, then the servers move to it one at a time, then the
 * vault seals under it and takes the old beside it, then the old goes. Servers on either secret call
 * the whole time; none is refused.
 */
it('rotates VAULT_API_SECRET while servers on the old and the new one call: none is refused, and the old then stops', async () => {
  const processors = new Map([['echo', new URL(processor.url)]]);
  const masterKeys = [newKey];
  const limit = { max: 100_000, windowMs: 60_000 };
  const OLD = API_SECRET;
  const NEW = 'vault-test-secret-rolled';
  const node = (apiSecret: string, otherApiSecret?: string) => testVault({ database, masterKeys, processors, tokenizeLimit: limit, apiSecret, otherApiSecret });
  let serving: TestVault[] = [await node(OLD)];
  const token = await tokenOf(serving[0]!, '4242424242424242');
  // The servers: each calls with the secret it has, and moves to the new one when told.
  const servers = [{ secret: OLD }, { secret: OLD }];
  const failures: string[] = [];
  let calls = 0;
  let running = true;
  // Calls under way at each node: a node leaving the rotation stops once they are answered, as a
  // balancer drains it (closed at once, a call picked just before would be cut on a busy machine).
  const underWay = new Map<TestVault, number>();
  const loop = async (server: { secret: string }) => {
    while (running) {
      const at = serving[calls++ % serving.length]!;
      underWay.set(at, (underWay.get(at) ?? 0) + 1);
      const ref = randomUUID();
      try {
        const [facts, forward] = await Promise.all([
          fetch(`${at.url}/v1/cards/${token}`, { headers: { authorization: `Bearer ${server.secret}` } }),
          rawCall(`${at.url}/forward/echo/v1/charges`, 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'vault-authorization': `Bearer ${server.secret}` }, `ref=${ref}&card[number]=${token}`),
        ]);
        if (facts.status !== 200 || forward.status !== 202) failures.push(`${server.secret === OLD ? 'old' : 'new'}: ${facts.status} ${forward.status}`);
      } catch (error) {
        failures.push(`${server.secret === OLD ? 'old' : 'new'}: ${String(error)}`);
      } finally {
        underWay.set(at, underWay.get(at)! - 1);
      }
    }
  };
  const roll = async (to: TestVault) => {
    const from = serving;
    serving = [...from, to];
    await sleep(100);
    serving = [to];
    await Promise.all(from.map(async (n) => {
      while ((underWay.get(n) ?? 0) > 0) await sleep(5);
      await n.close();
    }));
  };
  const loads = servers.map(loop);
  await sleep(50);
  // 1. The vault takes the new secret beside the old one; it still seals under the old.
  await roll(await node(OLD, NEW));
  // 2. The servers move to the new secret one at a time.
  servers[0]!.secret = NEW;
  await sleep(100);
  servers[1]!.secret = NEW;
  await sleep(50);
  // 3. The vault seals under the new secret and still takes the old one.
  await roll(await node(NEW, OLD));
  // 4. The old secret goes.
  const last = await node(NEW);
  await roll(last);
  await sleep(50);
  running = false;
  await Promise.all(loads);

  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(10);
  const refused = await fetch(`${last.url}/v1/cards/${token}`, { headers: { authorization: `Bearer ${OLD}` } });
  expect(refused.status).toBe(401);
  const sealedNow = await tokenOf(last, '4111111111111111');
  expect(openCardToken(cardFactsKey(NEW), sealedNow)?.last4).toBe('1111');
  expect(openCardToken(cardFactsKey(OLD), sealedNow)).toBeNull();
  await last.close();
});

it('refuses a re-wrap batch that is not a whole number from 1 to 1000, re-wrapping nothing', async () => {
  const node = await testVault({ database, masterKeys: [newKey] });
  for (const batch of ['0', '-5', 'abc', '1001', '2.5']) {
    const answer = await fetch(`${node.url}/v1/admin/rewrap?batch=${batch}`, { method: 'POST', headers: serverHeaders });
    expect([answer.status, ((await answer.json()) as { code: string }).code]).toEqual([400, 'invalid_batch']);
  }
  await node.close();
});
