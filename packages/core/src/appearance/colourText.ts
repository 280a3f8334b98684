/** `rgb(r, g, b)` or `hsl(h, s%, l%)`, commas or spaces between: the function and its channels. */
export const COLOUR_FUNCTION = /^(rgb|hsl)\(\s*([\d.]+)(deg)?[\s,]+([\d.]+)(%?)[\s,]+([\d.]+)(%?)\s*\)$/i;
export const HEX_COLOUR = /^#([\da-f]{3}){1,2}$/i;

/**
 * Whether `text` is an opaque colour the checkout takes: `#rgb`, `#rrggbb`, `rgb()` with 0-255
 * channels or `hsl()` with a 0-360 hue and 0-100 % saturation and lightness; names, alpha, other
 * functions and raw CSS are not.
 */
export function isColourText(text: string): boolean {
  const m = COLOUR_FUNCTION.exec(text.trim());
  if (!m) return HEX_COLOUR.test(text.trim());
  const [, kind, a, deg, b, bPercent, c, cPercent] = m;
  const [x, y, z] = [a, b, c].map(Number) as [number, number, number];
  return kind?.toLowerCase() == 'rgb'
    ? !deg && !bPercent && !cPercent && x <= 255 && y <= 255 && z <= 255
    : !!bPercent && !!cPercent && x <= 360 && y <= 100 && z <= 100;
}
