import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEchoProcessor, rawCall, type EchoProcessor } from './testing/echoProcessor';
import { API_SECRET, newMasterKey, serverHeaders, testVault, tokenOf, type TestVault } from './testing/testVault';
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
 * Several nodes on one store, rolled one at a time as a deployment would: the new key is added
 * first in the list (every node still opens the old), the records are re-wrapped in batches, then
 * nodes with the new key alone replace them. Tokenizing and forwarding go on the whole time.
 */
it('rotates the master key under load: no call fails, and every card still forwards its number after', async () => {
  const processors = new Map([['echo', new URL(processor.url)]]);
  const oldKey = newMasterKey('old');
  const newKey = newMasterKey('new');
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

  await sleep(100);
  const nodeB = await testVault({ database, masterKeys: [newKey, oldKey], processors, tokenizeLimit: { max: 100_000, windowMs: 60_000 } });
  serving = [nodeA, nodeB];
  await sleep(100);
  serving = [nodeB];
  await drainAndClose(nodeA);

  // A node with the new key alone cannot open what is still under the old one: the re-wrap is needed.
  const early = await testVault({ database, masterKeys: [newKey], processors });
  expect((await fetch(`${early.url}/v1/cards/${cards[0]!.token}`, { headers: serverHeaders })).status).toBe(500);
  await early.close();

  let batches = 0;
  for (;;) {
    const answer = await fetch(`${nodeB.url}/v1/admin/rewrap?batch=4`, { method: 'POST', headers: serverHeaders });
    const { rewrapped, remaining } = (await answer.json()) as { rewrapped: number; remaining: number };
    batches += 1;
    expect(rewrapped).toBeLessThanOrEqual(4);
    if (remaining === 0) break;
  }
  expect(batches).toBeGreaterThan(2);

  const nodeC = await testVault({ database, masterKeys: [newKey], processors, tokenizeLimit: { max: 100_000, windowMs: 60_000 } });
  serving = [nodeB, nodeC];
  await sleep(100);
  serving = [nodeC];
  await drainAndClose(nodeB);
  await sleep(100);
  running = false;
  await Promise.all(loads);

  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(20);
  expect(await database.query('select distinct master_key_id from vault_cards')).toEqual([{ master_key_id: 'new' }]);
  for (const card of cards) {
    const ref = randomUUID();
    const answer = await rawCall(`${nodeC.url}/forward/echo/v1/charges`, 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'vault-authorization': `Bearer ${API_SECRET}` }, `ref=${ref}&card[number]=${card.token}`);
    expect(answer.status).toBe(202);
    expect(processor.received.find((r) => r.body.startsWith(`ref=${ref}&`))?.body).toBe(`ref=${ref}&card[number]=${card.number}`);
  }
  await nodeC.close();
});
