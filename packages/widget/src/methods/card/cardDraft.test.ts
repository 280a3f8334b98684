import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedAttempt } from '../../payments/attemptStore';
import { ENTRY_VALUES_SCRIPT, entryDraft, forgetEntryDraft, keepForChallenge, saveCardDraft } from './cardDraft';

const typed = { cardnumber: '4000000000003220', expirationDate: '12/29', cvc: '123', name: 'Maria Nunez', email: 'maria@example.com', phone: '+507 6123-4567' };

function memory() {
  const saved: SavedAttempt[] = [];
  return { saved, payment: { memory: () => ({ load: () => null, save: (s: SavedAttempt) => void saved.push(s), clear: () => undefined }) } };
}

describe('what a card form keeps as it leaves for a 3DS challenge', () => {
  beforeEach(() => history.replaceState({ other: 1 }, '', '/pf/widget?type=lk&code=A'));

  it('keeps what was typed but the CVC, and the challenge address, in the form\'s own history entry; the payment in its memory', () => {
    const { saved, payment } = memory();
    saveCardDraft(null, typed);
    keepForChallenge(payment, 'OP1', 'https://checkout.test/sandbox/3ds/OP1');
    expect(saved).toEqual([{ codOper: 'OP1', deadline: null }]);
    const { cvc: _cvc, ...kept } = typed;
    expect(entryDraft()).toEqual({ values: kept, challengeUrl: 'https://checkout.test/sandbox/3ds/OP1' });
    // Back on this entry, the page opens at its top (where the form says why), not scrolled to Pay.
    expect(history.scrollRestoration).toBe('manual');
    expect(JSON.stringify(history.state)).not.toContain('123"');
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

describe('ENTRY_VALUES_SCRIPT: the page\'s own script after the server\'s markup of a refused challenge\'s form', () => {
  beforeEach(() => history.replaceState(null, '', '/pf/widget?type=lk&code=A'));
  const markup = () => {
    document.body.innerHTML =
      '<div id="root"><form class="card-form"><input name="cardnumber"><input name="expirationDate"><input name="cvc"><input name="name"><input name="email" value="link@example.com"><input name="phone"></form><input name="note" value="kept"></div>';
    return (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value;
  };
  // The page runs it as an inline script: global code with no module around it.
  const run = () => new Function(ENTRY_VALUES_SCRIPT)();

  it('puts back what the form\'s history entry keeps, as the fields showed it (the card number in groups), never a CVC', () => {
    saveCardDraft(null, typed);
    keepForChallenge(memory().payment, 'OP1', 'https://checkout.test/sandbox/3ds/OP1');
    const field = markup();
    run();
    expect([field('cardnumber'), field('expirationDate'), field('cvc'), field('name'), field('email'), field('phone'), field('note')])
      .toEqual(['4000 0000 0000 3220', '12/29', '', 'Maria Nunez', 'maria@example.com', '+507 6123-4567', 'kept']);
  });

  it('takes out a CVC the browser itself puts back as the page loads (its form state of the page it returns to)', () => {
    saveCardDraft(null, typed);
    keepForChallenge(memory().payment, 'OP1', 'https://checkout.test/sandbox/3ds/OP1');
    const field = markup();
    run();
    const cvc = document.querySelector<HTMLInputElement>('[name="cvc"]');
    if (cvc) cvc.value = '123';
    dispatchEvent(new Event('pageshow'));
    expect([field('cardnumber'), field('cvc')]).toEqual(['4000 0000 0000 3220', '']);
  });

  it('changes nothing when the entry keeps nothing (or something else)', () => {
    for (const state of [null, { other: 1 }, { pasarelaCard: 'broken' }]) {
      history.replaceState(state, '');
      const field = markup();
      run();
      expect([field('cardnumber'), field('email')]).toEqual(['', 'link@example.com']);
    }
  });
});
