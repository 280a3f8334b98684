import { GatewayOutcomeUnknown } from '@pasarela/gateways';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileAttempts } from '../../payments/reconcileAttempts';
import { freePort } from '../../../test/freePort';
import { nodeClient } from '../../../test/nodeClient';
import { tokenizedCardPayload } from '../../../test/testApp';
import { startTestServer } from '../../../test/testServer';
import { runFaultTable, startTableSimulator, type TableNode, type TableSimulator } from '../../../test/gateways/networkFaultTable';

// The fault table over the network (packages/sandbox/test/gateways/networkFaultTable.ts) on one node and its
// PGlite: every method through a proxy that holds, keeps the answer of, cuts, resets or delays its
// call to the simulator, and the simulator killed once it acted and started again from its journal.
// One charge at most, nothing left in doubt after reconciliation, 504 while in doubt and then the
// settled outcome. With TEST_DATABASE_URL it is skipped: the PostgreSQL run is the two-node table
// (networkFaultsTwoNodes.test.ts), which pays on one node and reconciles on the other.
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);

let simulator: TableSimulator;
let journalFolder: string | undefined;
let node: TableNode;

beforeAll(async () => {
  if (onPostgres) return;
  journalFolder = mkdtempSync(join(tmpdir(), 'network-faults-'));
  simulator = await startTableSimulator(join(journalFolder, 'books.jsonl'));
  const server = await startTestServer({
    port: await freePort(), demoPort: await freePort(), wireEncoding: false, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0,
    ...simulator.processors,
  });
  node = { server, client: nodeClient(server.url) };
});
afterAll(async () => {
  await node?.server.close();
  await simulator?.close();
  if (journalFolder) rmSync(journalFolder, { recursive: true, force: true });
}, 30_000);

describe.skipIf(onPostgres)('the gateway faults over the network, one node on PGlite (skipped with TEST_DATABASE_URL)', () => {
  it('every method, every fault: one charge at most, none in doubt after reconciliation, 504 then the settled outcome', async () => {
    await runFaultTable({ nodes: { pay: node, reconcile: node, retry: node }, simulator });
  }, 300_000);

  it('a processor that does not answer about one attempt holds back none of the others: the reconciler settles them in the same pass', async () => {
    const { db, gateways } = node.server;
    const { proxy } = simulator;
    const link = async (amount: number) => String((await node.client.admin('POST', '/links', { amount, taxAmount: 0, description: 'Sin respuesta' })).data['code']);
    const [older, newer] = await Promise.all([link(41), link(42)]);
    // Two card payments in doubt: the simulator approved both, their answers held past the deadline.
    for (const cents of [4100, 4200]) proxy.plan({ kind: 'hold_answer' }, (r) => r.path === '/v1/card/authorize' && (JSON.parse(r.body) as { amountCents?: number }).amountCents === cents);
    const first = await Promise.all([
      node.client.api('/cards/auth-capture', await tokenizedCardPayload(older, { amount: 41, taxAmount: 0 })),
      node.client.api('/cards/auth-capture', await tokenizedCardPayload(newer, { amount: 42, taxAmount: 0 })),
    ]);
    expect(first.map((a) => a.status)).toEqual([504, 504]);
    const attempt = async (code: string) => (await db.query<{ cod_oper: string; auth_status: string }>('select cod_oper, auth_status from transactions where link_code = $1', [code]))[0];
    const key = (await attempt(older))?.cod_oper;
    // Past their deadline, the older first in the reconciler's order; the processor does not answer about it.
    await db.query("update transactions set updated_at = now() - interval '2 minutes' where link_code = $1", [older]);
    await db.query("update transactions set updated_at = now() - interval '1 minute' where link_code = $1", [newer]);
    proxy.plan({ kind: 'hold' }, (r) => r.path === '/v1/card/lookup' && (JSON.parse(r.body) as { idempotencyKey?: string }).idempotencyKey === key);
    await expect(reconcileAttempts({ db, gateways })).rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    expect([(await attempt(older))?.auth_status, (await attempt(newer))?.auth_status]).toEqual(['PROCESSING', 'APPROVED']);
    // It answers on the next pass.
    await reconcileAttempts({ db, gateways });
    expect((await attempt(older))?.auth_status).toBe('APPROVED');
  }, 30_000);
});
