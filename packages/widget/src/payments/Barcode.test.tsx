import { describe, expect, it } from 'vitest';
import { barcodePath } from './Barcode';

describe('the voucher barcode (Code 128 set C, jsbarcode\'s encoder)', () => {
  it('12 digits: start C, six pairs, checksum, stop (101 modules) and a quiet zone of 10 each side', () => {
    const drawn = barcodePath('482913004571');
    expect(drawn?.modules).toBe(121);
    // Start C is 11010011100: bars of 2, 1 and 3 modules from the quiet zone's end.
    expect(drawn?.path.startsWith('M10 0h2v60h-2zM13 0h1v60h-1zM16 0h3v60h-3z')).toBe(true);
    // Stop is 1100011101011: its last bar ends at module 111, where the right quiet zone starts (10 + 101).
    expect(drawn?.path.endsWith('M107 0h1v60h-1zM109 0h2v60h-2z')).toBe(true);
  });

  it('another code draws other bars', () => {
    expect(barcodePath('123456789012')?.path).not.toBe(barcodePath('482913004571')?.path);
  });

  it.each(['12345', '12AB', ''])('%j cannot be drawn in set C: no barcode', (code) => {
    expect(barcodePath(code)).toBeNull();
  });
});
