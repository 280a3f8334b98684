import type { FontFamily } from './appearanceSchema';

/**
 * `fontFamily`'s choices and the font stack each sets: system stacks, and two families the checkout
 * serves from its own origin (SERVED_FONTS). A merchant never gives a stack or a URL.
 */
export const FONT_STACKS: Record<FontFamily, string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  rounded: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  inter: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  lora: "Lora, Charter, Cambria, Georgia, serif",
};

/**
 * The families the checkout serves itself (`@fontsource/*`, SIL Open Font License 1.1): the name
 * the stack uses and the package's version, which the files' addresses carry so that they can be
 * cached for good. The sandbox serves them; the page loads them only when `fontFamily` picks one.
 */
export const SERVED_FONTS = {
  inter: { name: 'Inter', version: '5.3.0' },
  lora: { name: 'Lora', version: '5.3.0' },
} as const;
export type ServedFont = keyof typeof SERVED_FONTS;

/** The weights the checkout's styles use, each a file of its own (Latin: Spanish and English). */
export const SERVED_FONT_WEIGHTS = [400, 500, 600, 700] as const;

/** A served family's file of one weight, under the checkout origin. */
export const servedFontPath = (font: ServedFont, weight: number): string =>
  `/fonts/${font}/${SERVED_FONTS[font].version}/${font}-latin-${weight}-normal.woff2`;

