import { NOTIFICATION_SIGNATURE_HEADER, verifyNotificationSignature } from '@pasarela/gateways';
import { appendFileSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { Agent, createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryBooks } from './memoryBooks';
import { notifier } from './notifier';
import { startSimulator } from './startSimulator';

// The simulator's own books and its notifications: a journal read back after a kill (a line cut
// mid-write is the change that did not happen), one operation per key, and a notification sent
// again until it is acknowledged, signed so that the server can tell it from a forged one.

const folders: string[] = [];
const journalFile = () => {
  const folder = mkdtempSync(join(tmpdir(), 'simulator-books-'));
  folders.push(folder);
  return join(folder, 'books.jsonl');
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('memoryBooks', () => {
  it('one operation per key; moves and due answers journaled and read back', async () => {
    const journal = journalFile();
    const books = memoryBooks({ journal });
    const first = await books.recordOnce('push', 'k1', { answer: { state: 'approved' } }, { state: 'waiting' }, new Date(Date.now() - 1));
    expect(await books.recordOnce('push', 'k1', { answer: { state: 'declined' } }, { state: 'other' })).toEqual(first);
    await books.recordOnce('voucher', 'k2', {}, { state: 'issued' });
    expect(await books.move('voucher', 'k2', () => ({ state: 'paid' }))).toMatchObject({ moved: true });
    expect(await books.move('voucher', 'k2', () => undefined)).toMatchObject({ moved: false });
    expect(await books.move('push', 'k2', () => ({ state: 'x' }))).toBeUndefined();
    expect((await books.takeDueAnswers(10)).map((e) => [e.key, e.state])).toEqual([['k1', { state: 'approved' }]]);
    expect(await books.takeDueAnswers(10)).toEqual([]);
    // A kill mid-write leaves a cut line: the books come back as they were before it.
    appendFileSync(journal, '{"key":"k3","port":"card","requ');
    const again = memoryBooks({ journal });
    expect((await again.read('push', 'k1'))?.state).toEqual({ state: 'approved' });
    expect((await again.read('voucher', 'k2'))?.state).toEqual({ state: 'paid' });
    expect(await again.read('card', 'k3')).toBeUndefined();
    expect(again.size()).toBe(2);
  });
});

describe('the journal, read back', () => {
  it('is written again with each entry\'s last state, without acknowledged notifications: it keeps what the books keep', async () => {
    const journal = journalFile();
    const books = memoryBooks({ journal });
    await books.recordOnce('voucher', 'v1', {}, { state: 'issued' });
    for (const state of ['paid', 'refunded', 'closed']) await books.move('voucher', 'v1', () => ({ state }));
    await books.recordOnce('outbox', 'outbox:e1', { url: 'http://x' }, { delivered: false });
    await books.move('outbox', 'outbox:e1', () => ({ delivered: true }));
    await books.recordOnce('outbox', 'outbox:e2', { url: 'http://x' }, { delivered: false });
    const lines = () => readFileSync(journal, 'utf8').split('\n').filter(Boolean).length;
    expect(lines()).toBe(7);
    const again = memoryBooks({ journal });
    // One snapshot line holds both entries kept.
    expect(lines()).toBe(1);
    expect((await again.read('voucher', 'v1'))?.state).toEqual({ state: 'closed' });
    // The notification still to send is kept; the acknowledged one is forgotten.
    expect((await again.read('outbox', 'outbox:e2'))?.state).toEqual({ delivered: false });
    expect(await again.read('outbox', 'outbox:e1')).toBeUndefined();
    await again.move('voucher', 'v1', () => ({ state: 'reopened' }));
    expect((await memoryBooks({ journal }).read('voucher', 'v1'))?.state).toEqual({ state: 'reopened' });
  });
});

describe('the books, looked at', () => {
  it('answers come due at once when hurried; GET /v1/books lists a port, GET /v1/books/:key one entry, read only', async () => {
    const simulator = await startSimulator({ apiSecret: 'books-test-secret' });
    const asServer = { headers: { authorization: 'Bearer books-test-secret' } };
    try {
      const { books } = simulator;
      await books.recordOnce('push', 'p:1', { answer: { state: 'approved' } }, { state: 'waiting' }, new Date(Date.now() + 60_000));
      await books.recordOnce('card', 'c:1', {}, { status: 'approved' });
      expect(await books.takeDueAnswers(10)).toEqual([]);
      expect(books.hurryAnswers()).toBe(1);
      expect((await books.takeDueAnswers(10)).map((e) => e.state)).toEqual([{ state: 'approved' }]);
      const listed = await fetch(`${simulator.url}/v1/books?port=card`, asServer).then((r) => r.json());
      expect(listed).toEqual({ entries: [{ key: 'c:1', port: 'card', request: {}, state: { status: 'approved' }, answerAt: null }] });
      expect(await fetch(`${simulator.url}/v1/books/${encodeURIComponent('p:1')}`, asServer).then((r) => r.json())).toMatchObject({ entry: { port: 'push', state: { state: 'approved' } } });
      expect((await fetch(`${simulator.url}/v1/books/nothing`, asServer)).status).toBe(404);
      expect((await fetch(`${simulator.url}/v1/books`, asServer)).status).toBe(400);
      // Nothing is written through it.
      expect((await fetch(`${simulator.url}/v1/books/c:1`, { ...asServer, method: 'PUT', body: '{}' })).status).toBe(404);
      expect(books.size()).toBe(2);
    } finally {
      await simulator.close();
    }
  });
});

describe('notifier', () => {
  it('sends a signed notification again until a 2xx acknowledges it, once per event id', async () => {
    const received: Array<{ body: string; valid: boolean }> = [];
    let answers = [503, 500, 200];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ body, valid: verifyNotificationSignature(body, String(req.headers[NOTIFICATION_SIGNATURE_HEADER]), 's3cret') });
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/gateways/push/notifications`;
    try {
      const books = memoryBooks();
      const notify = notifier(books, { secret: 's3cret' });
      await notify.remember('op1', url);
      const event = { id: 'sim:push:op1:approved', key: 'op1', kind: 'push' as const, answer: { state: 'approved' as const } };
      await notify.tell('op1', event);
      await notify.tell('op1', event);
      // Nobody remembered for this key: nothing to send.
      await notify.tell('op2', { ...event, id: 'other', key: 'op2' });
      const deadline = Date.now() + 5_000;
      while (received.length < 3 && Date.now() < deadline) {
        await notify.deliverDue();
        await new Promise((r) => setTimeout(r, 100));
      }
      await notify.deliverDue();
      expect(received).toHaveLength(3);
      expect(received.every((r) => r.valid && JSON.parse(r.body).id === event.id)).toBe(true);
      expect(verifyNotificationSignature(received[0]!.body, 't=1,v1=' + '0'.repeat(64), 's3cret')).toBe(false);
    } finally {
      answers = [];
      server.close();
    }
  });
});

describe('its connections', () => {
  it('keeps an idle one past its clients\' idle time: the next call goes out on it and is answered', async () => {
    const simulator = await startSimulator({ apiSecret: 'connections-secret' });
    const agent = new Agent({ keepAlive: true });
    const health = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const call = get(`${simulator.url}/health`, { agent }, (answer) => {
          answer.resume();
          answer.once('end', () => resolve({ status: answer.statusCode ?? 0, reused: call.reusedSocket }));
        });
        call.once('error', reject);
      });
    try {
      expect(await health()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await health()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await simulator.close();
    }
  }, 20_000);
});
