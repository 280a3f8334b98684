import { statSync } from 'node:fs';

/** How often a built file is looked at again for a rebuild. */
export const FILE_CHECK_MS = 1000;

/**
 * A file's modification time, for what is read from a built file once and again after a rebuild
 * (the widget page, its prerender module): looked up at most once per `everyMs`. The look-up is a
 * synchronous stat of a local file (microseconds), not a trip through libuv's thread pool: on a
 * machine busy with the payer's browser, that trip made the page wait for the process to be
 * scheduled twice more, and a checkout opened a second after the last one paid it on every page
 * (bench:open). Undefined while the file does not exist.
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
