/**
 * Each number of a JSON text as written, with its place (`amount`, `items.0.price`): JSON.parse keeps
 * only the double, and `1.1000000000000001` reads as 1.1. The text must have parsed already.
 */
export function jsonNumberLiterals(text: string): Array<{ path: string; literal: string }> {
  const found: Array<{ path: string; literal: string }> = [];
  const places: Array<{ key: string } | { index: number }> = [];
  const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = places.at(-1);
      if (expectKey && top && 'key' in top) top.key = JSON.parse(text.slice(i, end + 1)) as string;
      expectKey = false;
      i = end + 1;
      continue;
    }
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)?.[0] ?? ch;
      found.push({ path: places.map((p) => ('key' in p ? p.key : String(p.index))).join('.'), literal });
      i += literal.length;
      continue;
    }
    if (ch === '{') {
      places.push({ key: '' });
      expectKey = true;
    } else if (ch === '[') {
      places.push({ index: 0 });
    } else if (ch === '}' || ch === ']') {
      places.pop();
    } else if (ch === ',') {
      const top = places.at(-1);
      if (top && 'index' in top) top.index += 1;
      else expectKey = true;
    }
    i += 1;
  }
  return found;
}
