import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import stripeGateways, { stripeCardProcessor } from './index';
import { disputeFacts, stripeNotifications } from './notifications';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';
import type { CardProcessor, NotificationHandler } from '@pasarela/gateways';

const SECRET = 'whsec_pasarela_test_endpoint';
let mock: RunningStripeMock;
let stripe: Stripe;
let processor: CardProcessor;
let handler: NotificationHandler;

beforeAll(async () => {
  mock = await startStripeMock();
  stripe = stripeClient({ secretKey: TEST_KEY, apiUrl: mock.url });
  processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: mock.url });
  handler = stripeNotifications(stripe, SECRET);
});
afterAll(() => mock.stop());

/** A webhook as Stripe sends it: the event as JSON, signed with the endpoint's secret. */
function webhook(type: string, object: unknown, secret = SECRET) {
  const body = JSON.stringify({ id: `evt_${newKey('e')}`, object: 'event', type, data: { object }, created: Math.floor(Date.now() / 1000) });
  const headers = new Headers({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret }) });
  return { body, headers };
}

async function approvedCharge(number = '4242424242424242') {
  const request = authorization(stripeToken(number));
  const decision = await processor.authorize(request);
  return { key: request.idempotencyKey, reference: (decision as { reference: string }).reference };
}

describe("Stripe's webhooks on the card port", () => {
  it('reads a dispute opened on a charge (the fake disputes a tok_createDispute charge)', async () => {
    const { reference } = await approvedCharge('4000000000000259');
    // The fake marks the charge with its dispute (`dispute`, a field of Stripe's older API versions) a
    // moment after the charge, on a timer of its own: asked until it has.
    let disputeId = '';
    await expect.poll(async () => (disputeId = ((await stripe.charges.retrieve(reference)) as unknown as { dispute: string | null }).dispute ?? '')).not.toBe('');
    const dispute = await stripe.disputes.retrieve(disputeId);
    const [event] = (await handler(webhook('charge.dispute.created', dispute))) ?? [];
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      kind: 'dispute',
      paymentReference: reference,
      dispute: { reference: disputeId, status: 'needs_response', stage: 'chargeback', amountCents: 2500, currency: 'USD', reason: 'fraudulent', evidenceDueBy: expect.any(Date) },
    });
    // The port's dispute lookup answers it as Stripe holds it, on its own charge only.
    const call = { idempotencyKey: `dispute:${disputeId}`, deadline: new Date(Date.now() + 5_000) };
    expect(await processor.dispute?.({ ...call, reference, disputeReference: disputeId })).toEqual(event?.kind === 'dispute' ? event.dispute : undefined);
    expect(await processor.dispute?.({ ...call, reference: 'ch_another', disputeReference: disputeId })).toBeNull();
    expect(await processor.dispute?.({ ...call, reference, disputeReference: 'dp_nobody' })).toBeNull();
    // Stripe's warning_* statuses are an inquiry: no money moves until it is a chargeback.
    expect(disputeFacts({ ...dispute, status: 'warning_needs_response' })).toMatchObject({ status: 'needs_response', stage: 'inquiry' });
    const closed = (await handler(webhook('charge.dispute.closed', { ...dispute, status: 'lost' }))) ?? [];
    expect(closed[0]).toMatchObject({ kind: 'dispute', dispute: { status: 'lost' } });
  });

  it("reads a charge's refunds, and a refund that failed later, by the refund's key", async () => {
    const { reference } = await approvedCharge();
    const key = newKey('refund');
    const made = await processor.refund({ idempotencyKey: key, deadline: inSeconds(5), reference, amountCents: 700, currency: 'USD' });
    const charge = await stripe.charges.retrieve(reference);
    expect(await handler(webhook('charge.refunded', charge))).toEqual([{ id: expect.any(String), kind: 'refund', key, reference: made.reference, outcome: 'refunded' }]);
    const refund = await stripe.refunds.retrieve(made.reference!);
    expect(await handler(webhook('refund.failed', { ...refund, status: 'failed' }))).toMatchObject([{ kind: 'refund', key, outcome: 'failed' }]);
    expect(await handler(webhook('refund.updated', { ...refund, status: 'pending' }))).toEqual([]);
  });

  it("reads a charge's decision under the attempt's key", async () => {
    const { key, reference } = await approvedCharge();
    const charge = await stripe.charges.retrieve(reference);
    expect(await handler(webhook('charge.succeeded', charge))).toEqual([{ id: expect.any(String), kind: 'card', key, reference, decision: { status: 'approved', reference, message: 'Approved' } }]);
  });

  it('refuses a webhook without a signature, with a wrong one, or altered; an authentic one about nothing carries no events', async () => {
    const good = webhook('customer.updated', { id: 'cus_x', object: 'customer' });
    expect(await handler(good)).toEqual([]);
    expect(await handler({ body: good.body, headers: new Headers() })).toBeUndefined();
    expect(await handler(webhook('customer.updated', { id: 'cus_x' }, 'whsec_someone_else'))).toBeUndefined();
    expect(await handler({ body: good.body.replace('cus_x', 'cus_y'), headers: good.headers })).toBeUndefined();
  });
});

describe('the GATEWAYS_MODULE export', () => {
  const context = { notificationUrl: (port: string) => `http://127.0.0.1/gateways/${port}/notifications` };

  it('gives the card port, and its notification handler when the webhook secret is set', () => {
    const provided = stripeGateways(context, { STRIPE_SECRET_KEY: TEST_KEY, STRIPE_API_URL: mock.url, STRIPE_WEBHOOK_SECRET: SECRET });
    expect(Object.keys(provided.gateways)).toEqual(['card']);
    expect(typeof provided.notifications?.card).toBe('function');
    expect(stripeGateways(context, { STRIPE_SECRET_KEY: TEST_KEY }).notifications).toBeUndefined();
  });

  it('stops the start without a secret key', () => {
    expect(() => stripeGateways(context, {})).toThrow('STRIPE_SECRET_KEY is not set');
  });
});
