import { NOTIFICATION_SIGNATURE_HEADER, verifyNotificationSignature } from '@pasarela/gateways';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './startSimulator';

// docs/sandbox.md "Disputes": the card network decides a dispute. The decision is in the
// processor's books (its `card/dispute` answers it) and told to the server as a signed
// notification, as the dispute's opening was; a dispute decided already is decided no more.

const SECRET = 'dispute-decide-secret';
const NOTIFY_SECRET = 'dispute-decide-notify';
let simulator: RunningSimulator;
let server: Server;
let notifyUrl = '';
const received: Array<{ id: string; dispute: { status: string }; valid: boolean }> = [];

const soon = () => new Date(Date.now() + 5_000).toISOString();

async function call(path: string, body: object) {
  const res = await fetch(`${simulator.url}/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { answer?: unknown; code?: string } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ ...(JSON.parse(body) as { id: string; dispute: { status: string } }), valid: verifyNotificationSignature(body, String(req.headers[NOTIFICATION_SIGNATURE_HEADER]), NOTIFY_SECRET) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  notifyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/gateways/card/notifications`;
  simulator = await startSimulator({ apiSecret: SECRET, notificationSecret: NOTIFY_SECRET, tickMs: 50 });
});
afterAll(async () => {
  await simulator?.close();
  server?.close();
});

const until = async (done: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
};

it('decides an open dispute in its books and tells the server, signed; a decided one is decided no more', async () => {
  // Card 4000 0000 0000 1976: approved, then disputed by the payer's bank.
  const decision = (await call('card/authorize', {
    idempotencyKey: 'D1', deadline: soon(), notifyUrl, amountCents: 4_000, currency: 'USD', merchant: { name: 'Tienda', logo: null }, lang: 'es', capture: true,
    card: { number: '4000000000001976', expMonth: '12', expYear: '2099', cvc: '123', holder: 'ANA' },
  })).json.answer as { status: string; reference: string };
  expect(decision.status).toBe('approved');
  await until(() => received.length >= 1);
  const opened = received[0] as unknown as { id: string; dispute: { reference: string; status: string } };
  expect(opened.dispute.status).toBe('needs_response');
  const disputeReference = opened.dispute.reference;

  const decided = await call('controls/dispute-decide', { reference: decision.reference, disputeReference, outcome: 'won', deadline: soon() });
  expect(decided.json.answer).toMatchObject({ reference: disputeReference, status: 'won', amountCents: 4_000 });
  // The processor's books say so, to whoever asks.
  const asked = await call('card/dispute', { idempotencyKey: `dispute:${disputeReference}`, deadline: soon(), reference: decision.reference, disputeReference });
  expect(asked.json.answer).toMatchObject({ status: 'won' });
  await until(() => received.length >= 2);
  expect(received.map((r) => [r.id, r.dispute.status, r.valid])).toEqual([
    [`sim:dispute:${disputeReference}:needs_response`, 'needs_response', true],
    [`sim:dispute:${disputeReference}:won`, 'won', true],
  ]);

  // Decided: another decision changes nothing, and nothing more is told.
  expect((await call('controls/dispute-decide', { reference: decision.reference, disputeReference, outcome: 'lost', deadline: soon() })).json.answer).toBeNull();
  expect((await call('card/dispute', { idempotencyKey: `dispute:${disputeReference}`, deadline: soon(), reference: decision.reference, disputeReference })).json.answer).toMatchObject({ status: 'won' });
  // No such dispute, or no such charge: nothing to decide.
  expect((await call('controls/dispute-decide', { reference: decision.reference, disputeReference: 'dp_nope', outcome: 'won', deadline: soon() })).json.answer).toBeNull();
  expect((await call('controls/dispute-decide', { reference: 'simch_nope', disputeReference, outcome: 'won', deadline: soon() })).json.answer).toBeNull();
  await new Promise((r) => setTimeout(r, 300));
  expect(received).toHaveLength(2);
});

it('refuses an outcome other than won or lost: 400', async () => {
  const bad = await call('controls/dispute-decide', { reference: 'simch_x', disputeReference: 'dp_x', outcome: 'maybe', deadline: soon() });
  expect([bad.status, bad.json.code]).toEqual([400, 'invalid_arguments']);
});
