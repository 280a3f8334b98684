/** `#rgb`, `#rrggbb`, `rgb()` (groups 1-3) or `hsl()` (groups 4-6); names, alpha and raw CSS do not match. */
const COLOUR_TEXT = /^(?:#(?:[\da-f]{3}){1,2}|rgb\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*\)|hsl\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%\s*\))$/i;

const BOUNDS = [0, 255, 255, 255, 360, 100, 100];

export function colourMatch(text: string): RegExpExecArray | undefined {
  const match = COLOUR_TEXT.exec(text.trim());
  return match?.every((group, i) => !i || group === undefined || Number(group) <= (BOUNDS[i] ?? 0)) ? match : undefined;
}
