// The colours of the sandbox's bank pages (3DS, Clave) in light and dark, with the merchant's brand
// colour on the approve button and the shop's mark. Every text pair keeps WCAG 2.2 AA (4.5:1) and
// the button's edge 3:1 against the card, whatever the brand colour (bankPageLook.test.ts checks
// each pair for a spread of colours). The contrast maths are the checkout's own (palette.ts). The
// sandbox's Clave page and the simulator's 3DS and bank pages both draw them.

import { colourContrast } from './palette';

/** The payer's theme as the checkout passes it (`?theme=`), else the device's (`auto`). */
export type PageTheme = 'light' | 'dark' | 'auto';
export const pageThemeOf = (value: string | undefined): PageTheme => (value === 'light' || value === 'dark' ? value : 'auto');

const contrast = colourContrast;

/** Each theme's colours, the brand's default the provider's blue. */
const BASE = {
  light: { page: '#f4f6fb', card: '#ffffff', text: '#1b2230', line: '#d5dbe5', edge: '#6b7688', badge: '#fff4d6', badgeText: '#7a4f00', fail: '#b00020', initial: '#e8eefc', focus: '#1b2230', brand: '#0b5fff' },
  dark: { page: '#0d1117', card: '#1b2230', text: '#e8ecf4', line: '#323c4e', edge: '#8b96a9', badge: '#3a2c00', badgeText: '#ffd78a', fail: '#ff9a9a', initial: '#2a3550', focus: '#ffbf47', brand: '#6ea8ff' },
} as const;
type BankColours = { [K in keyof (typeof BASE)['light']]: string } & { onBrand: string; brandEdge: string };

/**
 * The colours of one theme: the brand fills the approve button with black or white text (one of
 * them always reaches 4.5:1), and its edge is the brand itself when that stands 3:1 off the card,
 * else the theme's text colour.
 */
function bankColours(scheme: 'light' | 'dark', brandColor: string | null): BankColours {
  const base = BASE[scheme];
  const brand = brandColor ?? base.brand;
  const onBrand = contrast(brand, '#000000') >= contrast(brand, '#ffffff') ? '#000000' : '#ffffff';
  return { ...base, brand, onBrand, brandEdge: contrast(brand, base.card) >= 3 ? brand : base.text };
}

const variables = (c: BankColours) =>
  `--page:${c.page};--card:${c.card};--text:${c.text};--line:${c.line};--edge:${c.edge};--badge:${c.badge};--badge-text:${c.badgeText};--fail:${c.fail};--initial:${c.initial};--focus:${c.focus};--brand:${c.brand};--on-brand:${c.onBrand};--brand-edge:${c.brandEdge}`;

/** The page's colour rules: the light ones, the dark ones, or both by the device's preference. */
export function bankPageColourCss(theme: PageTheme, brandColor: string | null): string {
  const light = `:root{color-scheme:light;${variables(bankColours('light', brandColor))}}`;
  const dark = `:root{color-scheme:dark;${variables(bankColours('dark', brandColor))}}`;
  if (theme === 'light') return light;
  if (theme === 'dark') return dark;
  return `${light}@media (prefers-color-scheme:dark){${dark}}`;
}
