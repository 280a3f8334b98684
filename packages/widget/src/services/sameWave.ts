/**
 * A lazy chunk with the modules it imports, fetched in one wave. The bundle preloads nothing for a
 * lazy chunk, so the browser would ask for its imports only once it has arrived and been read: a
 * second round trip before the screen shows (on a phone's network, 100 ms or more). `alongside`
 * are those imports' own `import()`s, started at once; the chunk's module is what this resolves to.
 * A failed `alongside` is left to the chunk's own import to report.
 */
export function sameWave<T>(chunk: Promise<T>, ...alongside: Promise<unknown>[]): Promise<T> {
  for (const other of alongside) void other.catch(() => undefined);
  return chunk;
}
