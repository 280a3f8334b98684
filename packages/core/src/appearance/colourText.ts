/**
 * An opaque colour as the checkout takes it: `#rgb`, `#rrggbb`, `rgb(r, g, b)` (groups 1-3) or
 * `hsl(h, s%, l%)` (groups 4-6), commas or spaces between. Names, alpha, other functions and raw CSS
 * do not match.
 */
const COLOUR_TEXT = /^(?:#(?:[\da-f]{3}){1,2}|rgb\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*\)|hsl\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%\s*\))$/i;

/** Each group's upper bound: rgb's channels 0-255, hsl's hue 0-360, saturation and lightness 0-100 %. */
const BOUNDS = [0, 255, 255, 255, 360, 100, 100];

/** `text`'s match when it is a colour the checkout takes, channels within bounds; undefined otherwise. */
export function colourMatch(text: string): RegExpExecArray | undefined {
  const match = COLOUR_TEXT.exec(text.trim());
  return match?.every((group, i) => !i || group === undefined || Number(group) <= (BOUNDS[i] ?? 0)) ? match : undefined;
}
