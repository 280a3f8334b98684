import { statSync } from 'node:fs';

export const FILE_CHECK_MS = 1000;

/**
 * Looked up at most once per `everyMs`, by a synchronous stat: a trip through libuv's thread pool made
 * the page wait on a busy machine on every page (bench:open). Undefined while the file does not exist.
 */
export function fileVersion(file: string, everyMs = FILE_CHECK_MS, now: () => number = Date.now): () => number | undefined {
  let checked: { at: number; mtimeMs: number | undefined } | undefined;
  return () => {
    const at = now();
    if (!checked || at - checked.at >= everyMs) {
      let mtimeMs: number | undefined;
      try {
        mtimeMs = statSync(file).mtimeMs;
      } catch {
        mtimeMs = undefined;
      }
      checked = { at, mtimeMs };
    }
    return checked.mtimeMs;
  };
}
