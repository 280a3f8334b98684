import { describe, expect, it } from 'vitest';
import type { CardResultKey } from './cardMessages';
import { cardCallEnded, cardOutcomeFinal } from './cardCvcDrop';
import { recordedCardOutcomeOf } from './status';

const recorded = (key: CardResultKey) => ({ method: 'card', ...recordedCardOutcomeOf(key) });

describe('issue 90: the vault "drops the CVC after authorization" (PCI DSS 3.3.1.2), once the outcome is final', () => {
  it.each<[string, CardResultKey, boolean]>([
    ['approved: final', 'approved', true],
    ['declined by the issuer: final', 'generic', true],
    ['insufficient funds: final', 'insufficient_funds', true],
    ['an expired card: final', 'expired_card', true],
    ['an incorrect CVC: final', 'incorrect_cvc', true],
    ['3DS refused: final', 'three_ds_failed', true],
    ['the processor failed (recorded): final', 'failed', true],
    ['called off by another payment of the link: final', 'cancelled', true],
    ['in doubt: its retry carries the CVC again', 'processing', false],
    ['at a 3DS challenge: the vault\'s time drops it', 'three_ds', false],
    ['pending at the processor: the vault\'s time drops it', 'pending', false],
  ])('%s', (_case, key, final) => {
    expect(cardOutcomeFinal(recorded(key))).toBe(final);
  });

  it.each<[string, { status: number; authStatus: string | null }, boolean]>([
    ['captured later (2): final', { status: 2, authStatus: 'APPROVED' }, true],
    ['refunded (3): final', { status: 3, authStatus: 'APPROVED' }, true],
    ['no auth status, -1: not final', { status: -1, authStatus: null }, false],
  ])('%s', (_case, row, final) => {
    expect(cardOutcomeFinal({ method: 'card', ...row })).toBe(final);
  });

  it.each<[string, string, boolean]>([
    ['the processor\'s failure, nothing taken: ended', 'gateway_failed', true],
    ['called off by another payment meanwhile: ended', 'conflict', true],
    ['no answer: in doubt, the retry carries the CVC', 'in_doubt', false],
    ['a store or vault away, nothing sent: the retry carries it', 'unavailable', false],
    ['refused before the call (invalid body): the corrected retry carries it', 'invalid', false],
    ['refused by a business rule before the call', 'refused', false],
  ])('a card call that threw, %s', (_case, kind, ended) => {
    expect(cardCallEnded(kind)).toBe(ended);
  });
});
