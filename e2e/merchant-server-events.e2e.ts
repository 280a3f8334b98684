import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../packages/sandbox/test/freePort';

// examples/merchant-server.mjs hears a payout's and a dispute's events (issue 89: it logged "DISAGREES
// with the webhook" on every dispute and "No such transaction" on every payout) and makes each one's
// own verify call. Pasarela's merchant API is a stand-in here that answers those calls and records
// them; the events are signed as Pasarela signs them.
const SECRET_KEY = 'sk_test_example_events';
const WEBHOOK_SECRET = 'whsec_example_events';
const times = { createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-26T12:00:00.000Z' };
const line = (type: string, codOper: string | null, net: number) => ({
  id: `txn_${type}_${codOper ?? 'po'}`, type, amount: net, fee: 0, net, currency: 'USD', availableOn: times.createdAt, payoutId: 'po_1',
  codOper, refundId: null, disputeId: null, sourcePayoutId: type === 'payout' ? 'po_1' : null, createdAt: times.createdAt,
});
const PAYOUT = { id: 'po_1', amount: 25.67, currency: 'USD', status: 'paid', arrivalDate: '2026-11-27', failureReason: null, ...times, balanceTransactions: [line('payment', 'PPA1', 25.67), line('payout', null, -25.67)] };
const DISPUTE = { id: 'dp_1', codOper: 'PPA1', amount: 26.75, currency: 'USD', reason: 'fraudulent', status: 'needs_response', evidenceDueBy: '2026-12-02T12:00:00.000Z', evidence: null, ...times };

// A card payment of 26.75 with 5.00 of it refunded: approved still, as its refund's event says.
const PAYMENT = {
  codOper: 'PPA2', method: 'card', result: 'APPROVED', amount: 26.75, taxAmount: 0, linkCode: 'LKEXAMPLE0001', orderReference: 'pedido-2', metadata: {},
  refundedAmount: 5, currency: 'USD', donationAmount: 0, totalPaid: 26.75, refundableAmount: 21.75, payer: { email: null, name: null },
  card: { brand: 'VISA', last4: '4242' }, walletPhone: null, status: 1, authStatus: 'APPROVED', ...times,
};

let api: Server;
let apiUrl = '';
const asked: string[] = [];
let example: ChildProcess;
let exampleUrl = '';
let output = '';

beforeAll(async () => {
  api = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const answers: Record<string, object> = { '/api/v1/merchant/payouts/po_1': PAYOUT, '/api/v1/merchant/disputes/dp_1': DISPUTE, '/api/v1/merchant/transactions/PPA2': PAYMENT };
    const answer = answers[req.url ?? ''];
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? { code: 'not_found', message: 'No such object' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const port = await freePort();
  exampleUrl = `http://127.0.0.1:${port}`;
  example = spawn(process.execPath, ['examples/merchant-server.mjs'], {
    env: { ...process.env, PASARELA_URL: apiUrl, PORT: String(port), SECRET_KEY, WEBHOOK_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  example.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  example.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 15_000;
  while (!output.includes('Merchant server at')) {
    if (example.exitCode !== null || Date.now() > deadline) throw new Error(`merchant server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  if (example.exitCode === null) {
    const exited = new Promise((resolve) => example.once('exit', resolve));
    example.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

async function deliver(event: object): Promise<number> {
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
  return (await fetch(`${exampleUrl}/webhooks`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'pasarela-signature': signature } })).status;
}

it('handles a payout event and a dispute event by their type, each verified with its own call, and answers a later type 200', async () => {
  const { balanceTransactions: _lines, ...payout } = PAYOUT;
  expect(await deliver({ id: 'evt_p', type: 'payout.paid', createdAt: times.createdAt, data: payout })).toBe(200);
  expect(await deliver({ id: 'evt_d', type: 'dispute.created', createdAt: times.createdAt, data: DISPUTE })).toBe(200);
  expect(await deliver({ id: 'evt_l', type: 'charge.later', createdAt: times.createdAt, data: { anything: 1 } })).toBe(200);
  // The server answers each delivery at once and verifies it afterwards: its lines arrive in any order.
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/charge\.later: not handled by this shop/);
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/payout\.paid po_1: verify call says paid, 25\.67 USD\n\s+-> arrives 2026-11-27; it pays 1 payment\(s\): PPA1/);
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/dispute\.created dp_1 on PPA1: verify call says needs_response, 26\.75 USD \(fraudulent\)\n\s+-> send evidence by 2026-12-02T12:00:00\.000Z/);
  expect(output).not.toMatch(/DISAGREES|No such|request failed/);
  expect(asked).toEqual(['GET /api/v1/merchant/payouts/po_1', 'GET /api/v1/merchant/disputes/dp_1']);
}, 30_000);

it('ships an order on its approval alone: a refund\'s event of the same approved payment ships nothing', async () => {
  const { createdAt: _c, updatedAt: _u, ...data } = PAYMENT;
  expect(await deliver({ id: 'evt_r', type: 'transaction.refunded', createdAt: times.createdAt, data: { ...data, refundId: 're_1', refundAmount: 5 } })).toBe(200);
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/transaction\.refunded PPA2: verify call says APPROVED\n\s+-> refunded 5 of order pedido-2\n/);
  expect(output).not.toMatch(/ship order pedido-2/);
  expect(await deliver({ id: 'evt_a', type: 'transaction.approved', createdAt: times.createdAt, data: { ...data, refundedAmount: 0, refundableAmount: 26.75 } })).toBe(200);
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/transaction\.approved PPA2: verify call says APPROVED\n\s+-> ship order pedido-2\n/);
  expect(output.match(/ship order pedido-2/g)).toHaveLength(1);
}, 30_000);

it('answers a refund whose body is not JSON with a 400 that says so, and asks Pasarela nothing', async () => {
  const before = asked.length;
  const answer = await fetch(`${exampleUrl}/orders/PPA2/refunds`, { method: 'POST', body: '{amount', headers: { 'content-type': 'application/json', 'idempotency-key': 'refund-bad-json' } });
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 'invalid_json' });
  expect(asked.length).toBe(before);
  expect(output).not.toMatch(/request failed/);
});
