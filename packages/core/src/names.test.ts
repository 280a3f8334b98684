import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NAME_LETTERS_PATTERN, processorName, splitFullName } from './names';
import { LETTERS_PATTERN } from './validationKeys';

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
    ['José Peña ', 'Jose Pena'],
    ['Zoë Ünal', 'Zoe Unal'],
    ['Ana Diaz', 'Ana Diaz'],
  ])('%j -> %j', (typed, sent) => {
    expect(processorName(typed)).toBe(sent);
  });
});

// Names keep their accents wherever the payer sees them; a processor that takes plain letters gets
// SPEC 5 only_alpha_characters ("Letters and spaces only, no accents or special characters").
describe('a name as written, and as a plain-letter processor is sent it', () => {
  it.each([
    ['Lucía Núñez', true], ['María Pérez', true], ['José Muñoz', true], ['Ana Diaz', true],
    ['Ana2 Diaz', false], ['Ana <b>', false], ['', false],
  ] as const)('%s is a name as written: %s', (name, ok) => {
    expect(NAME_LETTERS_PATTERN.test(name)).toBe(ok);
  });

  it.each([
    ['María Pérez', 'Maria Perez'], ['Lucía Núñez', 'Lucia Nunez'], ['José Muñoz', 'Jose Munoz'], ["D'Ángelo Öst", 'DAngelo Ost'], ['Ana Diaz', 'Ana Diaz'],
  ])('%s is sent as %s, which meets only_alpha_characters', (name, sent) => {
    expect(processorName(name)).toBe(sent);
    expect(LETTERS_PATTERN.test(processorName(name))).toBe(true);
  });
});
