import { EventEmitter } from 'node:events';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@pasarela/core';
import type { ChannelEvents } from '../../push/channelEvents';
import { listenToFirstScreenChanges, type FirstScreenChange } from '../../push/firstScreenChanges';
import { listenToTransactions, type TransactionChange } from '../../push/transactionEvents';
import { cardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { PAGES_AHEAD, PagesAhead, type PageAhead } from './pagesAhead';

/** Change notices as a test sends them, shaped as the database's (push/channelEvents.ts). */
function noticeBoard<T>() {
  const emitter = new EventEmitter();
  const events: ChannelEvents<T> = {
    on: (_event, listener) => emitter.on('change', listener),
    off: (_event, listener) => emitter.off('change', listener),
    onResume: (listener) => emitter.on('resume', listener),
    close: async () => undefined,
  };
  return { events, send: (change: T) => emitter.emit('change', change), resume: () => emitter.emit('resume') };
}

const txChange = (linkCode: string | null): TransactionChange => ({ codOper: 'OP1', method: 'card', status: 1, authStatus: '00', userId: null, merchantId: 1, linkCode, origin: 'node' });

describe('PagesAhead: a new link\'s checkout page, made once and dropped when what it shows changes', () => {
  const page = (code: string, lang: Language): PageAhead => ({ build: 1, frameAncestors: "'self'", tail: `${code} ${lang}` });
  function store(now = () => 0, delayMs = 0) {
    const made: string[] = [];
    const counted: string[] = [];
    const ahead = new PagesAhead({ now, delayMs, count: (outcome) => counted.push(outcome) });
    ahead.makeWith(async (code, lang) => {
      made.push(`${code} ${lang}`);
      return code.startsWith('none') ? null : page(code, lang);
    });
    const changes = noticeBoard<FirstScreenChange>();
    const transactions = noticeBoard<TransactionChange>();
    ahead.watch(changes.events, transactions.events);
    return { ahead, made, counted, changes, transactions };
  }

  it('makes each language\'s page on a later turn, the creator\'s first, and gives it to the first open only', async () => {
    const { ahead, made, counted } = store();
    ahead.prepare('LK1', 'en');
    ahead.prepare('LK2', 'es');
    expect(made).toEqual([]);
    await ahead.idle();
    expect(made).toEqual(['LK1 en', 'LK1 es', 'LK2 es', 'LK2 en']);
    expect((await ahead.take('LK1', 'en'))?.tail).toBe('LK1 en');
    // the link has been opened: later opens and reloads are made when asked
    expect(await ahead.take('LK1', 'en')).toBeUndefined();
    expect(await ahead.take('LK1', 'es')).toBeUndefined();
    // for GET /metrics: four pages made, one served
    expect(counted).toEqual(['made', 'made', 'made', 'made', 'served']);
  });

  it('waits for the page being made in the open\'s language, and makes no other', async () => {
    const s = store();
    const gates = new Map<string, () => void>();
    s.ahead.makeWith((code, lang) => {
      s.made.push(`${code} ${lang}`);
      return new Promise((resolve) => gates.set(`${code} ${lang}`, () => resolve(page(code, lang))));
    });
    s.ahead.prepare('LK1', 'es');
    s.ahead.prepare('LK2', 'es');
    await expect.poll(() => s.made).toEqual(['LK1 es']);
    const opened = s.ahead.take('LK1', 'es');
    gates.get('LK1 es')?.();
    expect((await opened)?.tail).toBe('LK1 es');
    // LK1 in English is not made; LK2 is next
    await expect.poll(() => s.made).toEqual(['LK1 es', 'LK2 es']);
    // an open in the language not being made gets nothing
    const other = s.ahead.take('LK2', 'en');
    gates.get('LK2 es')?.();
    expect(await other).toBeUndefined();
    await s.ahead.idle();
    expect(s.made).toEqual(['LK1 es', 'LK2 es']);
    expect(s.ahead.size).toBe(0);
  });

  it(`makes nothing for a link opened within ${PAGES_AHEAD.delayMs} ms of its making (a shop that creates it at the click): its page is made when asked`, async () => {
    const s = store(() => 0, PAGES_AHEAD.delayMs);
    s.ahead.prepare('LK1', 'es');
    expect(await s.ahead.take('LK1', 'es')).toBeUndefined();
    await s.ahead.idle();
    expect(s.made).toEqual([]);
    expect(s.ahead.size).toBe(0);
  });

  it('makes nothing more once closed (the node is stopping)', async () => {
    const s = store(() => 0, 10);
    s.ahead.prepare('LK1', 'es');
    s.ahead.close();
    await s.ahead.idle();
    expect(s.made).toEqual([]);
    expect(await s.ahead.take('LK1', 'es')).toBeUndefined();
  });

  it('keeps nothing for a link whose page cannot be made ahead', async () => {
    const { ahead } = store();
    ahead.prepare('none-1', 'es');
    await ahead.idle();
    expect(ahead.size).toBe(0);
  });

  it.each<[string, (s: ReturnType<typeof store>) => void, boolean]>([
    ['its link changed', (s) => s.changes.send({ link: 'LK1' }), false],
    ['another link changed', (s) => s.changes.send({ link: 'LK2' }), true],
    ['a merchant\'s data changed', (s) => s.changes.send({ all: true }), false],
    ['a payment of its link', (s) => s.transactions.send(txChange('LK1')), false],
    ['a payment of another link', (s) => s.transactions.send(txChange('LK2')), true],
    ['a payment with no link', (s) => s.transactions.send(txChange(null)), true],
    ['notices may have been missed (the listener reconnected)', (s) => s.changes.resume(), false],
    ['transaction notices may have been missed', (s) => s.transactions.resume(), false],
  ])('after %s, is kept: %s', async (_what, happen, kept) => {
    const s = store();
    s.ahead.prepare('LK1', 'es');
    await s.ahead.idle();
    happen(s);
    expect((await s.ahead.take('LK1', 'es')) !== undefined).toBe(kept);
    expect(s.counted).toEqual(['made', 'made', kept ? 'served' : 'dropped']);
  });

  it.each([['before the open', false], ['while the open waits for it', true]])('drops a page that a change overtook while it was being made (%s)', async (_when, openFirst) => {
    const s = store();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    s.ahead.makeWith(async (code, lang) => {
      await gate;
      return page(code, lang);
    });
    s.ahead.prepare('LK1', 'es');
    await new Promise((resolve) => setImmediate(resolve));
    const opened = openFirst ? s.ahead.take('LK1', 'es') : undefined;
    s.changes.send({ link: 'LK1' });
    release();
    await s.ahead.idle();
    expect(await (opened ?? s.ahead.take('LK1', 'es'))).toBeUndefined();
  });

  it(`keeps a page ${PAGES_AHEAD.keepMs / 60_000} minutes, and the ${PAGES_AHEAD.links} newest links`, async () => {
    let now = 0;
    const s = store(() => now);
    s.ahead.prepare('OLD', 'es');
    await s.ahead.idle();
    now = PAGES_AHEAD.keepMs + 1;
    expect(await s.ahead.take('OLD', 'es')).toBeUndefined();
    for (let batch = 0; batch < 5; batch++) {
      for (let i = 0; i < PAGES_AHEAD.links / 4; i++) s.ahead.prepare(`LK${batch}-${i}`, 'es');
      await s.ahead.idle();
    }
    expect(s.ahead.size).toBe(PAGES_AHEAD.links);
    expect(await s.ahead.take('LK0-0', 'es')).toBeUndefined();
    expect(await s.ahead.take('LK4-0', 'es')).toBeDefined();
  });

  it(`asks for at most ${PAGES_AHEAD.pendingLinks} links at once (a burst of new links is not a queue of work)`, async () => {
    const s = store();
    for (let i = 0; i < PAGES_AHEAD.pendingLinks + 20; i++) s.ahead.prepare(`LK${i}`, 'es');
    await s.ahead.idle();
    expect(s.made.length).toBe(PAGES_AHEAD.pendingLinks * 2);
  });
});

describe('the checkout page of a new link, made ahead by the node that created it (real database and widget build)', () => {
  let t: TestApp;
  let served = 0;
  const ahead = new PagesAhead({ count: (outcome) => void (outcome === 'served' && served++) });
  beforeAll(async () => {
    t = await createTestApp({ splashMs: 0, pagesAhead: ahead });
    ahead.watch(await listenToFirstScreenChanges(t.db), await listenToTransactions(t.db));
  });
  afterAll(() => t.close());

  /** The page as the loader's frame asks for it (packages/checkout/src/widgetUrl.ts). */
  async function open(code: string, options: { lang?: string; parentOrigin?: string; host?: string; extra?: string } = {}) {
    const query = `type=lk&code=${code}&parentOrigin=${encodeURIComponent(options.parentOrigin ?? 'http://shop.test')}&sdkVersion=0.1.0${options.extra ?? ''}`;
    const servedBefore = served;
    const res = await t.app.request(`http://${options.host ?? 'checkout.test'}/pf/widget?${query}`, {
      headers: { 'accept-encoding': 'gzip', 'accept-language': options.lang ?? 'es-PA' },
    });
    const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    if (!body.includes('id="pasarela-primed"')) throw new Error(`not a checkout page (is the widget built? npm run build): ${res.status} ${body.slice(0, 200)}`);
    return { madeAhead: served > servedBefore, csp: res.headers.get('content-security-policy'), body };
  }
  async function newLinkMadeAhead(body: Record<string, unknown> = {}) {
    const code = await newLink(t, body);
    await ahead.idle();
    return code;
  }

  it.each([['es-PA', 'es'], ['en-US,en;q=0.9', 'en']])('in %s, is the page made when asked (the same bytes, headers and first screen)', async (acceptLanguage) => {
    const code = await newLinkMadeAhead();
    const first = await open(code, { lang: acceptLanguage });
    // another shop origin, SDK version and host: the first screen shows none of them
    const again = await open(code, { lang: acceptLanguage, parentOrigin: 'https://tienda.example', host: 'localhost:4000' });
    expect(first.madeAhead).toBe(true);
    expect(again.madeAhead).toBe(false);
    expect(first.csp).toBe(again.csp);
    expect(first.body).toContain('data-prerendered=');
    expect(first.body).toBe(again.body);
  });

  it('is not used for another address of the link (no loader, or a state in the query)', async () => {
    const code = await newLinkMadeAhead();
    expect((await open(code, { extra: '&error=payment_declined' })).madeAhead).toBe(false);
    const servedBefore = served;
    await t.app.request(`/pf/widget?type=lk&code=${code}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(served).toBe(servedBefore);
    // and the loader's open still gets it
    expect((await open(code)).madeAhead).toBe(true);
  });

  it('is dropped when a single-use link is paid first: the open shows it paid', async () => {
    const code = await newLinkMadeAhead({ singleUse: true });
    const paid = await t.post('/cards/auth-capture', cardPayload(code));
    expect(paid.header.code).toBe(200);
    // the payment's notice (a NOTIFY at commit) reaches every node's listener
    await expect.poll(() => ahead.size).toBe(0);
    const page = await open(code);
    expect(page.madeAhead).toBe(false);
    expect(page.body).toContain('"code":409,"description":"Conflict","data":{"code":"request_already_paid"');
  });

  it('is dropped when its merchant changes, by any node (the database announces it)', async () => {
    const code = await newLinkMadeAhead();
    // as another node's admin call would write it
    await t.db.query("update merchants set name = name || '' where id = (select merchant_id from payment_links where code = $1)", [code]);
    await expect.poll(() => ahead.size).toBe(0);
    expect((await open(code)).madeAhead).toBe(false);
  });

  it('is not made for a link that expires (its page counts down from when it is made)', async () => {
    const code = await newLinkMadeAhead({ expiresInSeconds: 600 });
    expect((await open(code)).madeAhead).toBe(false);
  });
});
