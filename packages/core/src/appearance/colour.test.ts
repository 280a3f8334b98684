import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColour, toHex, type Rgb } from './colour';

describe('parseColour', () => {
  it.each<[string, string | undefined]>([
    ['#0a5cc2', '#0a5cc2'],
    ['#FFF', '#ffffff'],
    ['rgb(10, 92, 194)', '#0a5cc2'],
    ['rgb(10 92 194)', '#0a5cc2'],
    ['hsl(0, 100%, 50%)', '#ff0000'],
    ['hsl(120deg 100% 25%)', '#008000'],
    ['red', undefined],
    ['#12345', undefined],
    ['rgba(0,0,0,0.5)', undefined],
    ['rgb(256, 0, 0)', undefined],
    ['hsl(10, 101%, 50%)', undefined],
    ['var(--x)', undefined],
  ])('%s is %s', (text, hex) => {
    const rgb = parseColour(text);
    expect(rgb && toHex(rgb)).toBe(hex);
  });
});

// WCAG 2.2, "contrast ratio": (L1 + 0.05) / (L2 + 0.05), L the relative luminance of sRGB.
describe('contrastRatio', () => {
  const rgb = (hex: string) => parseColour(hex) as Rgb;
  it.each<[string, string, number]>([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(rgb(a), rgb(b))).toBeCloseTo(ratio, 2);
    expect(contrastRatio(rgb(b), rgb(a))).toBeCloseTo(ratio, 2);
  });
  it('white on black is 21:1, the most there is (luminance 1 and 0)', () => {
    expect(contrastRatio(rgb('#fff'), rgb('#000'))).toBe(21);
  });
});
