import { describe, expect, it } from 'vitest';
import { KNOWN_EVENT_TYPES } from './answers';
import { listen } from './listen';
import { parseListenArgs } from './listenArgs';

// `pasarela listen` (docs/webhooks.md "Local development"): its arguments, and what it asks Pasarela.

const forwardTo = ['--forward-to', 'http://127.0.0.1:3000/hooks'];

describe('pasarela listen --events', () => {
  it('takes known event types', () => {
    expect(parseListenArgs(['listen', ...forwardTo, '--events', 'transaction.approved, payout.paid'], {})).toMatchObject({ types: ['transaction.approved', 'payout.paid'] });
  });

  it('refuses an unknown type at start, naming it and the types there are (as GET /events?type= answers 400)', () => {
    const answer = parseListenArgs(['listen', ...forwardTo, '--events', 'transaction.aproved,payout.paid'], {});
    expect(typeof answer).toBe('string');
    expect(answer).toContain('"transaction.aproved"');
    expect(answer).not.toContain('"payout.paid"');
    for (const type of KNOWN_EVENT_TYPES) expect(answer).toContain(type);
  });

  it('listen itself refuses an unknown type before asking Pasarela anything', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = () => {
      calls += 1;
      return Promise.resolve(Response.json({ data: [], hasMore: false, nextCursor: null }));
    };
    await expect(listen({ secretKey: 'sk_test_1', forwardTo: 'http://127.0.0.1:3000/hooks', types: ['transaction.aproved'], fetch, log: () => {}, signal: AbortSignal.timeout(2000) })).rejects.toThrow(/"transaction\.aproved".*transaction\.approved/);
    expect(calls).toBe(0);
  });
});

describe('pasarela listen speaks English', () => {
  it('asks Pasarela for English answers, so an error it prints is in English (Accept-Language: en)', async () => {
    const asked: Headers[] = [];
    const fetch: typeof globalThis.fetch = (_input, init) => {
      asked.push(new Headers(init?.headers));
      return Promise.resolve(Response.json({ code: 'invalid_secret_key', message: 'The secret key is no merchant\'s' }, { status: 401 }));
    };
    await expect(listen({ secretKey: 'sk_test_bad', forwardTo: 'http://127.0.0.1:3000/hooks', fetch, log: () => {} })).rejects.toThrow(/secret key/);
    expect(asked.length).toBeGreaterThan(0);
    for (const headers of asked) {
      expect(headers.get('accept-language')).toBe('en');
      expect(headers.get('authorization')).toBe('Bearer sk_test_bad');
    }
  });
});

describe('pasarela listen at start', () => {
  it('forwards none of the events there before it started, however many pages they fill, and each new one once', async () => {
    const at = (i: number) => new Date(Date.parse('2026-11-25T12:00:00.000Z') + i * 100).toISOString();
    const event = (i: number) => ({ id: `evt_${String(i).padStart(32, '0')}`, type: 'transaction.approved', apiVersion: '2026-11-26', createdAt: at(i), data: {} });
    // 250 events within a minute before listen starts: three pages of the feed.
    const feed = Array.from({ length: 250 }, (_, i) => event(i)).reverse();
    const forwarded: string[] = [];
    const stop = new AbortController();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/hooks') {
        forwarded.push(String((JSON.parse(String(init?.body)) as { id: string }).id));
        if (forwarded.length === 1) setTimeout(() => stop.abort(), 300);
        return new Response('ok');
      }
      const from = url.searchParams.get('createdFrom');
      const matching = feed.filter((e) => from === null || e.createdAt >= from);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const data = matching.slice(start, start + limit);
      const more = start + limit < matching.length;
      return Response.json({ data, hasMore: more, nextCursor: more ? String(start + limit) : null });
    };
    setTimeout(() => feed.unshift(event(250)), 200);
    await listen({ secretKey: 'sk_test_1', forwardTo: 'http://127.0.0.1:3000/hooks', fetch, log: () => {}, intervalMs: 50, signal: stop.signal });
    expect(forwarded).toEqual([event(250).id]);
  });
});
