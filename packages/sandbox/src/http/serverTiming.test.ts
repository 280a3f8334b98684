import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBody } from '@pasarela/core';
import { keyOf } from '@pasarela/vault/testing';
import type { Transaction, TransactionOptions } from '../db/Database';
import { writes } from '../db/statementTrace';
import { asCaller, tokenizedCardPayload, createTestApp, newLink, testCardNumber, withCaptcha, type TestApp } from '../../test/testApp';
import { merchantApiClient } from '../../test/merchantApiClient';

let t: TestApp;
/** Counted above the database, as the routes and services call it: what the header must agree with. */
let seen = { statements: 0, commits: 0, writing: 0 };
beforeAll(async () => {
  t = await createTestApp();
  const query = t.db.query.bind(t.db);
  const transaction = t.db.transaction.bind(t.db);
  Object.assign(t.db, {
    query: async (sql: string, params?: readonly unknown[]) => {
      // The node's announcements after a commit (changes/announcements.ts) are its own, batched across requests.
      if (/pg_notify\(channel \|\| coalesce/.test(sql)) return query(sql, params);
      seen.statements++;
      const rows = await query(sql, params);
      seen.commits++;
      if (writes(sql)) seen.writing++;
      return rows;
    },
    transaction: async <T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions) => {
      // BEGIN (and on PostgreSQL the advisory lock's SELECT in its round trip), then COMMIT or ROLLBACK.
      seen.statements += options?.advisoryLock !== undefined && t.db.kind === 'postgres' ? 3 : 2;
      let wrote = false;
      const result = await transaction((tx) => fn({
        query: (sql, params) => {
          seen.statements++;
          wrote ||= writes(sql);
          return tx.query(sql, params);
        },
        exec: (sql) => {
          seen.statements++;
          return tx.exec(sql);
        },
      }), options);
      seen.commits++;
      if (wrote) seen.writing++;
      return result;
    },
  });
});
afterAll(() => t.close());

const pay = async (body: unknown) => t.app.request('/api/v1/cards/auth-capture', {
  method: 'POST', body: encodeBody(withCaptcha('/cards/auth-capture', body)), headers: { 'content-type': 'text/plain', ...asCaller() },
});

/** The header's parts by name: duration and description. */
const partsOf = (header: string | null): Record<string, { dur: number; desc: string | undefined }> => Object.fromEntries((header ?? '').split(/,\s*/).filter(Boolean).map((part) => {
  const [name, ...params] = part.split(';');
  const param = (key: string) => params.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
  return [name, { dur: Number(param('dur')), desc: param('desc')?.replace(/^"|"$/g, '') }];
}));

describe('every answer says where its server time went (Server-Timing)', () => {
  it('an approved card payment: statements and commits as the database receives them, the queue, the processor, the node, the whole', async () => {
    const link = await newLink(t);
    seen = { statements: 0, commits: 0, writing: 0 };
    const res = await pay(await tokenizedCardPayload(link));
    expect(res.status).toBe(200);
    const parts = partsOf(res.headers.get('server-timing'));
    // The card's facts come sealed in its token: no call to the card vault but the processor's, through its forwarding.
    expect(Object.keys(parts)).toEqual(['queue', 'db', 'processor', 'node', 'total']);
    // Every statement sent, BEGIN and COMMIT included, and every commit: a statement sent alone is one.
    expect(parts['db']?.desc).toBe(`${seen.statements} statements and ${seen.commits} commits (${seen.writing} writing)`);
    // The attempt with the captcha token's spend, then the outcome with its books line and receipt mail: two commits that write.
    expect(seen.writing).toBe(2);
    expect(parts['processor']?.desc).toBe('the card processor: 1 call');
    for (const part of Object.values(parts)) expect(part.dur).toBeGreaterThanOrEqual(0);
    // The parts add up to the whole (the node's part is the rest).
    const sum = parts['queue']!.dur + parts['db']!.dur + parts['processor']!.dur + parts['node']!.dur;
    expect(Math.abs(sum - parts['total']!.dur)).toBeLessThanOrEqual(0.5);
  });
  it('the wait for the database is counted apart from its statements', async () => {
    const body = await tokenizedCardPayload(await newLink(t));
    // Another piece of work holds the database while the payment arrives: on PGlite's one session the
    // payment waits for its turn, and that wait is the queue's, not the statements'.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.query('select 1');
      holding();
      await released;
    });
    await held;
    const answer = pay(body);
    // Held 400 ms: the payment's first statement waits most of it even when the machine is busy.
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    await holder;
    const res = await answer;
    expect(res.status).toBe(200);
    const parts = partsOf(res.headers.get('server-timing'));
    // PostgreSQL's pool has a connection free for it: no wait, and never a negative one.
    // (Its statements' own time is no bound here: on a busy machine they took 490 ms once.)
    if (t.db.kind === 'pglite') expect(parts['queue']!.dur).toBeGreaterThanOrEqual(250);
    else expect(parts['queue']!.dur).toBeGreaterThanOrEqual(0);
  });
  it('a refusal too (a possible duplicate) of a token without its seal: the vault asked for the card\'s fingerprint, no processor called', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber('server-timing-duplicate');
    expect((await pay(await tokenizedCardPayload(link, { cardNumber }))).status).toBe(200);
    const again = await tokenizedCardPayload(link, { cardNumber });
    const keyOnly = { ...again, cardInformation: { ...again.cardInformation, cardNumber: keyOf(again.cardInformation.cardNumber) } };
    const res = await pay(keyOnly);
    expect(res.status).toBe(409);
    const parts = partsOf(res.headers.get('server-timing'));
    expect(Object.keys(parts)).toEqual(['queue', 'db', 'vault', 'node', 'total']);
    // The card vault's look-up of the typed card's token, apart from the node's own work.
    expect(parts['vault']?.desc).toBe('the card vault: 1 call');
  });
  it('a merchant\'s refund: the card processor\'s refund call is the processor\'s time, not the node\'s', async () => {
    const api = await merchantApiClient((path, init) => t.app.request(path, init));
    const merchant = await t.admin('POST', '/merchants', { name: 'Server-Timing S.A.' });
    const key = String(merchant.json['secretKey']);
    const link = await api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['codOper']);
    const refund = await api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 5 } });
    expect(refund.status, JSON.stringify(refund.json)).toBe(201);
    const parts = partsOf(refund.headers.get('server-timing'));
    expect(Object.keys(parts)).toEqual(['queue', 'db', 'processor', 'node', 'total']);
    expect(parts['processor']?.desc).toBe('the card processor: 1 call');
    // The refund's two durable commits; its Idempotency-Key's claim and answer do not wait for the WAL flush.
    expect(parts['db']?.desc).toMatch(/ \(2 writing and 2 more writing without waiting for the WAL flush\)$/);
    const sum = parts['queue']!.dur + parts['db']!.dur + parts['processor']!.dur + parts['node']!.dur;
    expect(Math.abs(sum - parts['total']!.dur)).toBeLessThanOrEqual(0.5);
  });
  it('a provider\'s captcha service: its call is timed apart from the node\'s own work', async () => {
    // GATEWAYS_MODULE's captcha, asked over the network in production: here one that answers in 40 ms.
    const withService = await createTestApp({
      captcha: { verify: async () => { await new Promise((resolve) => setTimeout(resolve, 40)); return { valid: true, score: 0.9, madeFor: null }; } },
    });
    try {
      const res = await withService.app.request('/api/v1/cards/auth-capture', {
        method: 'POST', body: encodeBody(withCaptcha('/cards/auth-capture', await tokenizedCardPayload(await newLink(withService)))), headers: { 'content-type': 'text/plain', ...asCaller() },
      });
      expect(res.status).toBe(200);
      const parts = partsOf(res.headers.get('server-timing'));
      expect(Object.keys(parts)).toEqual(['queue', 'db', 'processor', 'captcha', 'node', 'total']);
      expect(parts['captcha']?.desc).toBe('the captcha service: 1 call');
      expect(parts['captcha']!.dur).toBeGreaterThanOrEqual(39);
      const sum = ['queue', 'db', 'processor', 'captcha', 'node'].reduce((total, name) => total + parts[name]!.dur, 0);
      expect(Math.abs(sum - parts['total']!.dur)).toBeLessThanOrEqual(0.6);
    } finally {
      await withService.close();
    }
  });
  it('any other route too: a payment\'s status call, a 404', async () => {
    const res = await t.app.request('/api/v1/cash/payments/no-such-voucher', { headers: asCaller() });
    expect(res.status).toBe(404);
    const parts = partsOf(res.headers.get('server-timing'));
    expect(Object.keys(parts)).toEqual(['queue', 'db', 'node', 'total']);
    // A read sent alone: one statement, its own (read-only) commit.
    expect(parts['db']?.desc).toBe('1 statement and 1 commit (0 writing)');
  });
});
