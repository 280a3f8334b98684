import { themePalette, type Appearance } from '@pasarela/core';

const declarations = (palette: ReturnType<typeof themePalette>) =>
  Object.entries(palette.variables).map(([name, value]) => `--${name}:${value}`).join(';') + `;color-scheme:${palette.scheme}`;

/**
 * The merchant's palette (core themePalette: its stored brand colour, then open()'s appearance) as
 * a style of the page, after the built-in one: the first screen shows in the merchant's colours
 * with no script to wait for. The widget's theme code paints the same values once the form is up,
 * and reads `data-brand` to know which brand colour the page already carries. Every value comes
 * from core's checked palette, never from the merchant's text as such.
 */
export function paletteStyle(appearance: Appearance | undefined, brandColour: string | undefined): string {
  if (!appearance && !brandColour) return '';
  let css = `:root{${declarations(themePalette(appearance, brandColour, false))}}`;
  if (appearance?.theme === 'auto') css += `@media (prefers-color-scheme:dark){:root{${declarations(themePalette(appearance, brandColour, true))}}}`;
  const brand = (brandColour ?? '').replace(/[^#\w]/g, '');
  return `<style id="pasarela-palette" data-brand="${brand}">${css}</style>`;
}
