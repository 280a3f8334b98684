import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { freeText, hasForbiddenCharacters, jsonHasForbiddenCharacters, shownNameRefusal, unstorableTextIn } from './freeText';

describe('free text refuses control and bidi characters', () => {
  it.each<[string, boolean, boolean]>([
    ['José Núñez', false, false],
    ['Camiseta talla M — 2 unidades', false, false],
    ['Ana\u0000', true, true], // NUL, which PostgreSQL refuses in text
    ['a\u0007b', true, true], // BEL
    ['a\u007fb', true, true], // DEL
    ['a\u0085b', true, true], // C1 (NEL)
    ['a\u009bb', true, true], // C1 (CSI)
    ['invoice\u202Egpj.exe', true, true], // RIGHT-TO-LEFT OVERRIDE
    ['a\u202Ab', true, true],
    ['a\u2066b\u2069', true, true], // isolates
    ['line one\nline two', true, false], // a newline where one is legitimate
    ['a\r\nb', true, false],
    ['a\tb', true, false],
    ['a\u200Bb', false, false], // a zero-width space is not a control
    ['a\uD800b', true, true], // a lone surrogate, which no UTF-8 encodes
    ['café 😀', false, false], // a surrogate pair is one character
  ])('%j: single line %s, multi-line %s', (text, singleLine, multiLine) => {
    expect(hasForbiddenCharacters(text)).toBe(singleLine);
    expect(hasForbiddenCharacters(text, { multiline: true })).toBe(multiLine);
  });

  it.each<[unknown, string | null]>([
    ['Camiseta', null],
    ['x'.repeat(10), null],
    ['x'.repeat(11), 'text_too_long'],
    ['Ana\u0000', 'invalid_characters'],
    ['\u202Eabc', 'invalid_characters'],
    [42, 'missing_arguments'],
  ])('freeText(10) on %j -> %s', (value, message) => {
    const result = v.safeParse(freeText(10), value);
    expect(result.success ? null : result.issues[0].message).toBe(message);
  });

  it('looks into nested custom field values and their keys', () => {
    expect(jsonHasForbiddenCharacters([{ name: 'talla', value: 'M' }])).toBe(false);
    expect(jsonHasForbiddenCharacters([{ name: 'talla', value: ['M', { deep: 'x\u0000' }] }])).toBe(true);
    expect(jsonHasForbiddenCharacters([{ ['k\u202E']: 1 }])).toBe(true);
    expect(jsonHasForbiddenCharacters([{ note: 'a\nb' }], { multiline: true })).toBe(false);
    expect(jsonHasForbiddenCharacters([null, 1, true, { value: null }])).toBe(false);
  });
});

describe('no text holds NUL or a lone surrogate (any request body, whatever its schema)', () => {
  it.each<[string, boolean]>([
    ['José Núñez', false],
    ['😀 and 𝄞', false], // pairs: U+1F600, U+1D11E
    ['line one\nline two\ttab\r\n', false], // controls a multi-line text may hold
    ['a\u0007b', false], // other controls are each field's schema's business
    ['\u0000', true],
    ['ab\u0000', true],
    ['\uD800', true], // high surrogate at the end
    ['\uD83Dx', true], // high surrogate before a non-surrogate
    ['\uDFFF', true], // low surrogate alone
    ['x\uDE00', true], // low surrogate after a non-surrogate
    ['\uD800\uD800', true], // two highs: the first is unpaired
    ['\uDC00\uD800', true], // a pair in the wrong order
    ['\uD83D\uDE00\uDE00', true], // a pair then a stray low
  ])('%j -> %s', (text, unstorable) => {
    expect(unstorableTextIn({ outer: [{ value: text }] })).toEqual(unstorable ? { path: 'outer[0].value', inKey: false } : undefined);
    expect(unstorableTextIn([{ ok: 1 }, { [text]: 1 }])).toEqual(unstorable ? { path: '[1]', inKey: true } : undefined);
  });

  it('names where the text sits, so the answer can name the field', () => {
    expect(unstorableTextIn('\u0000')).toEqual({ path: '', inKey: false });
    expect(unstorableTextIn({ ['\uD800']: 1 })).toEqual({ path: '', inKey: true });
    expect(unstorableTextIn({ cardInformation: { firstName: 'Ana\u0000' } })).toEqual({ path: 'cardInformation.firstName', inKey: false });
    expect(unstorableTextIn({ a: [1, null, true, 'ok', ['x', 'y\uDC00']] })).toEqual({ path: 'a[4][1]', inKey: false });
    expect(unstorableTextIn({ a: 'ok', b: [{ c: 'fine' }] })).toBeUndefined();
  });
});

// docs/merchant-api.md "Brand": a display name is what payers see of the business, so it holds no
// bidi control of any kind and shows something.
describe('a name shown as a business\'s sign: no bidi control, and something to see', () => {
  it.each<[string, string, ReturnType<typeof shownNameRefusal>]>([
    ['a plain name', 'Tostadores del Casco', null],
    ['accents and ñ', 'Café Ñandú', null],
    ['right-to-left script by itself', 'مقهى القاهرة', null],
    ['an emoji sequence joined by ZWJ, with text', 'Familia 👨\u200D👩\u200D👧', null],
    ['a zero-width space between visible words', 'Café\u200BBar', null],
    ['a single visible character', 'A', null],
    ['LEFT-TO-RIGHT MARK only', '\u200E', 'bidi_control'],
    ['RIGHT-TO-LEFT MARK only', '\u200F\u200F', 'bidi_control'],
    ['ARABIC LETTER MARK inside a name', 'Caf\u061Cé', 'bidi_control'],
    ['a mark beside a visible name', 'Tienda\u200F', 'bidi_control'],
    ['RIGHT-TO-LEFT OVERRIDE', 'Tienda\u202Eagap', 'bidi_control'],
    ['an isolate', '\u2067Tienda\u2069', 'bidi_control'],
    ['zero-width space only', '\u200B', 'invisible'],
    ['zero-width joiner and non-joiner only', '\u200D\u200C', 'invisible'],
    ['word joiner and BOM only', '\u2060\uFEFF', 'invisible'],
    ['soft hyphen only', '\u00AD\u00AD', 'invisible'],
    ['Hangul fillers only', '\u3164\u115F\uFFA0', 'invisible'],
    ['variation selector and combining grapheme joiner only', '\uFE0F\u034F', 'invisible'],
    ['tag characters only', '\u{E0041}\u{E0042}', 'invisible'],
    ['no-break, em and ideographic spaces only', '\u00A0\u2003\u3000', 'invisible'],
    ['blank braille cells only', '\u2800\u2800', 'invisible'],
    ['the empty text', '', 'invisible'],
  ])('%s: %j -> %s', (_name, text, refusal) => {
    expect(shownNameRefusal(text)).toBe(refusal);
  });
});
