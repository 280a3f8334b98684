/** The merchant's look, passed by the checkout in the page's query and checked: nothing but a colour, a font name or a size gets into a style. */
export interface Appearance {
  accent: string;
  text: string;
  background: string;
  border: string;
  font: string;
  radius: number;
}

const DEFAULT_APPEARANCE: Appearance = { accent: '#0b5fff', text: '#1a1a1a', background: '#ffffff', border: '#767676', font: 'system-ui, sans-serif', radius: 8 };

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// Family names and generic families only: no quotes, parentheses, semicolons or url().
const FONT = /^[A-Za-z0-9 ,-]{1,80}$/;

/** The appearance asked for, or the name of the first parameter that is not one. */
export function parseAppearance(query: (name: string) => string | undefined): Appearance | { invalid: string } {
  const appearance = { ...DEFAULT_APPEARANCE };
  for (const name of ['accent', 'text', 'background', 'border'] as const) {
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
  const radius = query('radius');
  if (radius !== undefined) {
    if (!/^\d{1,2}$/.test(radius) || Number(radius) > 24) return { invalid: 'radius' };
    appearance.radius = Number(radius);
  }
  return appearance;
}
