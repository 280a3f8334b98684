import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, hslToRgb, parseColour, rgbToHsl, toHex, type Rgb } from './colour';
import { contrastWarning, readableShade, themePalette } from './palette';
import type { Appearance } from './appearanceSchema';

type ThemePalette = ReturnType<typeof themePalette>;
type MovedColour = Parameters<typeof contrastWarning>[0];
type Colour = keyof ThemePalette['variables'];

// Issue 48's pairs, as the checkout draws them: text 4.5:1, controls and the focus ring 3:1.
const CONTRAST_PAIRS = [
  ...(['ink/paper', 'ink/wash', 'ink/brand-wash', 'ink/danger-wash', 'ink/warn-wash', 'ink-soft/paper', 'ink-soft/wash', 'brand-dark/paper', 'brand-dark/wash', 'on-brand/brand', 'on-brand/brand-hover', 'danger/paper', 'danger/danger-wash', 'ok/paper', 'ok/ok-wash', 'warn/paper', 'warn/warn-wash'].map((p) => [p, 4.5] as const)),
  ...(['brand/paper', 'field-line/paper', 'focus/paper', 'focus/wash'].map((p) => [p, 3] as const)),
].map(([pair, min]) => [...(pair.split('/') as [Colour, Colour]), min] as const);
const DEFAULT_COLOURS = { light: themePalette({ theme: 'light' }, undefined, false).variables, dark: themePalette({ theme: 'dark' }, undefined, false).variables };

const ratio = (a: string, b: string) => contrastRatio(parseColour(a) as Rgb, parseColour(b) as Rgb);

/** Every pair the checkout draws, with the ratio it has, where it falls short of WCAG 2.2 AA. */
function failingPairs(palette: ThemePalette) {
  return CONTRAST_PAIRS.map(([fg, bg, min]) => ({ fg, bg, min, ratio: ratio(palette.variables[fg], palette.variables[bg]) })).filter((p) => p.ratio < p.min);
}

describe('themePalette: issue 48, "every text and control pair meets WCAG 2.2 AA (4.5:1 text, 3:1 controls and focus ring)"', () => {
  it.each(['light', 'dark'] as const)('the built-in %s palette passes as it is and moves nothing', (scheme) => {
    const palette = themePalette({ theme: scheme }, undefined, false);
    expect(palette.scheme).toBe(scheme);
    expect(palette.moved).toEqual([]);
    expect(failingPairs(palette)).toEqual([]);
    expect(palette.variables).toMatchObject(DEFAULT_COLOURS[scheme]);
  });

  it('without appearance the light palette is the one styles.css had', () => {
    const { variables } = themePalette(undefined, undefined, false);
    expect(variables).toMatchObject({ ink: '#14213d', brand: '#0a5cc2', 'brand-dark': '#07458f', paper: '#ffffff', radius: '10px', space: '4px' });
  });

  // "a colour that would fail is moved to the nearest shade that passes, and the function reports
  // which variable moved and the ratio"
  it.each<[string, Appearance, string | undefined, boolean, Array<{ variable: string; source: string; ratio: number; against: string }>]>([
    ['a yellow primary on white', { variables: { colorPrimary: '#ffd400' } }, undefined, false, [
      { variable: 'brand', source: 'colorPrimary', ratio: 1.43, against: 'paper' },
      { variable: 'brand-dark', source: 'colorPrimary', ratio: 1.32, against: 'wash' },
    ]],
    ['a coffee brown stored brand passes as it is', {}, '#6f4e37', false, []],
    ['a light grey text on white', { variables: { colorText: '#bbbbbb' } }, undefined, false, [
      { variable: 'ink', source: 'colorText', ratio: 1.62, against: 'danger-wash' },
      { variable: 'ink-soft', source: 'colorText', ratio: 1.51, against: 'wash' },
    ]],
    ['a pink danger on white', { variables: { colorDanger: '#ff7f9f' } }, undefined, false, [
      { variable: 'danger', source: 'colorDanger', ratio: 2.19, against: 'danger-wash' },
    ]],
    ['a mid-grey background', { variables: { colorBackground: '#777777' } }, undefined, false, [
      { variable: 'paper', source: 'colorBackground', ratio: 4.68, against: 'ink' },
    ]],
  ])('%s', (_name, appearance, brand, dark, expected) => {
    const palette = themePalette(appearance, brand, dark);
    expect(palette.moved.map(({ variable, source, ratio, against }) => ({ variable, source, ratio, against }))).toEqual(expected);
    for (const m of palette.moved) expect(palette.variables[m.variable]).toBe(m.to);
    expect(failingPairs(palette)).toEqual([]);
  });

  it('open()\'s colorPrimary overrides the stored brand colour, which overrides the default', () => {
    expect(themePalette({ variables: { colorPrimary: '#006400' } }, '#6f4e37', false).variables.brand).toBe('#006400');
    expect(themePalette({}, '#6f4e37', false).variables.brand).toBe('#6f4e37');
    expect(themePalette({}, undefined, false).variables.brand).toBe('#0a5cc2');
  });

  it.each<[Appearance['theme'], boolean, 'light' | 'dark']>([
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['auto', true, 'dark'],
    ['auto', false, 'light'],
    [undefined, true, 'light'],
  ])('theme %s with prefers-color-scheme dark %s is %s', (theme, prefersDark, scheme) => {
    expect(themePalette(theme ? { theme } : {}, undefined, prefersDark).scheme).toBe(scheme);
  });

  it('auto keeps a dark page for a payer in dark mode: the background and text given are the light scheme\'s', () => {
    const appearance: Appearance = { theme: 'auto', variables: { colorBackground: '#fffaf0', colorText: '#3b2a1a', colorPrimary: '#6f4e37' } };
    expect(themePalette(appearance, undefined, false).variables).toMatchObject({ paper: '#fffaf0', ink: '#3b2a1a' });
    const dark = themePalette(appearance, undefined, true);
    expect(dark.variables).toMatchObject({ paper: DEFAULT_COLOURS.dark.paper, ink: DEFAULT_COLOURS.dark.ink });
    // the brown is too dark on the dark page: moved lighter, and said so
    expect(dark.moved.map((m) => m.variable)).toContain('brand');
    expect(failingPairs(dark)).toEqual([]);
  });

  it('the scheme is the page\'s as drawn: a dark theme given a white background is light', () => {
    expect(themePalette({ theme: 'dark', variables: { colorBackground: '#ffffff' } }, undefined, false).scheme).toBe('light');
    expect(themePalette({ theme: 'light', variables: { colorBackground: '#101010', colorText: '#f0f0f0' } }, undefined, false).scheme).toBe('dark');
  });

  it('lengths and font: the bounds given in px or rem', () => {
    const { variables } = themePalette({ variables: { borderRadius: '0.25rem', spacingUnit: '6px', fontFamily: 'serif' } }, undefined, false);
    expect(variables).toMatchObject({ radius: '4px', 'radius-field': '3px', space: '6px' });
    expect(variables.font).toMatch(/serif$/);
  });

  const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(([r, g, b]) => toHex({ r, g, b }));
  const appearance: fc.Arbitrary<Appearance> = fc.record(
    {
      theme: fc.constantFrom('light', 'dark', 'auto'),
      variables: fc.record({ colorPrimary: hex, colorBackground: hex, colorText: hex, colorDanger: hex }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  );

  it('random palettes: every pair the checkout renders meets AA, and every move is reported', () => {
    fc.assert(
      fc.property(appearance, fc.option(hex, { nil: undefined }), fc.boolean(), (given, brand, prefersDark) => {
        const palette = themePalette(given, brand, prefersDark);
        expect(failingPairs(palette)).toEqual([]);
        for (const m of palette.moved) expect(palette.variables[m.variable]).toBe(m.to);
      }),
      { numRuns: 400 },
    );
    // 400 palettes under coverage take seconds on a quiet machine and several times that on a busy one
  }, 90_000);
});

// Issue 48: the bank and 3DS pages and the e-mails draw the merchant's colour on grounds of their
// own, "moved to the nearest shade that passes" (WCAG 2.2 AA: 4.5:1 text, 3:1 controls).
describe('readableShade', () => {
  it.each([
    ['#0a5cc2', '#ffffff', 4.5, '#0a5cc2'],
    ['#ffd400', '#ffffff', 4.5, '#8c7500'],
    ['#6b3e26', '#11151d', 4.5, '#b86b41'],
    ['#0e6e5c', '#ffffff', 3, '#0e6e5c'],
    ['#777777', '#ffffff', 21, '#000000'],
  ])('%s on %s at %s:1 is %s', (colour, ground, required, shade) => {
    expect(readableShade(colour, ground, required)).toBe(shade);
    expect(ratio(shade, ground)).toBeGreaterThanOrEqual(required);
  });

  it('keeps the hue and reads at the ratio asked, whatever the colour and ground', () => {
    const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(([r, g, b]) => toHex({ r, g, b }));
    fc.assert(
      fc.property(hex, hex, fc.constantFrom(3, 4.5), (colour, ground, required) => {
        const shade = readableShade(colour, ground, required);
        expect(ratio(shade, ground)).toBeGreaterThanOrEqual(required);
        if (shade === colour || shade === '#000000' || shade === '#ffffff') return;
        const [from, to] = [rgbToHsl(parseColour(colour) as Rgb), rgbToHsl(parseColour(shade) as Rgb)];
        // Rounding to 8-bit channels moves the hue of a very light or dark shade a little.
        if (from.s > 20 && to.l > 10 && to.l < 90) expect(Math.min(Math.abs(from.h - to.h), 360 - Math.abs(from.h - to.h))).toBeLessThan(8);
      }),
    );
  });
});

describe('rgbToHsl and hslToRgb', () => {
  it.each([
    ['#ff0000', { h: 0, s: 100, l: 50 }],
    ['#00ff00', { h: 120, s: 100, l: 50 }],
    ['#0000ff', { h: 240, s: 100, l: 50 }],
    ['#ffff00', { h: 60, s: 100, l: 50 }],
    ['#00ffff', { h: 180, s: 100, l: 50 }],
    ['#ff00ff', { h: 300, s: 100, l: 50 }],
    ['#000000', { h: 0, s: 0, l: 0 }],
  ])('%s is %j', (hex, hsl) => expect(rgbToHsl(parseColour(hex) as Rgb)).toEqual(hsl));

  it('go back and forth to the same 8-bit colour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        expect(toHex(hslToRgb(rgbToHsl({ r, g, b })))).toBe(toHex({ r, g, b }));
      }),
    );
  });
});

// Issue 48: "a colour that would fail is moved to the nearest shade that passes, and the loader warns
// once in the console naming the variable and the ratio".
describe('contrastWarning', () => {
  const move = (over: Partial<MovedColour>): MovedColour => ({ variable: 'brand', source: 'colorPrimary', from: '#ffe600', to: '#857600', ratio: 1.23, required: 3, against: 'paper', ...over });
  it.each<[Partial<MovedColour>, string]>([
    [{}, "appearance.variables.colorPrimary #ffe600 has a contrast of 1.23:1 against the checkout's paper, and WCAG 2.2 AA needs 3:1: the checkout draws its brand in #857600 instead"],
    [{ source: 'colorText', variable: 'ink', from: '#777777', to: '#595959', ratio: 4.48, required: 4.5 }, "appearance.variables.colorText #777777 has a contrast of 4.48:1 against the checkout's paper, and WCAG 2.2 AA needs 4.5:1: the checkout draws its ink in #595959 instead"],
    [{ source: 'brand', variable: 'brand-dark' }, "the merchant's stored brand colour #ffe600 has a contrast of 1.23:1 against the checkout's paper, and WCAG 2.2 AA needs 3:1: the checkout draws its brand-dark in #857600 instead"],
  ])('%j', (over, text) => expect(contrastWarning(move(over))).toBe(text));

  it("names the variable and the ratio of every colour themePalette moves", () => {
    const { moved } = themePalette({ variables: { colorPrimary: '#ffe600', colorText: '#dddddd' } }, undefined, false);
    const warnings = moved.map(contrastWarning);
    expect(warnings.some((w) => w.startsWith('appearance.variables.colorPrimary #ffe600 has a contrast of'))).toBe(true);
    expect(warnings.some((w) => w.startsWith('appearance.variables.colorText #dddddd has a contrast of'))).toBe(true);
    for (const [i, w] of warnings.entries()) expect(w).toContain(`${moved[i]?.ratio}:1`);
  });
});
