import type { Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways } from '../gateways/testing/faultyGateways';
import { createTestApp, testCardNumber, type TestApp } from '../test/testApp';

// The wallet's add-card check (payments/cardCheck.ts): keyed by the payer's trackId, one check at
// the card processor per trackId, and a card kept only when the processor approved it.

let t: TestApp;
let faults: ReturnType<typeof faultyGateways>;
beforeAll(async () => {
  t = await createTestApp({ wrapGateways: (inner: Gateways) => (faults = faultyGateways(inner)).gateways });
});
afterAll(() => t.close());

async function newUser(): Promise<{ id: number; auth: Record<string, string> }> {
  const login = `c${randomUUID().slice(0, 8)}`;
  await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
  const answer = await t.post('/users/login', { login, password: 'Segura#2026' });
  return { id: Number((answer.data['user'] as { idUsr: number }).idUsr), auth: { authorization: `Bearer ${String(answer.data['token'])}` } };
}

const cardBody = (cardNumber = testCardNumber(randomUUID()), trackId = randomUUID()) =>
  ({ cardNumber, expMonth: '12', expYear: '34', cvv: '123', nameOnCard: 'ANA PRUEBA', trackId });

const savedCards = async (auth: Record<string, string>) => (await t.get('/users/me/cards', auth)).data['cards'] as Array<{ idRelCard: number }>;

/** The checks the processor holds for this user's check rows (its books, by key). */
async function checksAtProcessor(userId: number): Promise<Array<{ state: Record<string, unknown> }>> {
  const keys = await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [userId]);
  return t.simulator.books.list<unknown, Record<string, unknown>>('card').filter((e) => keys.some((k) => k.check_key === e.key)).map((e) => ({ state: e.state }));
}

describe('the wallet card check', () => {
  it('sent again with its trackId (one after the other, or three at once) is one check and one saved card', async () => {
    const user = await newUser();
    const body = cardBody();
    const first = await t.post('/users/me/cards', body, user.auth);
    expect(first.data).toMatchObject({ status: 1, card: { visibleNum: `**** **** **** ${body.cardNumber.slice(-4)}` } });
    const again = await t.post('/users/me/cards', body, user.auth);
    expect(again).toMatchObject({ status: 200, data: first.data });
    const racing = cardBody();
    const answers = await Promise.all([1, 2, 3].map(() => t.post('/users/me/cards', racing, user.auth)));
    expect(answers.map((a) => a.data['status'])).toEqual([1, 1, 1]);
    expect(new Set(answers.map((a) => (a.data['card'] as { idRelCard: number }).idRelCard)).size).toBe(1);
    expect(await savedCards(user.auth)).toHaveLength(2);
    expect(await checksAtProcessor(user.id)).toHaveLength(2);
  });

  it.each([
    ['challenged (3D Secure)', '4000000000003220', 'PENDING_3DS'],
    ['left pending by the issuer', '4000000000000259', 'PENDING'],
  ])('%s: no card saved, the payer told why, the hold withdrawn at the processor', async (_case, cardNumber, authStatus) => {
    const user = await newUser();
    const body = cardBody(cardNumber);
    const answer = await t.post('/users/me/cards', body, user.auth);
    expect(answer).toMatchObject({ status: 200, data: { status: 0, authStatus, messageSys: 'El banco no confirmó esta tarjeta y no se guardó. Prueba con otra tarjeta.' } });
    expect((await t.post('/users/me/cards', body, { ...user.auth, 'accept-language': 'en' })).data).toMatchObject({ status: 0, authStatus });
    expect(await savedCards(user.auth)).toEqual([]);
    const [check] = await checksAtProcessor(user.id);
    expect(check?.state).toMatchObject({ voided: true });
  });

  it('declined: status 0 with the issuer\'s reason, no card; its retry answers the same without a second check', async () => {
    const user = await newUser();
    const body = cardBody('4000000000000002');
    const answer = await t.post('/users/me/cards', body, user.auth);
    expect(answer.data).toMatchObject({ status: 0, authStatus: 'DECLINED' });
    expect((await t.post('/users/me/cards', body, user.auth)).data).toEqual(answer.data);
    expect(await checksAtProcessor(user.id)).toHaveLength(1);
    expect(await savedCards(user.auth)).toEqual([]);
  });

  it('the processor could not decide: status 0, nothing kept, the check forgotten so the trackId checks anew', async () => {
    const user = await newUser();
    const answer = await t.post('/users/me/cards', cardBody('4000000000000119'), user.auth);
    expect(answer.data).toMatchObject({ status: 0, authStatus: 'ERROR' });
    expect(await t.db.query('select 1 from card_checks where user_id = $1', [user.id])).toEqual([]);
    expect(await savedCards(user.auth)).toEqual([]);
  });

  it('the same trackId for another card is 409 track_id_reused; no trackId is 400', async () => {
    const user = await newUser();
    const body = cardBody();
    expect((await t.post('/users/me/cards', body, user.auth)).data).toMatchObject({ status: 1 });
    expect(await t.post('/users/me/cards', { ...body, cardNumber: testCardNumber(randomUUID()) }, user.auth)).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
    const { trackId: _none, ...withoutTrackId } = cardBody();
    expect(await t.post('/users/me/cards', withoutTrackId, user.auth)).toMatchObject({ status: 400, data: { code: 'missing_arguments' } });
    expect(await savedCards(user.auth)).toHaveLength(1);
  });

  it('timed out: 504, no card yet; the retry with its trackId checks once under the same key and saves the card', async () => {
    const user = await newUser();
    const body = cardBody();
    faults.plan('card', 'timeout');
    expect(await t.post('/users/me/cards', body, user.auth)).toMatchObject({ status: 504, data: { code: 'payment_error_try_again' } });
    expect(await savedCards(user.auth)).toEqual([]);
    const [key] = (await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [user.id])).map((r) => r.check_key);
    expect((await t.post('/users/me/cards', body, user.auth)).data).toMatchObject({ status: 1 });
    expect((await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [user.id])).map((r) => r.check_key)).toEqual([key]);
    expect(await checksAtProcessor(user.id)).toHaveLength(1);
    expect(await savedCards(user.auth)).toHaveLength(1);
  });

  it('an approved answer lost on the way: the reconciler records it and saves the card once; the retry answers that card', async () => {
    const user = await newUser();
    const body = cardBody();
    faults.plan('card', 'lost_answer');
    expect((await t.post('/users/me/cards', body, user.auth)).status).toBe(504);
    await t.db.query("update card_checks set updated_at = now() - interval '1 minute' where user_id = $1", [user.id]);
    await t.reconcile();
    await t.reconcile();
    const cards = await savedCards(user.auth);
    expect(cards).toHaveLength(1);
    expect((await t.post('/users/me/cards', body, user.auth)).data).toMatchObject({ status: 1, card: { idRelCard: cards[0]?.idRelCard } });
    expect(await savedCards(user.auth)).toHaveLength(1);
  });
  it('a check the processor does not answer about waits for the next pass; the checks behind it are settled in this one', async () => {
    const users = [await newUser(), await newUser()];
    for (const user of users) {
      faults.plan('card', 'lost_answer');
      expect((await t.post('/users/me/cards', cardBody(), user.auth)).status).toBe(504);
      await t.db.query("update card_checks set updated_at = now() - interval '1 minute' where user_id = $1", [user.id]);
    }
    // The first lookup of the pass (the older check's) gets no answer.
    faults.plan('card', 'timeout');
    await expect(t.reconcile()).rejects.toThrow(/no answer/);
    expect(await savedCards(users[0]!.auth)).toEqual([]);
    expect(await savedCards(users[1]!.auth)).toHaveLength(1);
    await t.reconcile();
    expect(await savedCards(users[0]!.auth)).toHaveLength(1);
  });
});
