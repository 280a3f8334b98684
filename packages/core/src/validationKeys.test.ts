import { describe, expect, it } from 'vitest';
import { DECIMAL_PATTERN, LETTERS_PATTERN, isHttpUrl, isValidationKey } from './validationKeys';

describe('SPEC 5 "Patterns: decimal number has only digits and one dot; digits only; letters and spaces only."', () => {
  it.each([
    [DECIMAL_PATTERN, '12.50', true], [DECIMAL_PATTERN, '12', true], [DECIMAL_PATTERN, '1.2.3', false], [DECIMAL_PATTERN, '.5', false], [DECIMAL_PATTERN, '-1', false],
    [LETTERS_PATTERN, 'Ana Diaz', true], [LETTERS_PATTERN, 'Peña', false], [LETTERS_PATTERN, 'Ana-Diaz', false],
  ])('%s on %j -> %s', (pattern, value, ok) => {
    expect(pattern.test(value)).toBe(ok);
  });
});

describe('SPEC 5 "A URL is valid only with http or https."', () => {
  it.each([
    ['https://shop.example.com/done', true], ['http://localhost:4000/x', true], ['javascript:alert(1)', false], ['ftp://x.test', false],
    ['data:text/html,hi', false], ['/relative', false], ['', false],
  ])('%j -> %s', (url, ok) => {
    expect(isHttpUrl(url)).toBe(ok);
  });

  it('knows its keys', () => {
    expect(isValidationKey('invalid_card')).toBe(true);
    expect(isValidationKey('nope')).toBe(false);
  });
});
