/**
 * The merchant's look, passed by the checkout in the page's query (and later by message, which the
 * page's script checks with the same patterns) and checked: nothing but a colour, a font name or a
 * size gets into a style.
 */
export interface Appearance {
  accent: string;
  text: string;
  muted: string;
  background: string;
  wash: string;
  border: string;
  focus: string;
  danger: string;
  font: string;
  radius: number;
  /** The checkout's colour scheme: the same in the frame, or a browser paints its ground opaque. */
  scheme: 'light' | 'dark';
}

/** The checkout's own light palette (core's DEFAULT_COLOURS), so an unstyled frame already matches it. */
const DEFAULT_APPEARANCE: Appearance = {
  accent: '#0a5cc2', text: '#14213d', muted: '#4a5568', background: '#ffffff', wash: '#f3f6fa', border: '#767f91', focus: '#14213d', danger: '#b42318',
  font: 'system-ui, sans-serif', radius: 8, scheme: 'light',
};

const COLOUR_KEYS = ['accent', 'text', 'muted', 'background', 'wash', 'border', 'focus', 'danger'] as const;
const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// Family names and generic families only: no quotes, parentheses, semicolons or url().
const FONT = /^[A-Za-z0-9 ,-]{1,80}$/;
const RADIUS = /^\d{1,2}$/;
const MAX_RADIUS = 24;

/** The appearance asked for, or the name of the first parameter that is not one. */
export function parseAppearance(query: (name: string) => string | undefined): Appearance | { invalid: string } {
  const appearance = { ...DEFAULT_APPEARANCE };
  for (const name of COLOUR_KEYS) {
    const value = query(name);
    if (value === undefined) continue;
    if (!COLOUR.test(value)) return { invalid: name };
    appearance[name] = value;
  }
  const font = query('font');
  if (font !== undefined) {
    if (!FONT.test(font)) return { invalid: 'font' };
    appearance.font = font;
  }
  const scheme = query('scheme');
  if (scheme !== undefined) {
    if (scheme !== 'light' && scheme !== 'dark') return { invalid: 'scheme' };
    appearance.scheme = scheme;
  }
  const radius = query('radius');
  if (radius !== undefined) {
    if (!RADIUS.test(radius) || Number(radius) > MAX_RADIUS) return { invalid: 'radius' };
    appearance.radius = Number(radius);
  }
  return appearance;
}
