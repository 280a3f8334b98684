import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { isGatewayOutcomeUnknown, type CardProcessor } from '@pasarela/gateways';
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

  it('the fake stopped: unknown by the deadline, nothing charged, and lookup by the key says never received', async () => {
    const stopped = await startStripeMock();
    const processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: stopped.url });
    await stopped.stop();
    const request = authorization(stripeToken('4242424242424242'), { deadline: new Date(Date.now() + DEADLINE_MS) });
    const { outcome, waitedMs } = await timed(() => processor.authorize(request));
    const charges = await chargesUnder(request.idempotencyKey);
    const looked = await directProcessor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    table.push({ fault: 'fake stopped', 'charges made': charges, expected: 0, answer: outcomeName(outcome), 'payer waited (ms)': waitedMs, 'lookup after': looked?.status ?? 'null' });
    expect(isGatewayOutcomeUnknown(outcome)).toBe(true);
    expect(waitedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
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
