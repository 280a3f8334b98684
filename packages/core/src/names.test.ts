import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitFullName, withoutAccents } from './names';

describe('SPEC 3 "Name splitting: ... (4 words: 2+2; 3 words: 1+2; 2 words: 1+1)"', () => {
  it.each([
    ['Ana Maria Diaz Soto', 'Ana Maria', 'Diaz Soto'],
    ['Ana Diaz Soto', 'Ana', 'Diaz Soto'],
    ['Ana Diaz', 'Ana', 'Diaz'],
    ['  Ana   Diaz  ', 'Ana', 'Diaz'],
    // decided (docs/spec-decisions.md): 1 word is both names; 5+ words: 2 + the rest
    ['Cher', 'Cher', 'Cher'],
    ['Ana Maria Diaz Soto Paz', 'Ana Maria', 'Diaz Soto Paz'],
    ['', '', ''],
  ])('%j -> %j + %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });

  it('keeps every word, in order, and both parts non-empty (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 8 }), (words) => {
        const { firstName, lastName } = splitFullName(words.join(' '));
        expect(`${firstName} ${lastName}`).toBe(words.join(' '));
        expect(firstName).not.toBe('');
        expect(lastName).not.toBe('');
        const firstCount = firstName.split(' ').length;
        expect(firstCount).toBe(words.length >= 4 ? 2 : 1);
      }),
    );
  });
});

describe('cardholder name: SPEC 5 only_alpha_characters "no accents" applied to what is sent, not to the payer', () => {
  it.each([
    ['María José Núñez', 'Maria Jose Nunez'],
    ['José Peña ', 'Jose Pena '],
    ['Zoë Ünal', 'Zoe Unal'],
    ['Ana Diaz', 'Ana Diaz'],
  ])('%j -> %j', (typed, sent) => {
    expect(withoutAccents(typed)).toBe(sent);
  });
});
