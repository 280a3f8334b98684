import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { tokenizedCardPayload, createTestApp, newLink, testCardNumber, type ApiAnswer, type TestApp } from '../../test/testApp';

// One payment attempt makes at most one charge: a trackId sent again with the same charge is
// answered as the first time, with another charge it is refused (409 track_id_reused), on every
// payment route, and in any interleaving (the unique track_id decides).

let t: TestApp;
let wallet: Record<string, string>;
let savedCards: number[];
beforeAll(async () => {
  t = await createTestApp();
  await t.admin('POST', '/users', {
    email: 'intento@example.com', login: 'intento', password: 'Segura#2026', balance: 1000, cards: [{ brand: 'VISA', last4: '1881' }, { brand: 'MC', last4: '5100' }],
  });
  wallet = { authorization: `Bearer ${String((await t.post('/users/login', { login: 'intento', password: 'Segura#2026' })).data['token'])}` };
  savedCards = ((await t.get('/users/me/cards', wallet)).data['cards'] as Array<{ idRelCard: number }>).map((c) => c.idRelCard);
});
afterAll(() => t.close());

const rowsOf = async (trackId: string) =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from transactions where track_id = $1', [trackId]))[0]?.n;

const getQuery = (path: string, query: Record<string, string>) => t.get(`${path}?${new URLSearchParams(query).toString()}`);

/** Each payment route: its first request, and another charge under the same trackId. */
const ROUTES: ReadonlyArray<[string, (trackId: string, code: string, other: boolean) => Promise<ApiAnswer>]> = [
  ['card auth-capture (another card)', async (trackId, code, other) =>
    t.post('/cards/auth-capture', await tokenizedCardPayload(code, { trackId, cardNumber: testCardNumber(`${trackId}${other ? '-other' : ''}`) }))],
  ['process-tx (another link)', async (trackId, code, other) =>
    t.post('/process-tx', await tokenizedCardPayload(other ? await newLink(t) : code, { trackId, cardNumber: testCardNumber(trackId) }))],
  ['Nequi push (another phone)', (trackId, code, other) => t.post('/nequi/push', { code, phone: other ? '61234567' : '61111111', trackId })],
  ['Nequi QR (a push with its trackId)', (trackId, code, other) =>
    (other ? t.post('/nequi/push', { code, phone: '61111111', trackId }) : getQuery('/nequi/qr', { code, trackId }))],
  ['Yappy (another phone)', (trackId, code, other) => t.post('/yappy/payments', { code, phone: other ? '62345678' : '61234567', trackId })],
  ['cash (the other network)', (trackId, code, other) => t.post(other ? '/cash/cash-point' : '/cash/pay-cash', { code, trackId, email: 'caja@example.com' })],
  ['Clave (another e-mail)', (trackId, code, other) => t.post('/clave/payments', { code, trackId, email: other ? 'b@example.com' : 'a@example.com' })],
  ['crypto (the amount stated, not left to the link)', (trackId, code, other) =>
    t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX', trackId, ...(other ? { amountUSD: 25 } : {}) })],
  ['wallet balance (another link)', async (trackId, code, other) =>
    t.post('/activity/pay', { sourceSearch: { paymentCode: other ? await newLink(t) : code }, useFunds: true, trackId }, wallet)],
  ['saved card (another saved card)', (trackId, code, other) =>
    t.post('/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard: savedCards[other ? 1 : 0], trackId }, wallet)],
];

describe('a trackId is one charge, on every payment route', () => {
  it.each(ROUTES)('%s: the same request answers the first outcome; another charge is 409 track_id_reused; one row', async (_name, send) => {
    const code = await newLink(t);
    const trackId = randomUUID();
    const first = await send(trackId, code, false);
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    const again = await send(trackId, code, false);
    expect(again).toMatchObject({ status: 200, data: first.data });
    const other = await send(trackId, code, true);
    expect(other).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
    expect(String(other.data['message'])).toContain('intento de pago');
    expect(await rowsOf(trackId)).toBe(1);
  });

  it('the wallet balance is debited once for a repeated trackId', async () => {
    const code = await newLink(t, { amount: 10, taxAmount: 0 });
    const trackId = randomUUID();
    const balance = async () => ((await t.get('/users/me/balance', wallet)).data['balance'] as Array<{ disponible: number }>)[0]?.disponible ?? 0;
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.post('/activity/pay', { sourceSearch: { paymentCode: code }, useFunds: true, trackId }, wallet)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await balance()).toBe(before - 10);
    expect(await rowsOf(trackId)).toBe(1);
  });

  it('a repeat is answered even when the link was paid by it meanwhile (single use)', async () => {
    const code = await newLink(t, { singleUse: true });
    const trackId = randomUUID();
    const first = await t.post('/clave/payments', { code, trackId });
    await t.app.request(`/sandbox/clave/${String(first.data['codOper'])}`, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), headers: { accept: 'application/json' } });
    expect(await t.post('/clave/payments', { code, trackId })).toMatchObject({ status: 200, data: { codOper: first.data['codOper'] } });
    expect((await t.post('/clave/payments', { code, trackId: randomUUID() })).data['code']).toBe('request_already_paid');
  });
});

describe('property: any interleaving of retries with one trackId records one row', () => {
  /** A round is a batch of requests sent at once; each is the attempt's own charge (a) or another (b). */
  const rounds = fc.array(fc.array(fc.constantFrom('a', 'a', 'a', 'b'), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 });

  it('card: the charge that got the trackId first is answered to every request like it, all others are 409', async () => {
    await fc.assert(fc.asyncProperty(rounds, async (batches) => {
      const code = await newLink(t);
      const trackId = randomUUID();
      const cards = { a: testCardNumber(`${trackId}-a`), b: testCardNumber(`${trackId}-b`) };
      const sent: Array<{ kind: 'a' | 'b'; answer: ApiAnswer }> = [];
      for (const batch of batches) {
        const answers = await Promise.all(batch.map(async (kind) => t.post('/cards/auth-capture', await tokenizedCardPayload(code, { trackId, cardNumber: cards[kind] }))));
        answers.forEach((answer, i) => sent.push({ kind: batch[i] ?? 'a', answer }));
      }
      const rows = await t.db.query<{ cod_oper: string; card_last4: string }>('select cod_oper, card_last4 from transactions where track_id = $1', [trackId]);
      expect(rows).toHaveLength(1);
      const winner = rows[0]?.card_last4 === cards.a.slice(-4) ? 'a' : 'b';
      for (const { kind, answer } of sent) {
        if (kind === winner) expect(answer).toMatchObject({ status: 200, data: { codOper: rows[0]?.cod_oper } });
        else expect(answer).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
      }
      // The first batch's first request went alone or with others: its kind is always among the answers.
      expect(sent.some((s) => s.kind === winner)).toBe(true);
    }), { numRuns: 25 });
  });

  it('Nequi push: same property through recordPayment', async () => {
    await fc.assert(fc.asyncProperty(rounds, async (batches) => {
      const code = await newLink(t);
      const trackId = randomUUID();
      const phones = { a: '61111111', b: '61234567' };
      const sent: Array<{ kind: 'a' | 'b'; answer: ApiAnswer }> = [];
      for (const batch of batches) {
        const answers = await Promise.all(batch.map((kind) => t.post('/nequi/push', { code, phone: phones[kind], trackId })));
        answers.forEach((answer, i) => sent.push({ kind: batch[i] ?? 'a', answer }));
      }
      const rows = await t.db.query<{ cod_oper: string; phone: string }>('select cod_oper, phone from transactions where track_id = $1', [trackId]);
      expect(rows).toHaveLength(1);
      const winner = rows[0]?.phone === phones.a ? 'a' : 'b';
      for (const { kind, answer } of sent) {
        if (kind === winner) expect(answer).toMatchObject({ status: 200, data: { codOper: rows[0]?.cod_oper } });
        else expect(answer).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
      }
    }), { numRuns: 15 });
  });
});
