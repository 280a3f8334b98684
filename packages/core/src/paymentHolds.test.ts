import { describe, expect, it } from 'vitest';
import { capturableCentsOf, captureCheck, capturedCentsOf, captureMethodOf, holdLapsed, holdRefundRefusal, payerTypeDisagrees, totalPaidCentsOf, transactionsTypeOf, voidCheck, type Hold } from './paymentHolds';

const held: Hold = { state: 'authorized', heldCents: 4000, capturedCents: 0 };

describe('"the type comes from the link (SPEC\'s transactionsType)"', () => {
  it.each([
    ['AUTH is a hold the merchant captures', 'AUTH', 'manual'],
    ['AUTH_CAPTURE charges at once', 'AUTH_CAPTURE', 'automatic'],
    ['CAPTURE charges at once', 'CAPTURE', 'automatic'],
    ['a subscription (REC) charges at once', 'REC', 'automatic'],
  ] as const)('%s', (_case, type, method) => {
    expect(captureMethodOf(type)).toBe(method);
    expect(captureMethodOf(transactionsTypeOf(method))).toBe(method);
  });

  it.each<[string, string, string | undefined, boolean]>([
    ['"a payer\'s body that disagrees is refused": AUTH on an automatic link', 'AUTH_CAPTURE', 'AUTH', true],
    ['AUTH_CAPTURE on a manual link', 'AUTH', 'AUTH_CAPTURE', true],
    ['the link\'s own type, automatic', 'AUTH_CAPTURE', 'AUTH_CAPTURE', false],
    ['the link\'s own type, manual', 'AUTH', 'AUTH', false],
    ['absent: nothing to disagree with', 'AUTH', undefined, false],
    ['empty: nothing to disagree with', 'AUTH_CAPTURE', '', false],
  ])('%s', (_case, linkType, payerType, refused) => {
    expect(payerTypeDisagrees(linkType, payerType)).toBe(refused);
  });
});

describe('"capture (amount?, at most the hold; the rest released)", once', () => {
  it.each<[string, Hold, number | undefined, ReturnType<typeof captureCheck>]>([
    ['no amount: the whole hold', held, undefined, { cents: 4000, releasedCents: 0 }],
    ['a part: the rest released', held, 2500, { cents: 2500, releasedCents: 1500 }],
    ['exactly the hold', held, 4000, { cents: 4000, releasedCents: 0 }],
    ['a cent over the hold', held, 4001, { refusal: 'exceeds_hold' }],
    ['0', held, 0, { refusal: 'amount_not_positive' }],
    ['negative', held, -1, { refusal: 'amount_not_positive' }],
    ['a fraction of a cent', held, 10.5, { refusal: 'amount_not_positive' }],
    ['"once": captured already', { ...held, state: 'captured', capturedCents: 2500 }, 1000, { refusal: 'already_captured' }],
    ['a capture still asked of the processor', { ...held, state: 'capturing' }, undefined, { refusal: 'capture_in_progress' }],
    ['a release still asked of the processor', { ...held, state: 'releasing' }, undefined, { refusal: 'release_in_progress' }],
    ['a hold the merchant released', { ...held, state: 'released' }, undefined, { refusal: 'hold_released' }],
    ['a hold that expired', { ...held, state: 'expired' }, undefined, { refusal: 'hold_expired' }],
    // A donation (SPEC 7 amountToCampaign) rides on the payment: captured whole or voided.
    ['a hold with a donation, whole', { ...held, donationCents: 1000 }, undefined, { cents: 4000, releasedCents: 0 }],
    ['a hold with a donation, the whole amount named', { ...held, donationCents: 1000 }, 4000, { cents: 4000, releasedCents: 0 }],
    ['a hold with a donation, a part', { ...held, donationCents: 1000 }, 3000, { refusal: 'donation_needs_whole' }],
    ['a hold with a donation, less than the donation', { ...held, donationCents: 1000 }, 500, { refusal: 'donation_needs_whole' }],
  ])('%s', (_case, hold, amount, answer) => {
    expect(captureCheck(hold, amount)).toEqual(answer);
  });
});

describe('"a hold not captured by captureBefore is released at it" (docs/merchant-api.md), the reconciler come by or not', () => {
  const captureBefore = new Date('2026-12-05T12:00:00Z');
  it.each<[string, Date, ReturnType<typeof captureCheck>]>([
    ['a second before its deadline', new Date('2026-12-05T11:59:59Z'), { cents: 4000, releasedCents: 0 }],
    ['at its deadline', captureBefore, { refusal: 'hold_expired' }],
    ['after its deadline, still open in the books', new Date('2026-12-05T12:00:01Z'), { refusal: 'hold_expired' }],
  ])('%s', (_case, now, answer) => {
    expect(captureCheck(held, undefined, { captureBefore, now })).toEqual(answer);
  });
  it('no deadline (an older hold): captured as before', () => {
    expect(captureCheck(held, 2500, { captureBefore: null, now: new Date() })).toEqual({ cents: 2500, releasedCents: 1500 });
  });
});

describe('"void only uncaptured"', () => {
  it.each<[string, Hold, ReturnType<typeof voidCheck>]>([
    ['an open hold: all of it released', held, { releasedCents: 4000 }],
    ['captured', { ...held, state: 'captured', capturedCents: 4000 }, { refusal: 'already_captured' }],
    ['being captured', { ...held, state: 'capturing' }, { refusal: 'capture_in_progress' }],
    ['being released', { ...held, state: 'releasing' }, { refusal: 'release_in_progress' }],
    ['released already', { ...held, state: 'released' }, { refusal: 'hold_released' }],
    ['expired', { ...held, state: 'expired' }, { refusal: 'hold_expired' }],
  ])('%s', (_case, hold, answer) => {
    expect(voidCheck(hold)).toEqual(answer);
  });
});

describe('"what reaches the balance = only captured money", so only that is refunded', () => {
  it.each<[string, Hold, ReturnType<typeof holdRefundRefusal>]>([
    ['captured: refundable', { ...held, state: 'captured', capturedCents: 2500 }, undefined],
    ['open: nothing taken yet (capture or void it)', held, 'hold_open'],
    ['being captured: not yet taken', { ...held, state: 'capturing' }, 'capture_in_progress'],
    ['being released: nothing taken', { ...held, state: 'releasing' }, 'hold_released'],
    ['voided: nothing taken', { ...held, state: 'released' }, 'hold_released'],
    ['expired: nothing taken', { ...held, state: 'expired' }, 'hold_released'],
  ])('%s', (_case, hold, refusal) => {
    expect(holdRefundRefusal(hold)).toBe(refusal);
  });
});

describe('"a hold not captured in time is released by the reconciler"', () => {
  const deadline = new Date('2026-11-30T12:00:00Z');
  it.each<[string, Hold, Date, boolean]>([
    ['open, before its deadline', held, new Date('2026-11-30T11:59:59Z'), false],
    ['open, at its deadline', held, deadline, true],
    ['open, past it', held, new Date('2026-12-01T00:00:00Z'), true],
    ['captured, past it: kept', { ...held, state: 'captured', capturedCents: 4000 }, new Date('2026-12-01T00:00:00Z'), false],
    ['being captured, past it: the capture decides', { ...held, state: 'capturing' }, new Date('2026-12-01T00:00:00Z'), false],
    ['being released, past it: the release decides', { ...held, state: 'releasing' }, new Date('2026-12-01T00:00:00Z'), false],
  ])('%s', (_case, hold, now, lapsed) => {
    expect(holdLapsed(hold, deadline, now)).toBe(lapsed);
  });
});

describe('"what reaches the balance = only captured money"', () => {
  it.each<[string, Parameters<typeof capturedCentsOf>[0], number]>([
    ['an automatic payment: all it paid', { captureMethod: 'automatic', paidCents: 4000, hold: null }, 4000],
    ['a hold not captured: nothing', { captureMethod: 'manual', paidCents: 4000, hold: held }, 0],
    ['a hold being captured: nothing yet', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'capturing' } }, 0],
    ['captured in part: that part', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'captured', capturedCents: 2500 } }, 2500],
    ['captured whole', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'captured', capturedCents: 4000 } }, 4000],
    ['being released: nothing', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'releasing' } }, 0],
    ['released: nothing', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'released' } }, 0],
    ['expired: nothing', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'expired' } }, 0],
    ['a manual payment never approved: nothing', { captureMethod: 'manual', paidCents: 4000, hold: null }, 0],
  ])('%s', (_case, payment, cents) => {
    expect(capturedCentsOf(payment)).toBe(cents);
  });

  it('what may still be captured: the hold while open, else 0', () => {
    expect([held, { ...held, state: 'captured' as const, capturedCents: 1 }, { ...held, state: 'released' as const }].map(capturableCentsOf)).toEqual([4000, 0, 0]);
  });
});

describe('"one truth: nothing was taken from the payer" of a hold voided or expired (totalPaid)', () => {
  it.each<[string, Parameters<typeof totalPaidCentsOf>[0], number]>([
    ['an automatic payment: all it paid', { captureMethod: 'automatic', paidCents: 4000, hold: null }, 4000],
    ['a hold open: what it holds', { captureMethod: 'manual', paidCents: 4000, hold: held }, 4000],
    ['a hold being captured: still what it holds', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'capturing' } }, 4000],
    ['a hold being released: still what it holds', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'releasing' } }, 4000],
    ['captured in part: what the capture took', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'captured', capturedCents: 2500 } }, 2500],
    ['voided (released): nothing was taken', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'released' } }, 0],
    ['past its capture deadline (expired): nothing was taken', { captureMethod: 'manual', paidCents: 4000, hold: { ...held, state: 'expired' } }, 0],
    ['a manual payment never approved: what it asked, as any declined one', { captureMethod: 'manual', paidCents: 4000, hold: null }, 4000],
  ])('%s', (_case, payment, cents) => {
    expect(totalPaidCentsOf(payment)).toBe(cents);
  });

  it('ended without capture, it says what the captured amount (the console\'s paid amount) says', () => {
    for (const state of ['released', 'expired'] as const) {
      const payment = { captureMethod: 'manual' as const, paidCents: 4000, hold: { ...held, state } };
      expect(totalPaidCentsOf(payment)).toBe(capturedCentsOf(payment));
    }
  });
});
