import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningServer } from '../../server';
import { startTestServer } from '../../../test/testServer';
import { freePort } from '../../../test/freePort';
import { nodeClient } from '../../../test/nodeClient';
import { newTestSchema } from '../../../test/testSchema';
import { runFaultTable, startTableSimulator, type TableNode, type TableSimulator } from '../../../test/gateways/networkFaultTable';

// The fault table over the network (packages/sandbox/test/gateways/networkFaultTable.ts) with two nodes on one
// PostgreSQL sharing one simulator through the proxy, as several `npm start` nodes share a
// processor: each payment is sent to node A, reconciled on node B, retried and completed on node B,
// while the simulator's notifications go to node A. Needs a real PostgreSQL (TEST_DATABASE_URL):
// PGlite cannot be shared by two processes.
const url = process.env['TEST_DATABASE_URL'];

let simulator: TableSimulator;
let drop: (() => Promise<void>) | undefined;
const nodes: RunningServer[] = [];
let a: TableNode;
let b: TableNode;

async function startNode(databaseUrl: string): Promise<TableNode> {
  // A port found free can be taken before the node listens on it: then it starts again on others.
  for (let attempt = 1; ; attempt++) {
    try {
      // With a card vault of its own, as each npm start node reaches one (typed cards are tokens).
      const server = await startTestServer({
        port: await freePort(), demoPort: await freePort(), databaseUrl, wireEncoding: false,
        expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0, ...simulator.processors,
      });
      nodes.push(server);
      return { server, client: nodeClient(server.url) };
    } catch (error) {
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

let journalFolder: string | undefined;

beforeAll(async () => {
  if (!url) return;
  const schema = await newTestSchema(url);
  drop = schema.drop;
  journalFolder = mkdtempSync(join(tmpdir(), 'network-faults-nodes-'));
  simulator = await startTableSimulator(join(journalFolder, 'books.jsonl'));
  // Both first starts at once on the empty schema: one migrates and seeds.
  [a, b] = await Promise.all([startNode(schema.url), startNode(schema.url)]);
}, 60_000);
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  await simulator?.close();
  await drop?.();
  if (journalFolder) rmSync(journalFolder, { recursive: true, force: true });
}, 30_000);

describe.skipIf(!url)('the gateway faults over the network, two nodes on PostgreSQL, one simulator (skipped without TEST_DATABASE_URL)', () => {
  it('every method, every fault, sent to one node and reconciled on the other: one charge at most, none in doubt, 504 then the settled outcome', async () => {
    await runFaultTable({ nodes: { pay: a, reconcile: b, retry: b }, simulator });
  }, 300_000);
});
