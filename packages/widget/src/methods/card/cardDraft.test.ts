import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedAttempt } from '../../payments/attemptStore';
import { entryDraft, forgetEntryDraft, keepForChallenge, saveCardDraft } from './cardDraft';

const typed = { name: 'Maria Nunez', email: 'maria@example.com', phone: '+507 6123-4567' };

function memory() {
  const saved: SavedAttempt[] = [];
  return { saved, payment: { memory: () => ({ load: () => null, save: (s: SavedAttempt) => void saved.push(s), clear: () => undefined }) } };
}

describe('what a card form keeps as it leaves for a 3DS challenge', () => {
  beforeEach(() => history.replaceState({ other: 1 }, '', '/pf/widget?type=lk&code=A'));

  it('keeps what was typed in the form (the card was typed in the vault\'s fields), and the challenge address, in the form\'s own history entry; the payment in its memory', () => {
    const { saved, payment } = memory();
    saveCardDraft(null, typed);
    keepForChallenge(payment, 'OP1', 'https://checkout.test/sandbox/3ds/OP1');
    expect(saved).toEqual([{ codOper: 'OP1', deadline: null }]);
    expect(entryDraft()).toEqual({ values: typed, challengeUrl: 'https://checkout.test/sandbox/3ds/OP1' });
    // Back on this entry, the page opens at its top (where the form says why), not scrolled to Pay.
    expect(history.scrollRestoration).toBe('manual');
    // An entry kept by an older checkout with the card in it gives none of it back.
    history.replaceState({ pasarelaCard: { values: { ...typed, cardnumber: '4000000000003220', cvc: '123' }, challengeUrl: '' } }, '');
    expect(JSON.stringify(entryDraft())).not.toContain('4000000000003220');
    history.replaceState({ other: 1, pasarelaCard: { values: typed, challengeUrl: 'https://checkout.test/sandbox/3ds/OP1' } }, '');
    // The entry's own state is kept alongside.
    expect((history.state as { other: number }).other).toBe(1);
  });

  it('forgets it once the payment is over, and reads nothing from an entry that kept nothing', () => {
    saveCardDraft(null, typed);
    keepForChallenge(memory().payment, 'OP1', 'https://checkout.test/sandbox/3ds/OP1');
    forgetEntryDraft();
    expect(entryDraft()).toBeNull();
    expect(history.state).toEqual({ other: 1 });
    history.replaceState({ pasarelaCard: 'broken' }, '');
    expect(entryDraft()).toBeNull();
  });
});
