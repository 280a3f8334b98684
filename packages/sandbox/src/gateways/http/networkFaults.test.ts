import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { startTestServer } from '../../test/testServer';
import { runFaultTable, startTableSimulator, type TableNode, type TableSimulator } from '../testing/networkFaultTable';

// The fault table over the network (gateways/testing/networkFaultTable.ts) on one node and its
// PGlite: every method through a proxy that holds, keeps the answer of, cuts, resets or delays its
// call to the simulator, and the simulator killed once it acted and started again from its journal.
// One charge at most, nothing left in doubt after reconciliation, 504 while in doubt and then the
// settled outcome. The PostgreSQL run with two nodes is networkFaultsTwoNodes.test.ts.

let simulator: TableSimulator;
let node: TableNode;

beforeAll(async () => {
  simulator = await startTableSimulator(join(mkdtempSync(join(tmpdir(), 'network-faults-')), 'books.jsonl'));
  const server = await startTestServer({
    port: await freePort(), demoPort: await freePort(), wireEncoding: false, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0,
    ...simulator.processors,
  });
  node = { server, client: nodeClient(server.url) };
});
afterAll(async () => {
  await node?.server.close();
  await simulator?.close();
}, 30_000);

describe('the gateway faults over the network, one node on PGlite', () => {
  it('every method, every fault: one charge at most, none in doubt after reconciliation, 504 then the settled outcome', async () => {
    await runFaultTable({ nodes: { pay: node, reconcile: node, retry: node }, simulator });
  }, 120_000);
});
