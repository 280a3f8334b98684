import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BookEntry, SimulatorBooks } from './processors/simulatorBook';

interface Stored {
  key: string;
  port: string;
  request: unknown;
  state: unknown;
  answerAt: string | null;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const entryOf = <R, S>(s: Stored): BookEntry<R, S> =>
  ({ key: s.key, port: s.port, request: copy(s.request) as R, state: copy(s.state) as S, answerAt: s.answerAt ? new Date(s.answerAt) : null });

/**
 * Journaled as JSON lines and read back at start, so a restarted simulator knows what it did. Every
 * operation runs to its end without awaiting, so two calls under one key never interleave.
 */
export type MemoryBooks = SimulatorBooks & {
  list<R, S>(port: string): Array<BookEntry<R, S>>;
  find<R, S>(key: string): BookEntry<R, S> | undefined;
  size(): number;
  /** Every answer still to come (a test phone's) falls due now, as if its moment had passed; how many. */
  hurryAnswers(): number;
};

export function memoryBooks(options: { journal?: string | undefined } = {}): MemoryBooks {
  const entries = new Map<string, Stored>();
  const { journal } = options;
  if (journal) {
    mkdirSync(dirname(journal), { recursive: true });
    if (existsSync(journal)) {
      for (const line of readFileSync(journal, 'utf8').split('\n')) {
        // A line cut by a kill mid-write is the one change that did not happen.
        if (!line) continue;
        try {
          const stored = JSON.parse(line) as Stored;
          entries.set(stored.key, stored);
        } catch {
          break;
        }
      }
      // Rewritten with each entry's last state only (acknowledged notifications dropped), aside and renamed:
      // a kill mid-way leaves the old journal whole.
      for (const [key, stored] of entries) if (stored.port === 'outbox' && (stored.state as { delivered?: unknown }).delivered === true) entries.delete(key);
      const compacted = `${journal}.compacting`;
      writeFileSync(compacted, [...entries.values()].map((stored) => `${JSON.stringify(stored)}\n`).join(''));
      renameSync(compacted, journal);
    }
  }
  const write = (stored: Stored) => {
    entries.set(stored.key, stored);
    if (journal) appendFileSync(journal, `${JSON.stringify(stored)}\n`);
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
      for (const kept of entries.values()) {
        if (due.length >= limit) break;
        if (!kept.answerAt || Date.parse(kept.answerAt) > now) continue;
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
      const now = new Date().toISOString();
      let hurried = 0;
      for (const kept of [...entries.values()]) {
        if (!kept.answerAt || kept.answerAt <= now) continue;
        write({ ...kept, answerAt: now });
        hurried += 1;
      }
      return hurried;
    },
  };
}
