import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { isGatewayCallNotSent, isGatewayOutcomeUnknown, type CardProcessor } from '@pasarela/gateways';
import { stripeCardProcessor } from './index';
import { KEY_FIELD } from './decisions';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { startFaultProxy, type Fault, type FaultProxy } from './testing/faultProxy';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';

// Faults between the adapter and Stripe: the adapter reaches the fake through a proxy that loses
// answers. Whatever is lost, one charge at most, and the payer waits no longer than the deadline.
const DEADLINE_MS = 1500;
/** What a bounded wait may add to the deadline: timers and a loaded machine. */
const SLACK_MS = 400;

let mock: RunningStripeMock;
let proxy: FaultProxy;
let direct: Stripe;
let directProcessor: CardProcessor;
let throughProxy: CardProcessor;
const table: Array<Record<string, string | number>> = [];

beforeAll(async () => {
  mock = await startStripeMock();
  proxy = await startFaultProxy(mock.url);
  direct = stripeClient({ secretKey: TEST_KEY, apiUrl: mock.url });
  directProcessor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: mock.url });
  throughProxy = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: proxy.url });
});
afterAll(async () => {
  console.log(`Stripe adapter fault table (deadline ${DEADLINE_MS} ms)`);
  console.table(table);
  await proxy.stop();
  await mock.stop();
});

async function chargesUnder(key: string): Promise<number> {
  let count = 0;
  for await (const charge of direct.charges.list({ limit: 100 })) if (charge.metadata[KEY_FIELD] === key) count++;
  return count;
}

/** Faults on the charge calls only (POST /v1/charges): `once` loses the first answer, else every one. */
function loseChargeAnswers(fault: Fault, once: boolean): void {
  let lost = 0;
  proxy.plan((method, path) => {
    if (method !== 'POST' || path !== '/v1/charges' || (once && lost > 0)) return 'pass';
    lost++;
    return fault;
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ outcome: T | Error; waitedMs: number }> {
  const started = Date.now();
  const outcome = await run().catch((error: Error) => error);
  return { outcome, waitedMs: Date.now() - started };
}

function outcomeName(outcome: unknown): string {
  if (isGatewayOutcomeUnknown(outcome)) return 'unknown';
  if (isGatewayCallNotSent(outcome)) return 'not sent';
  if (outcome instanceof Error) return `error: ${outcome.message}`;
  return (outcome as { status: string }).status;
}

describe('faults between the adapter and Stripe', () => {
  it.each([
    { fault: 'answer lost once', kind: 'cut-answer' as const, once: true, answer: 'approved' },
    { fault: 'answer lost on every try', kind: 'cut-answer' as const, once: false, answer: 'unknown' },
    { fault: 'answer held past the deadline', kind: 'hold-answer' as const, once: false, answer: 'unknown' },
  ])('$fault: one charge, the payer waits at most the deadline, lookup tells it', async ({ fault, kind, once, answer }) => {
    loseChargeAnswers(kind, once);
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => throughProxy.authorize(request));
    proxy.plan(() => 'pass');
    const charges = await chargesUnder(request.idempotencyKey);
    const looked = await directProcessor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    table.push({ fault, 'charges made': charges, expected: 1, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': looked?.status ?? 'null' });
    expect(outcomeName(outcome)).toBe(answer);
    expect(charges).toBe(1);
    expect(waitedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(looked).toMatchObject({ status: 'approved' });
  });

  it('the fake stopped (its connection refused): not sent, at once, nothing charged, and lookup by the key says never received', async () => {
    const stopped = await startStripeMock();
    const processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: stopped.url });
    await stopped.stop();
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => processor.authorize(request));
    const charges = await chargesUnder(request.idempotencyKey);
    const looked = await directProcessor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    table.push({ fault: 'fake stopped', 'charges made': charges, expected: 0, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': looked?.status ?? 'null' });
    expect(outcomeName(outcome)).toBe('not sent');
    expect((outcome as Error).message).toMatch(/refused the connection/);
    expect(waitedMs).toBeLessThan(DEADLINE_MS / 2);
    expect(charges).toBe(0);
    expect(looked).toBeNull();
  });

  it('a refund whose answer is lost on every try: unknown, one refund made, refundOutcome tells it', async () => {
    const reference = ((await directProcessor.authorize(authorization(stripeToken('4242424242424242')))) as { reference: string }).reference;
    proxy.plan((method, path) => (method === 'POST' && path === '/v1/refunds' ? 'cut-answer' : 'pass'));
    const key = newKey('refund');
    const { outcome, waitedMs } = await timed(() =>
      throughProxy.refund({ idempotencyKey: key, deadline: new Date(Date.now() + DEADLINE_MS), reference, amountCents: 500, currency: 'USD' }),
    );
    proxy.plan(() => 'pass');
    const refunds = (await direct.refunds.list({ charge: reference })).data.length;
    const told = await directProcessor.refundOutcome({ idempotencyKey: key, deadline: inSeconds(5), reference, refundReference: null });
    table.push({ fault: 'refund answer lost on every try', 'charges made': `${refunds} refund`, expected: '1 refund', answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': told ?? 'null' });
    expect(isGatewayOutcomeUnknown(outcome)).toBe(true);
    expect(refunds).toBe(1);
    expect(told).toBe('refunded');
  });
});

// A stopping card vault refuses a call it read after it stopped listening, before doing anything for it
// (503 `Vault-Not-Started: 1`, docs/operations.md): the adapter sends it once more on a new connection,
// as the server's own processor client does, and a charge refused so twice at its first try was sent
// nowhere. The proxy stands in for the vault's Stripe forwarding origin, with and without its secret.
describe('the card vault refusing a call it did not start', () => {
  const connections = [
    ['Stripe\'s Node client', {}],
    ['the vault\'s secret sent', { vaultSecret: 'vault-secret' }],
  ] as const;

  /** The charge calls the proxy received, and the connections they came on. */
  const chargeCalls = () => proxy.received.filter((r) => r.call === 'POST /v1/charges');

  it.each(connections)('refused once (%s): sent again at once on a new connection, one charge, approved', async (_, extra) => {
    const processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: proxy.url, ...extra });
    proxy.received.length = 0;
    loseChargeAnswers('not-started', true);
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => processor.authorize(request));
    proxy.plan(() => 'pass');
    const charges = await chargesUnder(request.idempotencyKey);
    table.push({ fault: 'vault not started once', 'charges made': charges, expected: 1, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': '-' });
    expect(outcome).toMatchObject({ status: 'approved' });
    expect(charges).toBe(1);
    const [refused, again] = chargeCalls();
    expect(chargeCalls()).toHaveLength(2);
    expect(again?.connection).not.toBe(refused?.connection);
    // No pause before it: the vault did nothing for the first.
    expect(waitedMs).toBeLessThan(DEADLINE_MS / 2);
  });

  it.each(connections)('refused twice at the first try (%s): not sent, at once, nothing charged, and lookup by the key says never received', async (_, extra) => {
    const processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: proxy.url, ...extra });
    proxy.received.length = 0;
    loseChargeAnswers('not-started', false);
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => processor.authorize(request));
    proxy.plan(() => 'pass');
    const charges = await chargesUnder(request.idempotencyKey);
    const looked = await directProcessor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    table.push({ fault: 'vault not started twice', 'charges made': charges, expected: 0, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': looked?.status ?? 'null' });
    expect(outcomeName(outcome)).toBe('not sent');
    expect((outcome as Error).message).toMatch(/stopping/);
    expect(chargeCalls()).toHaveLength(2);
    expect(charges).toBe(0);
    expect(looked).toBeNull();
    expect(waitedMs).toBeLessThan(DEADLINE_MS / 2);
  });

  it('refused twice after a try that may have reached Stripe: its retries under its key, never "not sent"', async () => {
    let charged = 0;
    proxy.plan((method, path) => {
      if (method !== 'POST' || path !== '/v1/charges') return 'pass';
      charged += 1;
      return charged === 1 ? 'cut-answer' : 'not-started';
    });
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => throughProxy.authorize(request));
    proxy.plan(() => 'pass');
    const charges = await chargesUnder(request.idempotencyKey);
    const looked = await directProcessor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    table.push({ fault: 'answer lost, then vault not started', 'charges made': charges, expected: 1, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': looked?.status ?? 'null' });
    expect(outcomeName(outcome)).toBe('unknown');
    expect(charges).toBe(1);
    expect(waitedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(looked).toMatchObject({ status: 'approved' });
  });

  it('the vault\'s own 502 (Stripe did not answer it) on every try: unknown by the deadline, never a decision', async () => {
    loseChargeAnswers('vault-unreachable', false);
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => throughProxy.authorize(request));
    proxy.plan(() => 'pass');
    table.push({ fault: 'vault: Stripe unreachable', 'charges made': await chargesUnder(request.idempotencyKey), expected: 0, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': '-' });
    expect(outcomeName(outcome)).toBe('unknown');
    expect(waitedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('the vault\'s 502 saying Stripe refused its connection, at the first try: not sent, at once, nothing charged', async () => {
    loseChargeAnswers('vault-refused-connection', false);
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => throughProxy.authorize(request));
    proxy.plan(() => 'pass');
    const charges = await chargesUnder(request.idempotencyKey);
    const looked = await directProcessor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    table.push({ fault: 'vault: Stripe refused its connection', 'charges made': charges, expected: 0, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': looked?.status ?? 'null' });
    expect(outcomeName(outcome)).toBe('not sent');
    expect((outcome as Error).message).toMatch(/could not connect to Stripe/);
    expect(charges).toBe(0);
    expect(looked).toBeNull();
    expect(waitedMs).toBeLessThan(DEADLINE_MS / 2);
  });

  it('the vault\'s 502 saying Stripe refused its connection after a try that may have reached Stripe: its retries under its key, never "not sent"', async () => {
    let charged = 0;
    proxy.plan((method, path) => {
      if (method !== 'POST' || path !== '/v1/charges') return 'pass';
      charged += 1;
      return charged === 1 ? 'cut-answer' : 'vault-refused-connection';
    });
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => throughProxy.authorize(request));
    proxy.plan(() => 'pass');
    const charges = await chargesUnder(request.idempotencyKey);
    table.push({ fault: 'answer lost, then vault: Stripe refused its connection', 'charges made': charges, expected: 1, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': '-' });
    expect(outcomeName(outcome)).toBe('unknown');
    expect(charges).toBe(1);
    expect(waitedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('a refund refused twice at its first try: not sent, no refund made', async () => {
    const reference = ((await directProcessor.authorize(authorization(stripeToken('4242424242424242')))) as { reference: string }).reference;
    proxy.plan((method, path) => (method === 'POST' && path === '/v1/refunds' ? 'not-started' : 'pass'));
    const key = newKey('refund');
    const { outcome } = await timed(() => throughProxy.refund({ idempotencyKey: key, deadline: new Date(Date.now() + DEADLINE_MS), reference, amountCents: 500, currency: 'USD' }));
    proxy.plan(() => 'pass');
    expect(outcomeName(outcome)).toBe('not sent');
    expect((await direct.refunds.list({ charge: reference })).data).toHaveLength(0);
  });
});

// A capture or a void whose answers are all lost ends unknown; the server asks it again under the
// same key (its reconciler): answered from what Stripe holds, and Stripe took or let go the money once.
async function heldCharge(): Promise<string> {
  const decision = await directProcessor.authorize(authorization(stripeToken('4242424242424242'), { capture: false }));
  return (decision as { reference: string }).reference;
}

describe('answers lost on every try, then the call asked again under its key', () => {
  it('a capture: unknown, then captured, Stripe capturing once', async () => {
    const reference = await heldCharge();
    proxy.plan((method, path) => (method === 'POST' && path.endsWith('/capture') ? 'cut-answer' : 'pass'));
    const call = { idempotencyKey: newKey('capture'), reference, amountCents: 2_000, currency: 'USD' };
    const lost = await throughProxy.capture({ ...call, deadline: new Date(Date.now() + 1_000) }).catch((error: unknown) => error);
    proxy.plan(() => 'pass');
    expect(isGatewayOutcomeUnknown(lost)).toBe(true);
    const sent = proxy.forwarded.filter((c) => c.endsWith(`${reference}/capture`)).length;
    expect(await throughProxy.capture({ ...call, deadline: inSeconds(5) })).toBe('captured');
    const charge = await direct.charges.retrieve(reference);
    expect([charge.captured, charge.amount_captured]).toEqual([true, 2_000]);
    // Asked again, it was answered from the charge Stripe holds captured: no capture sent.
    expect(proxy.forwarded.filter((c) => c.endsWith(`${reference}/capture`))).toHaveLength(sent);
  });

  it('a void: unknown, then voided, one refund of the hold', async () => {
    const reference = await heldCharge();
    proxy.plan((method, path) => (method === 'POST' && path === '/v1/refunds' ? 'cut-answer' : 'pass'));
    const call = { idempotencyKey: newKey('void'), reference };
    const lost = await throughProxy.void({ ...call, deadline: new Date(Date.now() + 1_000) }).catch((error: unknown) => error);
    proxy.plan(() => 'pass');
    expect(isGatewayOutcomeUnknown(lost)).toBe(true);
    expect(await throughProxy.void({ ...call, deadline: inSeconds(5) })).toBe('voided');
    expect((await direct.refunds.list({ charge: reference })).data.map((r) => r.amount)).toEqual([2_500]);
    expect(await directProcessor.lookup({ idempotencyKey: 'unused', deadline: inSeconds(5), reference })).toMatchObject({ status: 'voided' });
  });
});
