import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { freeText, hasForbiddenCharacters, jsonHasForbiddenCharacters } from './freeText';

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
