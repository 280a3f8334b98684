import type { Appearance, AppearanceVariables } from './appearanceSchema';
import { lengthInPx } from './appearanceSchema';
import { FONT_STACKS } from './fontStacks';
import { contrastRatio, hslToRgb, mix, parseColour, rgbToHsl, toHex, type Rgb } from './colour';

const PALETTE_COLOURS = [
  'ink', 'ink-soft', 'line', 'field-line', 'paper', 'wash', 'brand', 'brand-dark', 'brand-hover', 'brand-wash', 'brand-muted', 'on-brand',
  'danger', 'danger-wash', 'ok', 'ok-wash', 'warn', 'warn-wash', 'focus',
] as const;
type PaletteColour = (typeof PALETTE_COLOURS)[number];
type Colours = Record<PaletteColour, string>;

/** WCAG 2.2 AA: 4.5:1 for text (1.4.3), 3:1 for a control's boundary and the focus ring (1.4.11). */
const TEXT_RATIO = 4.5;
const CONTROL_RATIO = 3;

/** The first variable of a pair is the one moved when it fails. */
const CONTRAST_PAIRS: ReadonlyArray<readonly [PaletteColour, PaletteColour, number]> = [
  ['ink', 'paper', TEXT_RATIO],
  ['ink', 'wash', TEXT_RATIO],
  ['ink', 'brand-wash', TEXT_RATIO],
  ['ink', 'danger-wash', TEXT_RATIO],
  ['ink', 'warn-wash', TEXT_RATIO],
  ['ink-soft', 'paper', TEXT_RATIO],
  ['ink-soft', 'wash', TEXT_RATIO],
  ['brand-dark', 'paper', TEXT_RATIO],
  ['brand-dark', 'wash', TEXT_RATIO],
  ['on-brand', 'brand', TEXT_RATIO],
  ['on-brand', 'brand-hover', TEXT_RATIO],
  ['danger', 'paper', TEXT_RATIO],
  ['danger', 'danger-wash', TEXT_RATIO],
  ['ok', 'paper', TEXT_RATIO],
  ['ok', 'ok-wash', TEXT_RATIO],
  ['warn', 'paper', TEXT_RATIO],
  ['warn', 'warn-wash', TEXT_RATIO],
  ['brand', 'paper', CONTROL_RATIO],
  ['field-line', 'paper', CONTROL_RATIO],
  ['focus', 'paper', CONTROL_RATIO],
  ['focus', 'wash', CONTROL_RATIO],
];

const DEFAULT_COLOURS: Record<'light' | 'dark', Colours> = {
  light: {
    ink: '#14213d', 'ink-soft': '#4a5568', line: '#cbd2dc', 'field-line': '#767f91', paper: '#ffffff', wash: '#f3f6fa',
    brand: '#0a5cc2', 'brand-dark': '#07458f', 'brand-hover': '#07458f', 'brand-wash': '#eef4fc', 'brand-muted': '#5a7fae', 'on-brand': '#ffffff',
    danger: '#b42318', 'danger-wash': '#fdecea', ok: '#137333', 'ok-wash': '#e6f4ea', warn: '#8a4b00', 'warn-wash': '#fff4e0', focus: '#14213d',
  },
  dark: {
    ink: '#e8ecf3', 'ink-soft': '#aab4c5', line: '#374156', 'field-line': '#7d889c', paper: '#11151d', wash: '#1b212d',
    brand: '#6ea8ff', 'brand-dark': '#8dbbff', 'brand-hover': '#9cc4ff', 'brand-wash': '#18263d', 'brand-muted': '#3f5f8f', 'on-brand': '#0b1220',
    danger: '#ff8f85', 'danger-wash': '#3b1916', ok: '#6fd08c', 'ok-wash': '#12301c', warn: '#f2b35c', 'warn-wash': '#352510', focus: '#e8ecf3',
  },
};

interface MovedColour {
  variable: PaletteColour;
  /** The appearance variable (or the merchant's stored brand colour) it comes from, when one. */
  source: keyof AppearanceVariables | 'brand' | undefined;
  from: string;
  to: string;
  ratio: number;
  required: number;
  against: PaletteColour;
}

interface ThemePalette {
  scheme: 'light' | 'dark';
  variables: Record<PaletteColour | 'radius' | 'radius-field' | 'space' | 'font', string>;
  moved: MovedColour[];
}

const round2 = (n: number) => Math.floor(n * 100) / 100;
const ratioOf = (a: string, b: string) => contrastRatio(parseColour(a) as Rgb, parseColour(b) as Rgb);

export const colourContrast = ratioOf;

/** For pages outside the checkout (bank pages, e-mails) drawing a merchant's colour on their own ground. */
export const readableShade = (colour: string, ground: string, ratio: number): string =>
  nearestPassingShade(colour, (hex) => ratioOf(hex, ground) >= ratio, (hex) => ratioOf(hex, ground));
const hexMix = (a: string, b: string, amount: number) => toHex(mix(parseColour(a) as Rgb, parseColour(b) as Rgb, amount));

/** Same hue and saturation, lightness moved the least; black or white when no shade passes. */
function nearestPassingShade(colour: string, passes: (hex: string) => boolean, score: (hex: string) => number): string {
  if (passes(colour)) return colour;
  const hsl = rgbToHsl(parseColour(colour) as Rgb);
  for (let step = 0.25; step <= 100; step += 0.25) {
    for (const l of [hsl.l - step, hsl.l + step]) {
      if (l < 0 || l > 100) continue;
      const hex = toHex(hslToRgb({ ...hsl, l }));
      if (passes(hex)) return hex;
    }
  }
  return score('#000000') >= score('#ffffff') ? '#000000' : '#ffffff';
}

/** A page colour on which black or white text reaches 7:1, so that text and its washes can pass AA. */
const PAPER_HEADROOM = 7;

const textOn = (fill: string, c: Colours) => (ratioOf(c.paper, fill) >= ratioOf(c.ink, fill) ? c.paper : c.ink);

type Anchor = 'paper' | 'ink' | 'brand' | 'danger' | 'ok' | 'warn';

function derive(a: Record<Anchor, string>, base: Colours): Colours {
  const c: Colours = { ...base, ...a };
  const page = a.paper != base.paper || a.ink != base.ink;
  if (page) {
    c.wash = hexMix(a.paper, a.ink, 0.05);
    c.line = hexMix(a.paper, a.ink, 0.2);
    c['field-line'] = hexMix(a.paper, a.ink, 0.55);
    c['ink-soft'] = hexMix(a.ink, a.paper, 0.3);
    c.focus = a.ink;
  }
  for (const tone of ['danger', 'ok', 'warn'] as const) if (page || a[tone] != base[tone]) c[`${tone}-wash`] = hexMix(a.paper, a[tone], 0.1);
  if (page || a.brand != base.brand) {
    c['brand-wash'] = hexMix(a.paper, a.brand, 0.08);
    c['on-brand'] = textOn(a.brand, c);
    // hover: a step further from the text drawn on it
    c['brand-hover'] = hexMix(a.brand, c['on-brand'] == a.paper ? a.ink : a.paper, 0.2);
    c['brand-dark'] = a.brand;
    c['brand-muted'] = hexMix(a.brand, a.paper, 0.4);
  }
  return c;
}

const SETTLED_IN_ORDER: PaletteColour[] = ['ink', 'ink-soft', 'field-line', 'focus', 'brand', 'on-brand', 'brand-hover', 'brand-dark', 'danger', 'ok', 'warn'];

function settledBy([fg, bg]: (typeof CONTRAST_PAIRS)[number]): PaletteColour {
  return SETTLED_IN_ORDER.indexOf(bg) > SETTLED_IN_ORDER.indexOf(fg) ? bg : fg;
}

/**
 * open()'s `appearance` over the stored brand colour over the built-in palette. With `theme: 'auto'`,
 * background and text colours apply to the light scheme only, so a dark-mode payer keeps a dark page.
 * A colour failing WCAG 2.2 AA moves to its nearest passing shade and is reported in `moved`.
 */
export function themePalette(appearance: Appearance | undefined, brandColour: string | undefined, prefersDark: boolean): ThemePalette {
  const theme = appearance?.theme ?? 'light';
  const scheme = theme == 'auto' ? (prefersDark ? 'dark' : 'light') : theme;
  const given = appearance?.variables ?? {};
  const surfaces = theme != 'auto' || scheme == 'light';
  const base = DEFAULT_COLOURS[scheme];
  const hex = (text: string) => toHex(parseColour(text) as Rgb);
  const primary = given.colorPrimary ?? brandColour;
  const anchors: Record<Anchor, string> = {
    paper: surfaces && given.colorBackground ? hex(given.colorBackground) : base.paper,
    ink: surfaces && given.colorText ? hex(given.colorText) : base.ink,
    brand: primary && parseColour(primary) ? hex(primary) : base.brand,
    danger: given.colorDanger ? hex(given.colorDanger) : base.danger,
    ok: base.ok,
    warn: base.warn,
  };
  const sources: Partial<Record<PaletteColour, MovedColour['source']>> = {};
  if (anchors.paper != base.paper) sources.paper = 'colorBackground';
  if (anchors.ink != base.ink) sources.ink = sources['ink-soft'] = 'colorText';
  if (anchors.brand != base.brand) sources.brand = sources['brand-dark'] = given.colorPrimary ? 'colorPrimary' : 'brand';
  if (anchors.danger != base.danger) sources.danger = 'colorDanger';
  const asGiven = derive(anchors, base);

  const bestWithBlackOrWhite = (h: string) => Math.max(ratioOf(h, '#000000'), ratioOf(h, '#ffffff'));
  anchors.paper = nearestPassingShade(anchors.paper, (h) => bestWithBlackOrWhite(h) >= PAPER_HEADROOM, bestWithBlackOrWhite);
  let c = derive(anchors, base);
  // a wash follows the text it sits under, so settling twice lets both meet
  for (let round = 0; round < 3; round++) {
    c = derive(anchors, base);
    for (const variable of SETTLED_IN_ORDER) {
      const pairs = CONTRAST_PAIRS.filter((pair) => settledBy(pair) == variable).map(([fg, bg, ratio]) => ({ colour: c[fg == variable ? bg : fg], ratio }));
      const worst = (h: string) => Math.min(...pairs.map((p) => ratioOf(h, p.colour) / p.ratio));
      c[variable] = nearestPassingShade(c[variable], (h) => worst(h) >= 1, worst);
      if (variable in anchors) anchors[variable as Anchor] = c[variable];
    }
  }

  const moved: MovedColour[] = [];
  for (const variable of PALETTE_COLOURS) {
    const from = asGiven[variable];
    if (c[variable] == from || !sources[variable]) continue;
    const pairs = CONTRAST_PAIRS.filter(([fg, bg]) => fg == variable || bg == variable);
    const failing = pairs.map(([fg, bg, required]) => ({ against: fg == variable ? bg : fg, required, ratio: ratioOf(from, asGiven[fg == variable ? bg : fg]) }));
    // the page colour itself moves only for want of headroom for any text
    if (variable == 'paper') failing.splice(0, failing.length, { against: 'ink', required: PAPER_HEADROOM, ratio: bestWithBlackOrWhite(from) });
    const worst = failing.reduce((a, b) => (b.ratio / b.required < a.ratio / a.required ? b : a));
    moved.push({ variable, source: sources[variable], from, to: c[variable], ratio: round2(worst.ratio), required: worst.required, against: worst.against });
  }

  const px = (text: string | undefined, fallback: number) => (text === undefined ? fallback : lengthInPx(text) ?? fallback);
  const radius = px(given.borderRadius, 10);
  return {
    // what the page is as drawn (native controls follow it): a dark theme given a white page is light
    scheme: contrastRatio(parseColour(c.paper) as Rgb, { r: 0, g: 0, b: 0 }) >= contrastRatio(parseColour(c.paper) as Rgb, { r: 255, g: 255, b: 255 }) ? 'light' : 'dark',
    variables: {
      ...c,
      radius: `${radius}px`,
      'radius-field': `${Math.round(radius * 0.8)}px`,
      space: `${px(given.spacingUnit, 4)}px`,
      font: FONT_STACKS[given.fontFamily ?? 'system'],
    },
    moved,
  };
}

export function contrastWarning(move: MovedColour): string {
  const name = move.source == 'brand' ? "the merchant's stored brand colour" : `appearance.variables.${move.source}`;
  return `${name} ${move.from} has a contrast of ${move.ratio}:1 against the checkout's ${move.against}, and WCAG 2.2 AA needs ${move.required}:1: the checkout draws its ${move.variable} in ${move.to} instead`;
}
