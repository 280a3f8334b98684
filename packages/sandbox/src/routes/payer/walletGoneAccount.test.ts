import { randomUUID } from 'node:crypto';
import { decodeBody } from '@pasarela/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { asCaller, testCardNumber, tokenizedCardRegistration } from '../../../test/testApp';
import { loggedInWalletUser } from '../../../test/walletUser';

// SPEC 8: a 401 is "session expired", and the app sends the payer to log in. A session whose account
// is gone is one: every wallet call made with it answers so, as GET /users/me does, never an empty
// wallet (no cards, no movements) and never a payment or a write made for no account.

const setup = useMerchantApi({ webhooks: false });

interface Gone {
  auth: { authorization: string };
  id: number;
  cardId: number;
  code: string;
  sentId: number;
  receivedId: number;
}
let gone: Gone;

/** What each table holds for the account, to show a refused call wrote nothing. */
const recorded = async (id: number) => ({
  cards: await setup.t.db.query('select id, is_default from user_cards where user_id = $1 order by id', [id]),
  payments: await setup.t.db.query('select cod_oper, status from transactions where user_id = $1 order by id', [id]),
  requests: await setup.t.db.query("select id, status from process_records where kind = 'activity' order by id"),
  cardChecks: await setup.t.db.query('select count(*)::int as n from card_checks where user_id = $1', [id]),
});

beforeAll(async () => {
  const m = await setup.newMerchant('Cuenta Borrada S.A.');
  const newLink = async () => String((await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 5, taxAmount: 0, description: 'Pedido' } })).json['code']);
  const { auth, id } = await loggedInWalletUser(setup.t, 50);
  const added = await setup.t.post('/users/me/cards', await tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() }), auth);
  expect(added.data['status']).toBe(1);
  const cardId = (added.data['card'] as { idRelCard: number }).idRelCard;
  expect((await setup.t.post('/activity/pay', { sourceSearch: { paymentCode: await newLink() }, useFunds: true, trackId: randomUUID() }, auth)).status).toBe(200);
  const [me] = await setup.t.db.query<{ email: string }>('select email from users where id = $1', [id]);
  const sent = await setup.t.post('/activity/send', { to: `otra.${String(me?.email)}`, amount: 3 }, auth);
  const other = await loggedInWalletUser(setup.t, 0);
  const received = await setup.t.post('/activity/send', { to: String(me?.email), amount: 2 }, other.auth);
  gone = { auth, id, cardId, code: await newLink(), sentId: Number(sent.data['id']), receivedId: Number(received.data['id']) };
  // What the wallet shows while the account is there.
  for (const [path, list] of [['/users/me/cards', 'cards'], ['/users/me/transactions', 'transactions'], ['/users/me/movements', 'movements'], ['/activity', 'activities']] as const) {
    expect(((await setup.t.get(path, auth)).data[list] as unknown[]).length, path).toBeGreaterThan(0);
  }
  // The account's row removed under its live session (its other rows kept: no trigger or key checked).
  await setup.t.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query('delete from users where id = $1', [id]);
  });
});

/** A call as the wallet sends it, with the gone account's session; PUT too, which the test app's post() does not send. */
async function call(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown): Promise<{ status: number; code: unknown }> {
  if (method === 'GET') return setup.t.get(path, gone.auth).then((r) => ({ status: r.status, code: r.data['code'] }));
  if (method === 'POST') return setup.t.post(path, body, gone.auth).then((r) => ({ status: r.status, code: r.data['code'] }));
  const token = gone.auth.authorization.slice('Bearer '.length);
  const res = await setup.t.app.request(`/api/v1${path}`, { method, headers: asCaller(token) });
  const envelope = (await res.json()) as { data: string };
  return { status: res.status, code: (decodeBody(envelope.data) as Record<string, unknown>)['code'] };
}

describe('a wallet session whose account is gone', () => {
  it.each<[string, 'GET' | 'POST' | 'PUT', () => string, () => unknown]>([
    ['GET valid data', 'GET', () => '/users/me', () => undefined],
    ['GET balance', 'GET', () => '/users/me/balance', () => undefined],
    ['list cards', 'GET', () => '/users/me/cards', () => undefined],
    ['latest card', 'GET', () => '/users/me/cards?limit=1&sort=desc', () => undefined],
    ['POST activity pay with a saved card', 'POST', () => '/activity/pay', () => ({ sourceSearch: { paymentCode: gone.code }, idUsrCard: gone.cardId, trackId: randomUUID() })],
    ['POST activity pay with the balance', 'POST', () => '/activity/pay', () => ({ sourceSearch: { paymentCode: gone.code }, useFunds: true, trackId: randomUUID() })],
    ['POST card register', 'POST', () => '/users/me/cards', () => tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() })],
    ['a card made the default', 'PUT', () => `/users/me/cards/${gone.cardId}/default`, () => undefined],
    ['a card removed', 'POST', () => `/users/me/cards/${gone.cardId}/remove`, () => ({})],
    ['GET notifications', 'GET', () => '/users/me/notifications', () => undefined],
    ['services', 'GET', () => '/users/me/services', () => undefined],
    ['full user services', 'GET', () => '/users/me/services?full=true', () => undefined],
    ['transactions', 'GET', () => '/users/me/transactions', () => undefined],
    ['account movements', 'GET', () => '/users/me/movements', () => undefined],
    ['GET user payment codes', 'GET', () => '/users/me/payment-codes', () => undefined],
    ['send activities', 'POST', () => '/activity/send', () => ({ to: 'alguien@example.com', amount: 1 })],
    ['a request paid', 'POST', () => `/activity/${gone.receivedId}/pay`, () => ({})],
    ['a request called off', 'POST', () => `/activity/${gone.sentId}/cancel`, () => ({})],
    ['list activities', 'GET', () => '/activity', () => undefined],
    ['pending activities', 'GET', () => '/activity/pending', () => undefined],
    ['GET refresh login', 'GET', () => '/users/refresh-login', () => undefined],
  ])('%s (%s) answers 401 session_expired', async (_name, method, path, body) => {
    const before = await recorded(gone.id);
    expect(await call(method, path(), await body())).toEqual({ status: 401, code: 'session_expired' });
    // Nothing paid, saved, removed or decided for it.
    expect(await recorded(gone.id)).toEqual(before);
  });
});
