import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../../simulator/src/startSimulator';
import { reconcileAttempts } from '../../payments/reconcileAttempts';
import type { RunningServer } from '../../server';
import { freePort } from '../../test/freePort';
import { nodeClient, type NodeAnswer } from '../../test/nodeClient';
import { cardPayload, testCardNumber } from '../../test/testApp';
import { startTestServer } from '../../test/testServer';
import { gatewayCall } from '../GatewayCall';
import type { Gateways } from '../Gateways';
import { startHttpFaultProxy, type NetworkFault } from '../testing/httpFaultProxy';
import { httpGateways } from './httpGateways';

// The fault table over the network: the server reaches the simulator (its own process in
// production; here its own HTTP server, books and journal) through a TCP proxy that holds, resets,
// cuts after the answer or delays a request, or is down while the simulator restarts. Each payment
// is sent, sent again with its trackId (the checkout's retry), and reconciled; then the simulator's
// books are asked by every attempt's key: one charge at most, and no attempt left in doubt.

let simulator: RunningSimulator;
let simulatorPort: number;
let proxy: Awaited<ReturnType<typeof startHttpFaultProxy>>;
let server: RunningServer;
let client: ReturnType<typeof nodeClient>;
let direct: Gateways;
const journal = join(mkdtempSync(join(tmpdir(), 'network-faults-')), 'books.jsonl');
const table: string[] = [];

beforeAll(async () => {
  simulatorPort = await freePort();
  simulator = await startSimulator({ port: simulatorPort, journal });
  proxy = await startHttpFaultProxy(simulator.url);
  direct = httpGateways(simulator.url).gateways;
  // The card and the push wallet through the proxy, each call given up after 1.5 s (the processor's own limit).
  const overNetwork = httpGateways(proxy.url, { maxWaitMs: 1_500, retryDelayMs: 50 }).gateways;
  server = await startTestServer({
    port: await freePort(), demoPort: await freePort(), wireEncoding: false, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0,
    gateways: { gateways: { card: overNetwork.card, push: overNetwork.push } },
  });
  client = nodeClient(server.url);
});
afterAll(async () => {
  console.log(['method | network fault | first answer | retry | charges at the processor | left in doubt', ...table].join('\n'));
  await server?.close();
  await proxy?.close();
  await simulator?.close();
}, 30_000);

async function newLink(amount: number): Promise<string> {
  return String((await client.admin('POST', '/links', { amount, taxAmount: 0, description: 'Red' })).data['code']);
}

/** The link's attempts once the reconciler ran with their deadline passed. */
async function reconciled(code: string) {
  await server.db.query("update transactions set updated_at = now() - interval '1 minute' where link_code = $1 and auth_status = 'PROCESSING'", [code]);
  await reconcileAttempts({ db: server.db, gateways: server.gateways });
  return server.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
}

interface Method {
  name: string;
  pay(code: string, trackId: string): Promise<NodeAnswer>;
  /** What the processor made for these keys: approved authorizations, or paid pushes and those still waiting (one request at most). */
  made(keys: string[]): Promise<number>;
}

const METHODS: Method[] = [
  {
    name: 'card',
    pay: (code, trackId) => client.api('/cards/auth-capture', cardPayload(code, { cardNumber: testCardNumber(trackId), amount: 20, taxAmount: 0, trackId })),
    made: async (keys) => (await Promise.all(keys.map((k) => direct.card.lookup(gatewayCall(k))))).filter((d) => d?.status === 'approved').length,
  },
  {
    name: 'nequi push',
    pay: (code, trackId) => client.api('/nequi/push', { code, phone: '63333333', trackId }),
    made: async (keys) => (await Promise.all(keys.map((k) => direct.push.status(gatewayCall(k))))).filter((a) => a !== null).length,
  },
];

const FAULTS: Array<[string, NetworkFault[]]> = [
  ['held (no answer)', [{ kind: 'hold' }]],
  ['reset once', [{ kind: 'reset' }]],
  ['answer lost', [{ kind: 'lost_answer' }]],
  ['delayed 300 ms', [{ kind: 'delay', ms: 300 }]],
];

describe('the gateway faults over the network', () => {
  for (const method of METHODS) {
    for (const [label, faults] of FAULTS) {
      it(`${method.name}, ${label}: one charge at most, none left in doubt`, async () => {
        const code = await newLink(20);
        const trackId = `net-${method.name.replace(' ', '-')}-${label.replace(/\W+/g, '-')}-${Date.now()}`;
        proxy.clear();
        for (const fault of faults) proxy.plan(fault);
        const first = await method.pay(code, trackId);
        const retry = await method.pay(code, trackId);
        const rows = await reconciled(code);
        const made = await method.made(rows.map((r) => r.cod_oper));
        const inDoubt = rows.filter((r) => r.auth_status === 'PROCESSING').length;
        table.push(`${method.name} | ${label} | ${first.status} | ${retry.status} | ${made} | ${inDoubt}`);
        expect(made).toBeLessThanOrEqual(1);
        expect(inDoubt).toBe(0);
        expect([200, 504]).toContain(first.status);
        expect(retry.status).toBe(200);
      });
    }

    it(`${method.name}, the simulator killed after it acted and started again from its journal: one charge, none left in doubt`, async () => {
      const code = await newLink(20);
      const trackId = `net-${method.name.replace(' ', '-')}-restart-${Date.now()}`;
      proxy.clear();
      // Killed once it acted, before its answer was delivered: nothing answers until it is back on its port.
      let stopped: Promise<void> | undefined;
      proxy.plan({ kind: 'lost_answer', onCut: () => (stopped = simulator.close()) });
      const first = await method.pay(code, trackId);
      await stopped;
      const whileAway = await method.pay(code, trackId);
      simulator = await startSimulator({ port: simulatorPort, journal });
      const retry = await method.pay(code, trackId);
      const rows = await reconciled(code);
      const made = await method.made(rows.map((r) => r.cod_oper));
      const inDoubt = rows.filter((r) => r.auth_status === 'PROCESSING').length;
      table.push(`${method.name} | simulator restarted (away: ${whileAway.status}) | ${first.status} | ${retry.status} | ${made} | ${inDoubt}`);
      expect(made).toBe(1);
      expect(inDoubt).toBe(0);
      expect(retry.status).toBe(200);
    });
  }
});

