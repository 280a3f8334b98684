import type { FontFamily } from './appearanceSchema';

export const FONT_STACKS: Record<FontFamily, string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  rounded: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  inter: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  lora: "Lora, Charter, Cambria, Georgia, serif",
};

/** Served by the checkout (SIL OFL 1.1); the version in the address lets files be cached for good. */
export const SERVED_FONTS = {
  inter: { name: 'Inter', version: '5.3.0' },
  lora: { name: 'Lora', version: '5.3.0' },
} as const;
export type ServedFont = keyof typeof SERVED_FONTS;

export const SERVED_FONT_WEIGHTS = [400, 500, 600, 700] as const;

export const servedFontPath = (font: ServedFont, weight: number): string =>
  `/fonts/${font}/${SERVED_FONTS[font].version}/${font}-latin-${weight}-normal.woff2`;

