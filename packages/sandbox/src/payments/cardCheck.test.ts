import type { Gateways } from '@pasarela/gateways';
import { CARD_AUTH_STATUS, cardCheckMessage } from '@pasarela/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways } from '../../test/gateways/faultyGateways';
import { tokenizedCardRegistration, createTestApp, testCardNumber, type TestApp } from '../../test/testApp';

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

const cardBody = async (cardNumber = testCardNumber(randomUUID()), trackId = randomUUID()) => tokenizedCardRegistration(cardNumber, { trackId });

const savedCards = async (auth: Record<string, string>) => (await t.get('/users/me/cards', auth)).data['cards'] as Array<{ idRelCard: number }>;

/** The cards the processor saved for this user's check rows (its books, by key). */
async function checksAtProcessor(userId: number): Promise<Array<{ state: Record<string, unknown> }>> {
  const keys = await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [userId]);
  return t.simulator.books.list<unknown, Record<string, unknown>>('card-saved').filter((e) => keys.some((k) => k.check_key === e.key)).map((e) => ({ state: e.state }));
}

describe('the wallet card check', () => {
  it('sent again with its trackId (one after the other, or three at once) is one check and one saved card', async () => {
    const user = await newUser();
    const number = testCardNumber(randomUUID());
    const body = await cardBody(number);
    const first = await t.post('/users/me/cards', body, user.auth);
    expect(first.data).toMatchObject({ status: 1, card: { visibleNum: `**** **** **** ${number.slice(-4)}` } });
    const again = await t.post('/users/me/cards', body, user.auth);
    expect(again).toMatchObject({ status: 200, data: first.data });
    const racing = (await cardBody());
    const answers = await Promise.all([1, 2, 3].map(() => t.post('/users/me/cards', racing, user.auth)));
    expect(answers.map((a) => a.data['status'])).toEqual([1, 1, 1]);
    expect(new Set(answers.map((a) => (a.data['card'] as { idRelCard: number }).idRelCard)).size).toBe(1);
    expect(await savedCards(user.auth)).toHaveLength(2);
    expect(await checksAtProcessor(user.id)).toHaveLength(2);
  });

  it('keeps the processor\'s own token and customer (saveCard\'s answer), and the same customer for the user\'s next card', async () => {
    const user = await newUser();
    const first = await t.post('/users/me/cards', (await cardBody()), user.auth);
    const second = await t.post('/users/me/cards', (await cardBody()), user.auth);
    expect([first.data['status'], second.data['status']]).toEqual([1, 1]);
    const kept = await t.db.query<{ card_token: string; card_customer: string }>('select card_token, card_customer from user_cards where user_id = $1 order by id', [user.id]);
    const saved = (await checksAtProcessor(user.id)).map((c) => c.state);
    expect(kept).toEqual(saved.map((s) => ({ card_token: s['token'], card_customer: s['customer'] })));
    expect(kept[0]?.card_token).toMatch(/^simtok_/);
    expect(kept[1]?.card_customer).toBe(kept[0]?.card_customer);
    expect(await t.db.query('select 1 from card_checks where user_id = $1 and card_token is null', [user.id])).toEqual([]);
  });

  it('declined: status 0 with the issuer\'s reason, no card; its retry answers the same without a second check', async () => {
    const user = await newUser();
    const body = (await cardBody('4000000000000002'));
    const answer = await t.post('/users/me/cards', body, user.auth);
    expect(answer.data).toMatchObject({ status: 0, authStatus: 'DECLINED' });
    expect((await t.post('/users/me/cards', body, user.auth)).data).toEqual(answer.data);
    expect(await checksAtProcessor(user.id)).toHaveLength(1);
    expect(await savedCards(user.auth)).toEqual([]);
  });

  it('a card the processor refuses to save is a declined check with the catalogue\'s message for its reason, nothing kept', async () => {
    const user = await newUser();
    const answer = await t.post('/users/me/cards', (await cardBody('4000000000009995')), user.auth);
    expect(answer.data).toMatchObject({ status: 0, authStatus: CARD_AUTH_STATUS.insufficient_funds, messageSys: cardCheckMessage('insufficient_funds', 'es') });
    expect(await savedCards(user.auth)).toEqual([]);
  });

  // docs/api.md: "{ status: 0, messageSys, authStatus } (declined, 3D Secure or pending: no card kept)".
  it.each([
    ['4000000000003220', 'three_ds'],
    ['4000000000000259', 'pending'],
  ] as const)('%s, which its issuer does not confirm now (%s), is status 0 and keeps no card to charge without a challenge', async (number, result) => {
    const user = await newUser();
    const answer = await t.post('/users/me/cards', await cardBody(number), user.auth);
    expect(answer.data).toMatchObject({ status: 0, authStatus: CARD_AUTH_STATUS[result], messageSys: cardCheckMessage(result, 'es') });
    expect(answer.data['card']).toBeUndefined();
    expect(await savedCards(user.auth)).toEqual([]);
    expect(await checksAtProcessor(user.id)).toEqual([{ state: expect.objectContaining({ status: 'unconfirmed' }) }]);
  });

  it('the same trackId for another card is 409 track_id_reused; no trackId is 400', async () => {
    const user = await newUser();
    const body = (await cardBody());
    expect((await t.post('/users/me/cards', body, user.auth)).data).toMatchObject({ status: 1 });
    const another = await cardBody();
    expect(await t.post('/users/me/cards', { ...body, cardNumber: another.cardNumber }, user.auth)).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
    const { trackId: _none, ...withoutTrackId } = (await cardBody());
    expect(await t.post('/users/me/cards', withoutTrackId, user.auth)).toMatchObject({ status: 400, data: { code: 'missing_arguments' } });
    expect(await savedCards(user.auth)).toHaveLength(1);
  });

  it('timed out: 504, no card yet; the retry with its trackId checks once under the same key and saves the card', async () => {
    const user = await newUser();
    const body = (await cardBody());
    faults.plan('card', 'timeout');
    expect(await t.post('/users/me/cards', body, user.auth)).toMatchObject({ status: 504, data: { code: 'payment_error_try_again' } });
    expect(await savedCards(user.auth)).toEqual([]);
    const [key] = (await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [user.id])).map((r) => r.check_key);
    expect((await t.post('/users/me/cards', body, user.auth)).data).toMatchObject({ status: 1 });
    expect((await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [user.id])).map((r) => r.check_key)).toEqual([key]);
    expect(await checksAtProcessor(user.id)).toHaveLength(1);
    expect(await savedCards(user.auth)).toHaveLength(1);
  });

  it('a saved card whose answer was lost: the retry with its trackId saves under the same key and keeps the same token once', async () => {
    const user = await newUser();
    const body = (await cardBody());
    faults.plan('card', 'lost_answer');
    expect((await t.post('/users/me/cards', body, user.auth)).status).toBe(504);
    await t.db.query("update card_checks set updated_at = now() - interval '1 minute' where user_id = $1", [user.id]);
    await t.reconcile();
    expect(await t.db.query('select 1 from card_checks where user_id = $1', [user.id])).toHaveLength(1);
    expect((await t.post('/users/me/cards', body, user.auth)).data).toMatchObject({ status: 1 });
    const [saved] = await checksAtProcessor(user.id);
    expect(await t.db.query('select card_token from user_cards where user_id = $1', [user.id])).toEqual([{ card_token: saved?.state['token'] }]);
  });

  it('a check still in doubt a day later, never retried, is forgotten by the reconciler', async () => {
    const user = await newUser();
    faults.plan('card', 'timeout');
    expect((await t.post('/users/me/cards', (await cardBody()), user.auth)).status).toBe(504);
    await t.db.query("update card_checks set updated_at = now() - interval '25 hours' where user_id = $1", [user.id]);
    await t.reconcile();
    expect(await t.db.query('select 1 from card_checks where user_id = $1', [user.id])).toEqual([]);
    expect(await savedCards(user.auth)).toEqual([]);
  });
});
