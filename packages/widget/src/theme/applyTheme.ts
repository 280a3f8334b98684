import { contrastWarning, SERVED_FONT_WEIGHTS, SERVED_FONTS, servedFontPath, themePalette, type Appearance, type ServedFont } from '@pasarela/core';

/** The browser downloads a weight only when text is drawn in it. */
export function addServedFont(fontFamily: string | undefined, fonts: Pick<FontFaceSet, 'add'> | undefined = globalThis.document?.fonts): void {
  if (!fontFamily || !Object.hasOwn(SERVED_FONTS, fontFamily) || !fonts || typeof FontFace == 'undefined') return;
  const font = fontFamily as ServedFont;
  for (const weight of SERVED_FONT_WEIGHTS) {
    fonts.add(new FontFace(SERVED_FONTS[font].name, `url(${servedFontPath(font, weight)}) format('woff2')`, { weight: String(weight), display: 'swap' }));
  }
}

type DarkQuery = Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;

export interface Theme {
  setBrandColour(colour: string | undefined): void;
}

// Read here, so that core's rule (and valibot) stay in this lazy chunk.
export { appearanceParam } from '@pasarela/core';

/** `theme: 'auto'` follows the payer's scheme live; each colour moved for contrast is reported once. */
export function applyTheme(root: HTMLElement, appearance: Appearance | undefined, darkQuery: DarkQuery, onMoved: (warnings: string[]) => void): Theme {
  let brandColour: string | undefined;
  const reported = new Set<string>();
  const paint = () => {
    if (!appearance && !brandColour) return;
    const palette = themePalette(appearance, brandColour, !!darkQuery?.matches);
    for (const [name, value] of Object.entries(palette.variables)) root.style.setProperty('--' + name, value);
    root.style.colorScheme = palette.scheme;
    const fresh = palette.moved.filter((m) => m.source && !reported.has(m.variable + m.from));
    for (const m of fresh) reported.add(m.variable + m.from);
    if (fresh.length) onMoved(fresh.map(contrastWarning));
  };
  addServedFont(appearance?.variables?.fontFamily);
  if (appearance?.theme == 'auto') darkQuery?.addEventListener('change', paint);
  paint();
  return {
    setBrandColour(colour) {
      brandColour = colour;
      paint();
    },
  };
}
