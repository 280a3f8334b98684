import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SavedCardSchema, usableSavedCards } from './savedCards';

const card = (patch: Record<string, unknown>) => v.parse(SavedCardSchema, { cardToken: 'tok', cardType: 'VISA', visibleNum: '•••• 4242', ...patch });

describe('SPEC 3 "Saved card ... Cards that have idUsrPfCard or belong to another user are filtered out."', () => {
  it('keeps only the user\'s own cards without idUsrPfCard, default first then newest', () => {
    const cards = [
      card({ cardToken: 'a', idUsr: 7, idRelCard: 1 }),
      card({ cardToken: 'b', idUsr: 7, idRelCard: 3 }),
      card({ cardToken: 'c', idUsr: 8, idRelCard: 4 }),
      card({ cardToken: 'd', idUsr: 7, idUsrPfCard: 99, idRelCard: 5 }),
      card({ cardToken: 'e', idUsr: 7, idRelCard: 2, isDefault: true }),
      card({ cardToken: 'f', idUsrPfCard: 0 }),
    ];
    expect(usableSavedCards(cards, 7).map((c) => c.cardToken)).toEqual(['e', 'b', 'a', 'f']);
  });

  it('newest first among cards that are not the default', () => {
    const cards = [card({ cardToken: 'old', idUsr: 7, idRelCard: 1 }), card({ cardToken: 'new', idUsr: 7, idRelCard: 3 }), card({ cardToken: 'mid', idUsr: 7, idRelCard: 2 })];
    expect(usableSavedCards(cards, 7).map((c) => c.cardToken)).toEqual(['new', 'mid', 'old']);
  });

  it('"cardType (MC, VISA or AMEX)"', () => {
    expect(v.safeParse(SavedCardSchema, { cardToken: 't', cardType: 'DISCOVER' }).success).toBe(false);
  });
});
