import { stat } from 'node:fs/promises';

/** How often a built file is looked at again for a rebuild. */
export const FILE_CHECK_MS = 1000;

/**
 * A file's modification time, for what is read from a built file once and again after a rebuild
 * (the widget page, its prerender module): looked up at most once per `everyMs`, so pages do not
 * each wait on a trip through libuv's thread pool (which, on a busy machine, is a wait for the
 * process to be scheduled again). Undefined while the file does not exist.
 */
export function fileVersion(file: string, everyMs = FILE_CHECK_MS, now: () => number = Date.now): () => Promise<number | undefined> {
  let checked: { at: number; mtimeMs: Promise<number | undefined> } | undefined;
  return () => {
    const at = now();
    if (!checked || at - checked.at >= everyMs) {
      checked = { at, mtimeMs: stat(file).then((info) => info.mtimeMs, () => undefined) };
    }
    return checked.mtimeMs;
  };
}
