import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BookEntry, SimulatorBooks } from './processors/simulatorBook';
import { dueQueue } from './dueQueue';

interface Stored {
  key: string;
  port: string;
  request: unknown;
  state: unknown;
  answerAt: string | null;
}

/** A compacted journal's line: many entries' last states at once. */
interface SnapshotLine {
  snapshot: Stored[];
}

// Kept well under V8's longest string, whatever the books hold.
const SNAPSHOT_CHUNK = 5_000;
// Rewritten once the lines appended since the last rewrite outnumber the entries (and this many):
// each line is rewritten at most about once, so the cost stays in proportion to the writes.
const COMPACT_AFTER_LINES = 1_000;

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const entryOf = <R, S>(s: Stored): BookEntry<R, S> =>
  ({ key: s.key, port: s.port, request: copy(s.request) as R, state: copy(s.state) as S, answerAt: s.answerAt ? new Date(s.answerAt) : null });
const acknowledged = (stored: Stored) => stored.port === 'outbox' && (stored.state as { delivered?: unknown }).delivered === true;

/**
 * Journaled as JSON lines and read back at start, so a restarted simulator knows what it did. Every
 * operation runs to its end without awaiting, so two calls under one key never interleave. The due
 * answers and the notifications still to send are indexed apart, so the tick's cost follows them and
 * not the number of entries ever kept.
 */
export type MemoryBooks = SimulatorBooks & {
  list<R, S>(port: string): Array<BookEntry<R, S>>;
  find<R, S>(key: string): BookEntry<R, S> | undefined;
  size(): number;
  /** Every answer still to come (a test phone's) falls due now, as if its moment had passed; how many. */
  hurryAnswers(): number;
  /** The outbox's notifications not yet acknowledged. */
  undelivered<R, S>(): Array<BookEntry<R, S>>;
  /** Folds the journal into snapshot lines when its appended lines outnumber the entries; whether it did. */
  compactIfGrown(): boolean;
  close(): void;
};

export function memoryBooks(options: { journal?: string | undefined } = {}): MemoryBooks {
  const entries = new Map<string, Stored>();
  const answers = dueQueue();
  const outbox = new Set<string>();
  const { journal } = options;
  let appended = 0;
  let fd: number | undefined;

  const index = (stored: Stored) => {
    if (stored.answerAt) answers.push(Date.parse(stored.answerAt), stored.key);
    if (stored.port === 'outbox') {
      if (acknowledged(stored)) outbox.delete(stored.key);
      else outbox.add(stored.key);
    }
  };

  /** Every entry's last state in snapshot lines, aside and renamed: a kill mid-way leaves the old journal whole. */
  const compact = (path: string) => {
    // Acknowledged notifications are settled for good: the journal and the books forget them.
    for (const [key, stored] of entries) if (acknowledged(stored)) entries.delete(key);
    const all = [...entries.values()];
    const lines: string[] = [];
    for (let at = 0; at < all.length; at += SNAPSHOT_CHUNK) lines.push(`${JSON.stringify({ snapshot: all.slice(at, at + SNAPSHOT_CHUNK) } satisfies SnapshotLine)}\n`);
    const aside = `${path}.compacting`;
    writeFileSync(aside, lines.join(''));
    if (fd !== undefined) closeSync(fd);
    renameSync(aside, path);
    fd = openSync(path, 'a');
    appended = 0;
  };

  if (journal) {
    mkdirSync(dirname(journal), { recursive: true });
    let cut = false;
    if (existsSync(journal)) {
      for (const line of readFileSync(journal, 'utf8').split('\n')) {
        // A line cut by a kill mid-write is the one change that did not happen.
        if (!line) continue;
        let parsed: Stored | SnapshotLine;
        try {
          parsed = JSON.parse(line) as Stored | SnapshotLine;
        } catch {
          cut = true;
          break;
        }
        if ('snapshot' in parsed) {
          for (const stored of parsed.snapshot) entries.set(stored.key, stored);
        } else {
          entries.set(parsed.key, parsed);
          appended += 1;
        }
      }
    }
    for (const stored of entries.values()) index(stored);
    // A journal that is snapshot lines only is read as it is: a restart costs what its entries do.
    // One with a cut line is rewritten without it, or the next line would be appended to the cut.
    if (appended > 0 || cut) compact(journal);
    else fd = openSync(journal, 'a');
  }

  const write = (stored: Stored) => {
    entries.set(stored.key, stored);
    index(stored);
    if (fd !== undefined) {
      writeSync(fd, `${JSON.stringify(stored)}\n`);
      appended += 1;
    }
  };
  return {
    async recordOnce<R, S>(port: string, key: string, request: R, state: S, answerAt: Date | null = null) {
      const kept = entries.get(key);
      if (kept) return entryOf<R, S>(kept);
      const stored: Stored = { key, port, request: copy(request), state: copy(state), answerAt: answerAt ? answerAt.toISOString() : null };
      write(stored);
      return entryOf<R, S>(stored);
    },
    async read<R, S>(port: string, key: string) {
      const kept = entries.get(key);
      return kept && kept.port === port ? entryOf<R, S>(kept) : undefined;
    },
    async move<R, S>(port: string, key: string, next: (entry: BookEntry<R, S>) => S | undefined) {
      const kept = entries.get(key);
      if (!kept || kept.port !== port) return undefined;
      const entry = entryOf<R, S>(kept);
      const state = next(entry);
      if (state === undefined) return { entry, moved: false };
      const stored: Stored = { ...kept, state: copy(state), answerAt: null };
      write(stored);
      return { entry: entryOf<R, S>(stored), moved: true };
    },
    async takeDueAnswers<R, S>(limit: number) {
      const now = Date.now();
      const due: Array<BookEntry<R, S>> = [];
      while (due.length < limit) {
        const next = answers.popDue(now);
        if (!next) break;
        const kept = entries.get(next.key);
        // Moved or hurried since it was queued: its queued moment is no longer its own.
        if (!kept?.answerAt || Date.parse(kept.answerAt) !== next.at) continue;
        const waiting = (kept.state as { state?: unknown }).state === 'waiting';
        const answer = (kept.request as { answer?: unknown }).answer;
        const stored: Stored = { ...kept, state: waiting && answer ? answer : kept.state, answerAt: null };
        write(stored);
        if (waiting && answer) due.push(entryOf<R, S>(stored));
      }
      return due;
    },
    list<R, S>(port: string) {
      return [...entries.values()].filter((e) => e.port === port).map((e) => entryOf<R, S>(e));
    },
    find<R, S>(key: string) {
      const kept = entries.get(key);
      return kept && entryOf<R, S>(kept);
    },
    size: () => entries.size,
    hurryAnswers() {
      const now = new Date();
      let hurried = 0;
      for (const key of new Set(answers.keys())) {
        const kept = entries.get(key);
        if (!kept?.answerAt || Date.parse(kept.answerAt) <= now.getTime()) continue;
        write({ ...kept, answerAt: now.toISOString() });
        hurried += 1;
      }
      return hurried;
    },
    undelivered<R, S>() {
      return [...outbox].flatMap((key) => {
        const kept = entries.get(key);
        return kept ? [entryOf<R, S>(kept)] : [];
      });
    },
    compactIfGrown() {
      if (!journal || appended < Math.max(COMPACT_AFTER_LINES, entries.size)) return false;
      compact(journal);
      return true;
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
