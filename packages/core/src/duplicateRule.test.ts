import { describe, expect, it } from 'vitest';
import { duplicateCheckOf, isPossibleDuplicate, type EarlierCharge } from './duplicateRule';

// SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes"; SPEC 9 "Duplicate window
// 5 minutes". Read per merchant, and waived by SPEC 3's tryAgain (the payer confirmed a second purchase).

const NOW = Date.UTC(2026, 0, 1, 12, 5);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const charge = { merchantId: 7, cardFingerprint: 'card-a', amountCents: 2675, tryAgain: false };
const earlier = (ago: number, over: Partial<EarlierCharge> = {}): EarlierCharge => ({
  merchantId: 7, cardFingerprint: 'card-a', amountCents: 2675, createdAt: new Date(NOW - ago), result: 'APPROVED', ...over,
});

describe('SPEC 8 "same amount and card within 5 minutes", per merchant', () => {
  it.each<[string, EarlierCharge, boolean]>([
    ['the same card and amount a second ago', earlier(SECOND), true],
    ['4m59s ago (inside the window)', earlier(5 * MINUTE - SECOND), true],
    ['exactly 5 minutes ago (the window includes its start)', earlier(5 * MINUTE), true],
    ['5 minutes and a millisecond ago (outside)', earlier(5 * MINUTE + 1), false],
    ['5m01s ago (outside)', earlier(5 * MINUTE + SECOND), false],
    ['a payment stamped a second ahead (another node\'s clock): inside', earlier(-SECOND), true],
    ['pending 1 minute ago: it may still charge', earlier(MINUTE, { result: 'PENDING' }), true],
    ['declined 1 minute ago: no charge, so no duplicate', earlier(MINUTE, { result: 'DECLINED' }), false],
    ['another amount', earlier(MINUTE, { amountCents: 2775 }), false],
    ['another card', earlier(MINUTE, { cardFingerprint: 'card-b' }), false],
    ['another merchant: another shop\'s purchase', earlier(MINUTE, { merchantId: 8 }), false],
  ])('%s -> duplicate: %s', (_case, before, duplicate) => {
    expect(isPossibleDuplicate(duplicateCheckOf(charge, NOW), before)).toBe(duplicate);
  });

  it('the clock moved across the 5 minutes both ways: a payment at 12:00 blocks until 12:05, not at 12:05 and a millisecond', () => {
    const paidAt = Date.UTC(2026, 0, 1, 12, 0);
    const at = (now: number) => isPossibleDuplicate(duplicateCheckOf(charge, now), { ...earlier(0), createdAt: new Date(paidAt) });
    expect([at(paidAt), at(paidAt + 4 * MINUTE), at(paidAt + 5 * MINUTE), at(paidAt + 5 * MINUTE + 1), at(paidAt + 6 * MINUTE)])
      .toEqual([true, true, true, false, false]);
    // And back again: the rule depends on the clock alone, nothing is remembered.
    expect([at(paidAt + 5 * MINUTE + 1), at(paidAt + 5 * MINUTE), at(paidAt + MINUTE)]).toEqual([false, true, true]);
  });

  it('tryAgain (SPEC 3): the payer said it is another purchase, so nothing is checked', () => {
    const check = duplicateCheckOf({ ...charge, tryAgain: true }, NOW);
    expect(check).toBeNull();
    expect(isPossibleDuplicate(check, earlier(SECOND))).toBe(false);
  });

  it('the check names what the store matches: merchant, card, amount and the window\'s start', () => {
    expect(duplicateCheckOf(charge, NOW)).toEqual({ merchantId: 7, cardFingerprint: 'card-a', amountCents: 2675, since: new Date(NOW - 5 * MINUTE) });
  });
});
