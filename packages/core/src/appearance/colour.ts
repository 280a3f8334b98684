import { colourMatch } from './colourText';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Anything but these (names, alpha, raw CSS) is undefined. */
export function parseColour(text: string): Rgb | undefined {
  const m = colourMatch(text);
  if (!m) return undefined;
  const [, r = 0, g = 0, b = 0, h = 0, s = 0, l = 0] = m.map(Number);
  if (m[1]) return { r, g, b };
  if (m[4]) return hslToRgb({ h, s, l });
  const hex = text.trim().slice(1);
  const n = parseInt(hex.length == 3 ? hex.replace(/./g, '$&$&') : hex, 16);
  return { r: n >> 16, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('');
}

function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const at = (x: number, y: number) => x + (y - x) * amount;
  return { r: at(a.r, b.r), g: at(a.g, b.g), b: at(a.b, b.b) };
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

export function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  const d = max - min;
  if (d == 0) return { h: 0, s: 0, l: l * 100 };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max == rr ? ((gg - bb) / d + 6) % 6 : max == gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return { h: h * 60, s: s * 100, l: l * 100 };
}

export function hslToRgb({ h, s, l }: Hsl): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => 255 * (light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return { r: f(0), g: f(8), b: f(4) };
}
