import { describe, expect, it } from 'vitest';
import { DISPUTE_FEE_CENTS } from './fees';
import { disputeHoldsCents, disputeMove, disputeRetake, refundMove, refundRoom, type BookedDispute } from './paymentMoney';

type PaymentMoney = Parameters<typeof refundRoom>[0];
type DisputeReport = Parameters<typeof disputeMove>[1];

// Issue 89 item 1: "the rule for each operation: what may be refunded (captured - refunded -
// disputed), what a dispute may take (at most what was captured and not refunded)". Item 3:
// "Refunds and disputes exclude each other: a refund while a dispute is open, or of money a dispute
// took, is `409 charge_disputed` ... a dispute is capped at what is left ... an inquiry takes no money
// until it becomes a chargeback". Item 4: "a refund that fails after succeeding gives the money back".

const chargeback = (status: BookedDispute['status'], takenCents: number): BookedDispute => ({ stage: 'chargeback', status, takenCents, feeCharged: true });
const inquiry = (status: BookedDispute['status']): BookedDispute => ({ stage: 'inquiry', status, takenCents: 0, feeCharged: false });
const paid = (refundHeldCents: number, disputes: BookedDispute[] = []): PaymentMoney => ({ capturedCents: 2675, refundHeldCents, disputes });

describe('"what may be refunded (captured - refunded - disputed)"; "a refund while a dispute is open, or of money a dispute took, is charge_disputed"', () => {
  it.each<[string, PaymentMoney, number | undefined, ReturnType<typeof refundRoom>]>([
    ['undisputed: all that was captured', paid(0), undefined, { cents: 2675 }],
    ['after a partial refund: the rest', paid(1000), undefined, { cents: 1675 }],
    ['a cent over the rest, undisputed', paid(1000), 1676, { refusal: 'exceeds_remaining' }],
    ['all refunded', paid(2675), undefined, { refusal: 'fully_refunded' }],
    // docs/merchant-api.md: a pending refund "keeps its part of what remains": nothing remains, yet nothing was refunded.
    ['all held by a pending refund', { ...paid(2675), refundPendingCents: 2675 }, 100, { refusal: 'held_by_pending_refunds' }],
    ['all held by a pending refund, no amount', { ...paid(2675), refundPendingCents: 2675 }, undefined, { refusal: 'held_by_pending_refunds' }],
    ['the rest held by a pending refund after a made one', { ...paid(2675), refundPendingCents: 675 }, undefined, { refusal: 'held_by_pending_refunds' }],
    ['a pending refund holds a part: the rest may be refunded', { ...paid(1000), refundPendingCents: 1000 }, undefined, { cents: 1675 }],
    ['a pending refund holds a part: more than the rest', { ...paid(1000), refundPendingCents: 1000 }, 1676, { refusal: 'exceeds_remaining' }],
    ['a chargeback open', paid(0, [chargeback('needs_response', 2675)]), 100, { refusal: 'charge_disputed' }],
    ['a chargeback under review', paid(0, [chargeback('under_review', 1000)]), 100, { refusal: 'charge_disputed' }],
    ['an inquiry open: it takes no money but the refund waits', paid(0, [inquiry('needs_response')]), 100, { refusal: 'charge_disputed' }],
    ['a chargeback lost for all: the money is gone', paid(0, [chargeback('lost', 2675)]), undefined, { refusal: 'charge_disputed' }],
    ['a chargeback lost for a part: the rest may be refunded', paid(0, [chargeback('lost', 1000)]), undefined, { cents: 1675 }],
    ['a chargeback lost for a part: more than the rest is the dispute\'s money', paid(0, [chargeback('lost', 1000)]), 1676, { refusal: 'charge_disputed' }],
    ['a chargeback lost, more than was captured', paid(0, [chargeback('lost', 1000)]), 2676, { refusal: 'exceeds_remaining' }],
    ['a chargeback won: the money came back, it may be refunded', paid(0, [chargeback('won', 2675)]), undefined, { cents: 2675 }],
    ['an inquiry closed in the merchant\'s favour', paid(0, [inquiry('won')]), undefined, { cents: 2675 }],
    ['a refund of 0', paid(0), 0, { refusal: 'amount_not_positive' }],
  ])('%s', (_case, money, amount, answer) => {
    expect(refundRoom(money, amount)).toEqual(answer);
  });
});

describe('what a dispute keeps from the merchant: a chargeback until it is won, an inquiry nothing', () => {
  it.each<[BookedDispute, boolean, number]>([
    [inquiry('needs_response'), true, 0],
    [inquiry('under_review'), true, 0],
    [chargeback('needs_response', 500), true, 500],
    [chargeback('under_review', 500), true, 500],
    [chargeback('lost', 500), false, 500],
    [chargeback('won', 500), false, 0],
  ])('%j: a refund waits %s, holds %i', (dispute, open, holds) => {
    expect(['refusal' in refundRoom(paid(0, [dispute]), 1), disputeHoldsCents(dispute)]).toEqual([open, holds]);
  });
});

const report = (stage: DisputeReport['stage'], status: DisputeReport['status'], amountCents: number): DisputeReport => ({ stage, status, amountCents });
const fee = DISPUTE_FEE_CENTS.USD;

describe('"a dispute is capped at what is left and its ledger line follows every amount change; an inquiry takes no money until it becomes a chargeback"', () => {
  it.each<[string, BookedDispute | undefined, DisputeReport, { refundHeldCents: number; other: number }, ReturnType<typeof disputeMove>]>([
    ['a chargeback opened: its amount and the fee leave', undefined, report('chargeback', 'needs_response', 2675), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('needs_response', 2675), takeCents: 2675, feeCents: fee, reversalCents: 0 }],
    ['on a payment refunded in part: capped at what is left', undefined, report('chargeback', 'needs_response', 2675), { refundHeldCents: 1000, other: 0 },
      { booked: chargeback('needs_response', 1675), takeCents: 1675, feeCents: fee, reversalCents: 0 }],
    ['beside another dispute: capped at what that one left', undefined, report('chargeback', 'needs_response', 2675), { refundHeldCents: 0, other: 2000 },
      { booked: chargeback('needs_response', 675), takeCents: 675, feeCents: fee, reversalCents: 0 }],
    ['"a $1,000 dispute on a $10 sale is refused": more than was captured', undefined, report('chargeback', 'needs_response', 2676), { refundHeldCents: 0, other: 0 },
      { refusal: 'exceeds_captured' }],
    ['a negative amount is no dispute', undefined, report('chargeback', 'needs_response', -1), { refundHeldCents: 0, other: 0 }, { refusal: 'exceeds_captured' }],
    ['an inquiry opened: no money, no fee', undefined, report('inquiry', 'needs_response', 2675), { refundHeldCents: 0, other: 0 },
      { booked: inquiry('needs_response'), takeCents: 0, feeCents: 0, reversalCents: 0 }],
    ['the inquiry becomes a chargeback: now the money and the fee', inquiry('needs_response'), report('chargeback', 'needs_response', 2675), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('needs_response', 2675), takeCents: 2675, feeCents: fee, reversalCents: 0 }],
    ['an inquiry closed in the merchant\'s favour: nothing ever moved', inquiry('under_review'), report('inquiry', 'won', 2675), { refundHeldCents: 0, other: 0 },
      { booked: inquiry('won'), takeCents: 0, feeCents: 0, reversalCents: 0 }],
    ['a chargeback is not an inquiry again', chargeback('needs_response', 2675), report('inquiry', 'under_review', 2675), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('under_review', 2675), takeCents: 0, feeCents: 0, reversalCents: 0 }],
    ['its amount lowered: the difference comes back, no second fee', chargeback('needs_response', 2675), report('chargeback', 'under_review', 2000), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('under_review', 2000), takeCents: -675, feeCents: 0, reversalCents: 0 }],
    ['its amount raised: the difference leaves, up to what is left', chargeback('needs_response', 1000), report('chargeback', 'needs_response', 2675), { refundHeldCents: 500, other: 0 },
      { booked: chargeback('needs_response', 2175), takeCents: 1175, feeCents: 0, reversalCents: 0 }],
    ['won: what it took comes back, the fee stays', chargeback('under_review', 2675), report('chargeback', 'won', 2675), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('won', 2675), takeCents: 0, feeCents: 0, reversalCents: 2675 }],
    ['first heard of as won: taken and given back at once, the fee charged', undefined, report('chargeback', 'won', 2675), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('won', 2675), takeCents: 2675, feeCents: fee, reversalCents: 2675 }],
    ['lost: what it took stays out', chargeback('under_review', 2675), report('chargeback', 'lost', 2675), { refundHeldCents: 0, other: 0 },
      { booked: chargeback('lost', 2675), takeCents: 0, feeCents: 0, reversalCents: 0 }],
    ['"won or lost stays so": a later report changes nothing', chargeback('lost', 2675), report('chargeback', 'won', 2675), { refundHeldCents: 0, other: 0 },
      { refusal: 'closed' }],
    ['prevented before it was a chargeback (Visa RDR: the payer given the amount back): the amount leaves, no chargeback fee', undefined, { ...report('chargeback', 'lost', 2675), prevented: true }, { refundHeldCents: 0, other: 0 },
      { booked: { ...chargeback('lost', 2675), feeCharged: false }, takeCents: 2675, feeCents: 0, reversalCents: 0 }],
  ])('%s', (_case, before, now, money, move) => {
    expect(disputeMove(before, now, { capturedCents: 2675, refundHeldCents: money.refundHeldCents }, money.other)).toEqual(move);
  });
});

// docs/merchant-api.md "Disputes": "A dispute's `currency` is its payment's, and its amounts are in it,
// whatever letters the processor writes it in (`usd` is `USD`). A dispute the processor reports in
// another currency than the payment's is refused (nothing recorded, nothing moved)".
describe('a dispute is counted in its payment\'s currency', () => {
  const opened = { booked: chargeback('needs_response', 2675), takeCents: 2675, reversalCents: 0 };
  it.each<[string, string | undefined, 'USD' | 'COP' | undefined, ReturnType<typeof disputeMove>]>([
    ['the processor\'s lower case is the payment\'s currency', 'usd', 'USD', { ...opened, feeCents: fee }],
    ['written with spaces around it', ' USD ', 'USD', { ...opened, feeCents: fee }],
    ['a peso payment\'s dispute in pesos: the peso fee', 'cop', 'COP', { ...opened, feeCents: DISPUTE_FEE_CENTS.COP }],
    ['no currency said: the payment\'s', undefined, 'COP', { ...opened, feeCents: DISPUTE_FEE_CENTS.COP }],
    ['a payment of no stated currency is in dollars', 'usd', undefined, { ...opened, feeCents: fee }],
    ['a dollar payment\'s dispute reported in euros books nothing', 'eur', 'USD', { refusal: 'other_currency' }],
    ['a peso payment\'s dispute reported in dollars books nothing', 'usd', 'COP', { refusal: 'other_currency' }],
    ['an empty currency is not the payment\'s', '', 'USD', { refusal: 'other_currency' }],
  ])('%s', (_case, reported, paymentCurrency, move) => {
    expect(disputeMove(undefined, { ...report('chargeback', 'needs_response', 2675), currency: reported }, { capturedCents: 2675, refundHeldCents: 0, currency: paymentCurrency }, 0)).toEqual(move);
  });

  it('is refused in another currency even once closed, before anything else is judged', () => {
    expect(disputeMove(chargeback('lost', 2675), { ...report('chargeback', 'won', 2675), currency: 'eur' }, { capturedCents: 2675, refundHeldCents: 0, currency: 'USD' }, 0)).toEqual({ refusal: 'other_currency' });
  });
});

// docs/merchant-api.md "Disputes": takenAmount "is what it took: at most what was paid and not
// refunded"; dispute.updated: "takenAmount and the books follow". A refund that held its part when
// the dispute was booked and then failed holds nothing: the open dispute takes what it may now.
describe('"takenAmount is what it took: at most what was paid and not refunded", measured again once a refund failed', () => {
  it.each<[string, BookedDispute, number, { refundHeldCents: number; other: number }, ReturnType<typeof disputeRetake>]>([
    ['booked beside a full refund pending, that refund failed: all of its amount', chargeback('needs_response', 0), 2675, { refundHeldCents: 0, other: 0 },
      { booked: chargeback('needs_response', 2675), takeCents: 2675 }],
    ['booked beside a partial refund pending, that refund failed: the rest of its amount', chargeback('needs_response', 675), 2675, { refundHeldCents: 0, other: 0 },
      { booked: chargeback('needs_response', 2675), takeCents: 2000 }],
    ['under review: the same', chargeback('under_review', 0), 2675, { refundHeldCents: 0, other: 0 },
      { booked: chargeback('under_review', 2675), takeCents: 2675 }],
    ['another refund still held: up to what it leaves', chargeback('needs_response', 0), 2675, { refundHeldCents: 1000, other: 0 },
      { booked: chargeback('needs_response', 1675), takeCents: 1675 }],
    ['another dispute holds a part: up to what it leaves', chargeback('needs_response', 0), 2675, { refundHeldCents: 0, other: 2000 },
      { booked: chargeback('needs_response', 675), takeCents: 675 }],
    ['its amount less than the payment: no more than its amount', chargeback('needs_response', 0), 1000, { refundHeldCents: 0, other: 0 },
      { booked: chargeback('needs_response', 1000), takeCents: 1000 }],
    ['it took all it could already: nothing', chargeback('needs_response', 2675), 2675, { refundHeldCents: 0, other: 0 }, undefined],
    ['an inquiry takes nothing', inquiry('needs_response'), 2675, { refundHeldCents: 0, other: 0 }, undefined],
    ['lost before the refund failed: the bank gave the cardholder its amount, so it takes it', chargeback('lost', 675), 2675, { refundHeldCents: 0, other: 0 },
      { booked: chargeback('lost', 2675), takeCents: 2000 }],
    ['lost, another refund still held: up to what it leaves', chargeback('lost', 0), 2675, { refundHeldCents: 1000, other: 0 },
      { booked: chargeback('lost', 1675), takeCents: 1675 }],
    ['won: it gave back what it took, nothing more leaves', chargeback('won', 0), 2675, { refundHeldCents: 0, other: 0 }, undefined],
  ])('%s', (_case, before, amountCents, money, retake) => {
    expect(disputeRetake(before, amountCents, { capturedCents: 2675, refundHeldCents: money.refundHeldCents }, money.other)).toEqual(retake);
  });
});

describe('"a refund that fails after succeeding gives the money back to the merchant\'s balance, marks the refund failed"', () => {
  it.each<[Parameters<typeof refundMove>[0], Parameters<typeof refundMove>[1], ReturnType<typeof refundMove>]>([
    ['pending', 'refunded', 'succeeded'],
    ['pending', 'failed', 'failed'],
    ['succeeded', 'failed', 'failed_after_success'],
    ['succeeded', 'refunded', 'unchanged'],
    ['failed', 'refunded', 'unchanged'],
    ['failed', 'failed', 'unchanged'],
  ])('%s, then %s: %s', (state, outcome, next) => {
    expect(refundMove(state, outcome)).toBe(next);
  });
});
