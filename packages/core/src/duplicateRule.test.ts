import { describe, expect, it } from 'vitest';
import { duplicateCheckOf, duplicateStateOf, duplicateStateOfAnswer } from './duplicateRule';
import { errorFromHeader } from './errors';

// SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes"; SPEC 9 "Duplicate window
// 5 minutes". Read per merchant, and waived by SPEC 3's tryAgain (the payer confirmed a second purchase).

const NOW = Date.UTC(2026, 0, 1, 12, 5);
const MINUTE = 60_000;
const charge = { merchantId: 7, cardFingerprint: 'card-a', amountCents: 2675, tryAgain: false };

// The store matches earlier charges against this check in SQL (sandbox store/insertTransaction.ts,
// insertUnlessDuplicate); the rule's cases are tested there, on the database (payments/duplicateRule.test.ts).
describe('SPEC 8 "same amount and card within 5 minutes", per merchant', () => {
  it('tryAgain (SPEC 3): the payer said it is another purchase, so nothing is checked', () => {
    const check = duplicateCheckOf({ ...charge, tryAgain: true }, NOW);
    expect(check).toBeNull();
  });

  it('the check names what the store matches: merchant, card, amount and the window\'s start', () => {
    expect(duplicateCheckOf(charge, NOW)).toEqual({ merchantId: 7, cardFingerprint: 'card-a', amountCents: 2675, since: new Date(NOW - 5 * MINUTE) });
  });
});

// The rule counts only what charged or may still charge: "same amount and card within 5 minutes"
// is a question to the payer about a payment that took or may take their money.
describe('duplicateStateOf: what an earlier payment of the same card and amount is', () => {
  it.each([
    [1, 'APPROVED', 'charged'],
    [2, 'APPROVED', 'charged'],
    [-1, 'PENDING', 'waiting'],
    [-1, 'PENDING_3DS', 'waiting'],
    [-1, 'PROCESSING', 'waiting'],
    [0, 'DECLINED', null],
    [0, 'CANCELLED', null],
    [0, 'AUTHENTICATION_FAILED', null],
    [0, 'ERROR', null],
    [3, 'APPROVED', null],
    [-1, 'CANCELLED', null],
    [-1, 'EXPIRED', null],
  ] as const)('status %i, auth %s: %s', (status, authStatus, state) => {
    expect(duplicateStateOf({ status, authStatus })).toBe(state);
  });

  it.each([
    [{ code: 'possible_duplicated_tx', message: 'Posible transacción duplicada', state: 'waiting' }, 'waiting'],
    [{ code: 'possible_duplicated_tx', message: 'Posible transacción duplicada', state: 'charged' }, 'charged'],
    // The message is text for people: a state written there is not read.
    [{ code: 'possible_duplicated_tx', message: 'Posible transacción duplicada (waiting)' }, 'charged'],
    [{ code: 'possible_duplicated_tx', message: 'x', state: 'other' }, 'charged'],
  ])('the 409 %j carries the state as its field: %s', (answer, state) => {
    expect(duplicateStateOfAnswer(errorFromHeader(409, 'Conflict', answer).fields)).toBe(state);
  });
});
