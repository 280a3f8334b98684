import { describe, expect, it } from 'vitest';
import { bankPageColourCss, pageThemeOf } from './bankPageLook';
import { colourContrast as contrast } from './palette';

// Issue 48: "every text and control pair meets WCAG 2.2 AA (4.5:1 text, 3:1 controls and focus
// ring)", on the bank and 3DS pages too, in light and dark, whatever colour the merchant stored.

/** The colours a page is drawn with, as its CSS variables name them. */
const coloursOf = (scheme: 'light' | 'dark', brand: string | null): Record<string, string> =>
  Object.fromEntries([...bankPageColourCss(scheme, brand).matchAll(/--([a-z-]+):([^;}]+)/g)].map((m) => [m[1] ?? '', m[2] ?? '']));

const BRANDS = [null, '#6b3e26', '#ffffff', '#000000', '#777777', '#ffeb3b', '#0b5fff', '#1b2230', '#e8ecf4', '#ff0000', '#00ff00', '#11151d'];

describe('the bank pages\' colours', () => {
  it('computes WCAG ratios (black on white 21:1, a colour with itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('#6b3e26', '#6b3e26')).toBe(1);
  });

  it.each(BRANDS.flatMap((brand) => (['light', 'dark'] as const).map((scheme) => [scheme, brand] as const)))('%s with brand %s: every pair passes AA', (scheme, brand) => {
    const c = coloursOf(scheme, brand);
    const pairs: Array<[string, string | undefined, string | undefined, number]> = [
      ['text on card', c['text'], c['card'], 4.5],
      ['sandbox badge', c['badge-text'], c['badge'], 4.5],
      ['fail button text', c['fail'], c['card'], 4.5],
      ['approve button text', c['on-brand'], c['brand'], 4.5],
      ['approve button edge', c['brand-edge'], c['card'], 3],
      ['cancel button edge', c['edge'], c['card'], 3],
      ['shop initial', c['text'], c['initial'], 4.5],
      ['focus ring', c['focus'], c['card'], 3],
    ];
    expect(pairs.filter(([, a, b]) => !a || !b)).toEqual([]);
    const failing = pairs.map(([name, a, b, min]): [string, string, string, number] => [name, a ?? '', b ?? '', min]).filter(([, a, b, min]) => contrast(a, b) < min).map(([name, a, b]) => `${name}: ${a} on ${b} ${contrast(a, b).toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it('keeps the brand colour itself on the button, and follows the theme the checkout passes', () => {
    expect(coloursOf('light', '#6b3e26')).toMatchObject({ brand: '#6b3e26', 'on-brand': '#ffffff', 'brand-edge': '#6b3e26' });
    // Dark brown on the dark card: the button's edge takes the text colour to stand out.
    expect(coloursOf('dark', '#6b3e26')).toMatchObject({ brand: '#6b3e26', 'brand-edge': '#e8ecf4' });
    expect(pageThemeOf('dark')).toBe('dark');
    expect(pageThemeOf('<script>')).toBe('auto');
    expect(bankPageColourCss('auto', null)).toContain('@media (prefers-color-scheme:dark)');
    expect(bankPageColourCss('dark', null)).not.toContain('@media');
    expect(bankPageColourCss('dark', null)).toContain('color-scheme:dark');
  });
});
