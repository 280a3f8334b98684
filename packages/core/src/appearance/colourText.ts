/** `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `hsl(h, s%, l%)`, commas or spaces between: the channels' text. */
export const COLOUR_TEXT = /^(?:#([0-9a-f]{3}|[0-9a-f]{6})|(rgb|hsl)\(\s*(\d{1,3}(?:\.\d+)?)(deg)?(?:\s*,\s*|\s+)(\d{1,3}(?:\.\d+)?)(%?)(?:\s*,\s*|\s+)(\d{1,3}(?:\.\d+)?)(%?)\s*\))$/i;

/**
 * Whether `text` is an opaque colour the checkout takes, channels within range (rgb 0-255, hue 0-360,
 * saturation and lightness 0-100 %); names, alpha, other functions and raw CSS are not.
 */
export function isColourText(text: string): boolean {
  const m = COLOUR_TEXT.exec(text.trim());
  if (!m) return false;
  if (m[1]) return true;
  const [a, b, c] = [m[3], m[5], m[7]].map(Number) as [number, number, number];
  return m[2]?.toLowerCase() == 'rgb'
    ? !m[4] && !m[6] && !m[8] && a <= 255 && b <= 255 && c <= 255
    : !!m[6] && !!m[8] && a <= 360 && b <= 100 && c <= 100;
}
