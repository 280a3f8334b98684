import { describe, expect, it } from 'vitest';
import { groupVoucherCode, voucherBarcodeValue, voucherCodeDigits } from './voucherCode';

describe('a cash voucher code grouped for reading (issue 21: "the 12-digit code is not grouped")', () => {
  it.each([
    ['123456789012', '1234 5678 9012', 'the 12 digits the sandbox issues: three groups of four'],
    ['1234 5678 9012', '1234 5678 9012', 'already grouped'],
    [' 1234-5678-9012 ', '1234 5678 9012', 'dashes and spaces as a payer may type them'],
    ['12345678901234', '1234 5678 9012 34', 'a longer code: the last group is shorter'],
    ['1234', '1234', 'one group'],
    ['PP0ED3E21F2CC0', 'PP0ED3E21F2CC0', 'not a digit code: shown as it came'],
    ['12AB', '12AB', 'digits then letters: shown as it came'],
    ['', '', 'no code'],
    [null, '', 'none at all'],
  ] as const)('%s -> "%s" (%s)', (code, shown, _why) => {
    expect(groupVoucherCode(code)).toBe(shown);
  });

  it.each([
    ['1234 5678 9012', '123456789012', 'copy copies the bare digits'],
    ['123456789012', '123456789012', 'bare already'],
    ['1234-5678-9012', '123456789012', 'dashes'],
    ['PP0ED3E21F2CC0', 'PP0ED3E21F2CC0', 'not a digit code: kept'],
    [' PP0ED3 ', 'PP0ED3', 'not a digit code: kept, trimmed'],
    ['AB 12', 'AB 12', 'digits at the end only: not a digit code'],
    ['12 AB', '12 AB', 'digits at the start only: not a digit code'],
    [undefined, '', 'none'],
  ] as const)('digits of %s -> %s (%s)', (code, digits, _why) => {
    expect(voucherCodeDigits(code)).toBe(digits);
  });

  it.each([
    ['1234 5678 9012', '123456789012', 'Code 128 set C: 12 digits, six pairs'],
    ['12345', null, 'an odd count of digits does not pair'],
    ['PP0ED3', null, 'letters: no voucher barcode'],
    ['', null, 'nothing to encode'],
  ] as const)('barcode value of %s -> %s (%s)', (code, value, _why) => {
    expect(voucherBarcodeValue(code)).toBe(value);
  });
});
