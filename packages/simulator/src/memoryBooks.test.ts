import { appendFileSync, mkdtempSync, rmSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryBooks, type MemoryBooks } from './memoryBooks';
import { notifier } from './notifier';
import { simulatedGateways } from './processors/simulatedGateways';

// The simulator's cost follows its due work, not its history (issue 91): the tick finds due answers
// and notifications without walking every entry, and the journal is folded into snapshot lines so
// that a simulator up for long restarts as fast as a fresh one.

const folders: string[] = [];
const journalFile = () => {
  const folder = mkdtempSync(join(tmpdir(), 'simulator-compact-'));
  folders.push(folder);
  return join(folder, 'books.jsonl');
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const lines = (journal: string) => readFileSync(journal, 'utf8').split('\n').filter(Boolean);
const HISTORY = 100_000;

/** One payment's two lines as the card processor journals them: the charge, then its capture. */
function paymentLines(count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const request = { amountCents: 1000 + (i % 7), currency: 'USD', last4: '4242' };
    out.push(JSON.stringify({ key: `charge:${i}`, port: 'card', request, state: { status: 'authorized' }, answerAt: null }));
    out.push(JSON.stringify({ key: `charge:${i}`, port: 'card', request, state: { status: 'captured' }, answerAt: null }));
  }
  return `${out.join('\n')}\n`;
}

/** What the tick does every 200 ms: due phone answers, then the notifications still to send. */
async function ticks(books: MemoryBooks, count: number): Promise<number> {
  const simulated = simulatedGateways(books, { pagesUrl: 'http://127.0.0.1:1' });
  const notify = notifier(books, { secret: 'tick-secret', fetch: () => Promise.resolve(new Response(null, { status: 200 })) });
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    await simulated.controls.answerDue(() => Promise.resolve());
    await notify.deliverDue();
  }
  return performance.now() - start;
}

describe('the tick', () => {
  it('costs the same with 100k settled entries as with none: due work is indexed, history is not walked', async () => {
    const fresh = memoryBooks();
    const settled = memoryBooks();
    for (let i = 0; i < HISTORY; i++) {
      await settled.recordOnce('card', `charge:${i}`, { amountCents: 1000 }, { status: 'captured' });
      // Delivered notifications stay in the running books until the journal is folded.
      if (i % 10 === 0) await settled.recordOnce('outbox', `outbox:${i}`, { url: 'http://x' }, { delivered: true, tries: 1, nextAt: 0 });
    }
    // Warmed alike, then timed alike.
    await ticks(fresh, 50);
    await ticks(settled, 50);
    const idle = await ticks(fresh, 500);
    const withHistory = await ticks(settled, 500);
    // Walking 110k entries twice a tick takes a millisecond or more: 500 ticks would take over 500 ms.
    expect(withHistory).toBeLessThan(idle * 4 + 100);
  });

  it('still answers what is due, once, earliest first, and skips a moment since moved', async () => {
    const books = memoryBooks();
    const now = Date.now();
    await books.recordOnce('push', 'late', { answer: { state: 'approved' } }, { state: 'waiting' }, new Date(now - 10));
    await books.recordOnce('push', 'early', { answer: { state: 'declined' } }, { state: 'waiting' }, new Date(now - 1_000));
    await books.recordOnce('push', 'cancelled', { answer: { state: 'approved' } }, { state: 'waiting' }, new Date(now - 500));
    await books.move('push', 'cancelled', () => ({ state: 'cancelled' }));
    await books.recordOnce('push', 'future', { answer: { state: 'approved' } }, { state: 'waiting' }, new Date(now + 60_000));
    expect((await books.takeDueAnswers(1)).map((e) => e.key)).toEqual(['early']);
    expect((await books.takeDueAnswers(10)).map((e) => e.key)).toEqual(['late']);
    expect(await books.takeDueAnswers(10)).toEqual([]);
    expect(books.hurryAnswers()).toBe(1);
    expect((await books.takeDueAnswers(10)).map((e) => [e.key, e.state])).toEqual([['future', { state: 'approved' }]]);
    expect((await books.read('push', 'cancelled'))?.state).toEqual({ state: 'cancelled' });
  });

  it('sends only the notifications not yet acknowledged', async () => {
    const books = memoryBooks();
    await books.recordOnce('outbox', 'outbox:a', { url: 'http://x' }, { delivered: false, tries: 0, nextAt: 0 });
    await books.recordOnce('outbox', 'outbox:b', { url: 'http://x' }, { delivered: false, tries: 0, nextAt: 0 });
    await books.move('outbox', 'outbox:a', () => ({ delivered: true, tries: 1, nextAt: 0 }));
    expect(books.undelivered().map((e) => e.key)).toEqual(['outbox:b']);
  });
});

describe('the journal, compacted', () => {
  // 200k lines written, folded and read twice: a few CPU-seconds, which a loaded two-core machine
  // stretched past the 20 s default once.
  it('a restart after 100k payments folds their 200k lines into snapshot lines once, then reads them as they are', () => {
    const journal = journalFile();
    writeFileSync(journal, paymentLines(HISTORY));
    expect(lines(journal)).toHaveLength(2 * HISTORY);
    const first = memoryBooks({ journal });
    const folded = lines(journal);
    expect(folded.length).toBeLessThanOrEqual(HISTORY / 1_000);
    expect(folded.every((line) => 'snapshot' in JSON.parse(line))).toBe(true);
    expect(first.find('charge:99999')).toMatchObject({ state: { status: 'captured' } });
    first.close();
    // A journal already compact is not written again: the second start only reads it.
    const written = statSync(journal).mtimeMs;
    const again = memoryBooks({ journal });
    expect(statSync(journal).mtimeMs).toBe(written);
    expect(again.size()).toBe(HISTORY);
    expect(again.list('card')).toEqual(first.list('card'));
    again.close();
  }, 90_000);

  it('a compact journal cut mid-line by a kill is written again without the cut: what follows is not lost', async () => {
    const journal = journalFile();
    const books = memoryBooks({ journal });
    await books.recordOnce('voucher', 'v:1', {}, { state: 'issued' });
    books.close();
    memoryBooks({ journal }).close();
    appendFileSync(journal, '{"key":"v:2","port":"voucher","requ');
    const again = memoryBooks({ journal });
    await again.recordOnce('voucher', 'v:3', {}, { state: 'issued' });
    again.close();
    const last = memoryBooks({ journal });
    expect(last.list('voucher').map((e) => e.key)).toEqual(['v:1', 'v:3']);
    last.close();
  });

  it('folds while running once its appended lines outnumber its entries, and restores the same books', async () => {
    const journal = journalFile();
    const books = memoryBooks({ journal });
    for (let i = 0; i < 600; i++) {
      await books.recordOnce('voucher', `v:${i}`, { amountCents: i }, { state: 'issued' });
      await books.move('voucher', `v:${i}`, () => ({ state: 'paid' }));
    }
    await books.recordOnce('push', 'p:1', { answer: { state: 'approved' } }, { state: 'waiting' }, new Date(Date.now() + 60_000));
    await books.recordOnce('outbox', 'outbox:sent', { url: 'http://x' }, { delivered: false });
    await books.move('outbox', 'outbox:sent', () => ({ delivered: true }));
    await books.recordOnce('outbox', 'outbox:due', { url: 'http://x' }, { delivered: false });
    expect(lines(journal)).toHaveLength(1_204);
    expect(books.compactIfGrown()).toBe(true);
    expect(books.compactIfGrown()).toBe(false);
    expect(lines(journal)).toHaveLength(1);
    // The acknowledged notification is settled for good; everything else is kept as it stood.
    expect(books.find('outbox:sent')).toBeUndefined();
    const before = ['voucher', 'push', 'outbox'].map((port) => books.list(port));
    // Written after the fold: appended to the compact journal, read back over its snapshot.
    await books.move('voucher', 'v:0', () => ({ state: 'refunded' }));
    books.close();
    const again = memoryBooks({ journal });
    expect(['voucher', 'push', 'outbox'].map((port) => again.list(port).filter((e) => e.key !== 'v:0'))).toEqual(before.map((entries) => entries.filter((e) => e.key !== 'v:0')));
    expect(again.find('v:0')).toMatchObject({ state: { state: 'refunded' } });
    // The answer still to come is due again after the restart.
    expect(again.hurryAnswers()).toBe(1);
    expect(again.undelivered().map((e) => e.key)).toEqual(['outbox:due']);
    again.close();
  });
});
