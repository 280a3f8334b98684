import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { stripeCardProcessor } from './index';
import { disputeFacts } from './notifications';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY, authorization, stripeToken } from './testing/fixtures';

// Every status of the pinned API version's Dispute.Status (stripe's types, 2026-10-28.endive), as
// the server books it (sandbox payments/disputes.ts over core disputeMove): a chargeback takes the
// amount and the dispute fee once, won gives the amount back and keeps the fee, an inquiry takes
// nothing, and won or lost is final.

let mock: RunningStripeMock;
let opened: Stripe.Dispute;
beforeAll(async () => {
  mock = await startStripeMock();
  const stripe = stripeClient({ secretKey: TEST_KEY, apiUrl: mock.url });
  const decision = await stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: mock.url }).authorize(authorization(stripeToken('4000000000000259')));
  const reference = (decision as { reference: string }).reference;
  // The mock opens the dispute a moment after the charge, on a timer of its own: asked until it has.
  const disputeOf = async () => ((await stripe.charges.retrieve(reference)) as unknown as { dispute: string | null }).dispute;
  let disputeId = await disputeOf();
  for (let tries = 0; !disputeId && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    disputeId = await disputeOf();
  }
  if (!disputeId) throw new Error('the mock opened no dispute');
  opened = await stripe.disputes.retrieve(disputeId);
});
afterAll(() => mock.stop());

/** The mock's dispute as Stripe would hold it in another status (and, for a card, another case type). */
const as = (status: string, caseType?: string): Stripe.Dispute => ({
  ...opened,
  status,
  ...(caseType ? { payment_method_details: { type: 'card', card: { brand: 'visa', network: 'visa', network_reason_code: '13.1', case_type: caseType } } } : {}),
});

describe("Stripe's dispute statuses on the port", () => {
  it.each([
    // An inquiry (a retrieval request): nothing taken until it is a chargeback.
    ['warning_needs_response', 'needs_response', 'inquiry'],
    ['warning_under_review', 'under_review', 'inquiry'],
    ['warning_closed', 'won', 'inquiry'],
    ['needs_response', 'needs_response', 'chargeback'],
    ['under_review', 'under_review', 'chargeback'],
    // The issuer refused the answer and the dispute may be appealed: awaiting the merchant, its money still out.
    ['appeal_needs_response', 'needs_response', 'chargeback'],
    ['appeal_under_review', 'under_review', 'chargeback'],
    ['won', 'won', 'chargeback'],
    ['lost', 'lost', 'chargeback'],
  ])('%s is %s at the %s stage', (stripeStatus, status, stage) => {
    expect(disputeFacts(as(stripeStatus))).toMatchObject({ status, stage });
  });

  it('prevented and blocked (Visa CE 3.0 through Order Insight): no chargeback, nothing moved, no fee, so a closed inquiry', () => {
    expect(disputeFacts(as('prevented', 'block'))).toMatchObject({ status: 'won', stage: 'inquiry' });
  });

  it('prevented and resolved (Visa RDR): the payer got the amount back out of the merchant\'s balance, so it ends lost, the amount out, prevented (no chargeback fee)', () => {
    expect(disputeFacts(as('prevented', 'resolution'))).toMatchObject({ status: 'lost', stage: 'chargeback', amountCents: 2500, prevented: true });
  });

  it("prevented without a case type says by the dispute's own balance transactions whether the amount left", () => {
    expect(disputeFacts({ ...as('prevented'), balance_transactions: [] })).toMatchObject({ status: 'won', stage: 'inquiry' });
    expect(opened.balance_transactions.length).toBeGreaterThan(0);
    expect(disputeFacts(as('prevented'))).toMatchObject({ status: 'lost', stage: 'chargeback', prevented: true });
  });

  it('a status the pinned version does not list is open and moves no money of its own: refunds wait, nothing closes, nothing new is taken', () => {
    expect(disputeFacts(as('pre_arbitration_something_new'))).toMatchObject({ status: 'under_review', stage: 'inquiry' });
    expect(disputeFacts(as('warning_something_new'))).toMatchObject({ status: 'under_review', stage: 'inquiry' });
    expect(disputeFacts(as('constructor'))).toMatchObject({ status: 'under_review', stage: 'inquiry' });
  });
});
