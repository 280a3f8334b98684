import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testCluster, type TestNode } from '../../../test/testNodes';
import { TEST_NOTIFICATION_SECRET, TEST_SIMULATOR_API_SECRET, testSimulator } from '../../../test/testServer';
import { tokenizedCardPayload, testCardNumber } from '../../../test/testApp';
import { gatewayCall } from '../GatewayCall';
import { httpGateways } from './httpGateways';

// Several server nodes share one simulator (PRODUCT.md "Processors"): a retry on the other node
// answers the first node's charge, made once at the simulator; a phone's answer, notified to the
// node that sent the push, settles the payment once for both. Needs PostgreSQL (TEST_DATABASE_URL).
const url = process.env['TEST_DATABASE_URL'];

let cluster: Awaited<ReturnType<typeof testCluster>>;
let a: TestNode;
let b: TestNode;
let code: string;
let simulatorUrl: string;

beforeAll(async () => {
  if (!url) return;
  simulatorUrl = (await testSimulator()).url;
  cluster = await testCluster(url, { processorsUrl: simulatorUrl, notificationSecret: TEST_NOTIFICATION_SECRET });
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  code = String((await a.client.admin('POST', '/links', { amount: 15, taxAmount: 0, description: 'Un simulador' })).data['code']);
});
afterAll(async () => {
  if (url) await cluster.close();
});

describe.skipIf(!url)('two nodes, one simulator', () => {
  it('a card payment retried on the other node: one authorization at the simulator, the same answer', async () => {
    const body = await tokenizedCardPayload(code, { cardNumber: testCardNumber('shared-simulator'), amount: 15, taxAmount: 0, trackId: `shared-${Date.now()}` });
    const first = await a.client.api('/cards/auth-capture', body);
    const retry = await b.client.api('/cards/auth-capture', body);
    expect(first.status).toBe(200);
    expect(retry.data).toEqual(first.data);
    const decision = await httpGateways(simulatorUrl, { apiSecret: TEST_SIMULATOR_API_SECRET }).gateways.card.lookup({ ...gatewayCall(String(first.data['codOper'])), reference: null });
    expect(decision?.status).toBe('approved');
  });

  it('a Nequi push sent by one node, its phone\'s answer notified: approved once, seen by both', async () => {
    const push = await b.client.api('/nequi/push', { code, phone: '61111111' });
    const codOper = String(push.data['codOper']);
    await vi.waitFor(async () => {
      const rows = (await a.client.admin('GET', `/transactions?code=${code}`)).data['transactions'] as Array<{ codOper: string; status: number }>;
      expect(rows.find((r) => r.codOper === codOper)?.status).toBe(1);
    }, { timeout: 10_000, interval: 100 });
    const events = await a.server.db.query<{ id: string }>('select id from gateway_events where attempt_key = $1', [codOper]);
    expect(events.map((e) => e.id)).toEqual([`sim:push:${codOper}:approved`]);
  });
});
