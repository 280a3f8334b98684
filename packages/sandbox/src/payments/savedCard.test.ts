import type { CardAuthorization, CardProcessor, Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../../test/testApp';
import { chargeDueSubscriptions } from './chargeDueSubscription';

// A saved card is the processor's (payments/savedCard.ts): saving it is the port's saveCard, and
// every later charge of it names the token and customer saveCard answered.

let t: TestApp;
const authorized: CardAuthorization[] = [];
/** The simulated card port, with every authorization it is asked for written down. */
function recording(card: CardProcessor): CardProcessor {
  return {
    authorize: (request) => (authorized.push(request), card.authorize(request)),
    lookup: (call) => card.lookup(call), capture: (call) => card.capture(call), void: (call) => card.void(call),
    refund: (call) => card.refund(call), refundOutcome: (call) => card.refundOutcome(call), saveCard: (call) => card.saveCard(call),
  };
}
beforeAll(async () => {
  t = await createTestApp({ wrapGateways: (inner: Gateways) => ({ ...inner, card: recording(inner.card) }) });
});
afterAll(() => t.close());

/** What the simulated processor saved under `key`: its token and customer. */
function savedAtProcessor(key: string): { token: string; customer: string } | undefined {
  const entry = t.simulator.books.list<unknown, { token: string; customer: string }>('card-saved').find((e) => e.key === key);
  return entry && { token: entry.state.token, customer: entry.state.customer };
}

describe('a wallet card saved then paid with', () => {
  it('is saved at the processor by the card check, and its payment names the processor\'s token and customer', async () => {
    const login = `s${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const added = await t.post('/users/me/cards', { cardNumber: testCardNumber(randomUUID()), expMonth: '12', expYear: '34', cvv: '123', nameOnCard: 'ANA PRUEBA', trackId: randomUUID() }, auth);
    expect(added.data).toMatchObject({ status: 1 });
    const [check] = await t.db.query<{ check_key: string; user_card_id: number }>('select check_key, user_card_id from card_checks where user_card_id is not null order by id desc limit 1');
    const saved = savedAtProcessor(check?.check_key ?? '');
    expect(saved?.token).toMatch(/^simtok_/);
    expect(await t.db.query('select card_token as token, card_customer as customer from user_cards where id = $1', [check?.user_card_id])).toEqual([saved]);

    const code = await newLink(t);
    const paid = await t.post('/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard: check?.user_card_id, trackId: randomUUID() }, auth);
    expect(paid).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const [row] = await t.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]);
    expect(authorized.filter((a) => a.idempotencyKey === row?.cod_oper).map((a) => a.card)).toEqual([saved]);
  });
});

describe('a subscription\'s first then next charge', () => {
  it('saves the card at the processor with the first payment, and the renewal names the processor\'s token and customer', async () => {
    const plan = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 4, chargeNow: true });
    const sub = await t.post('/subscriptions', { idPlan: plan.json['idPlan'], email: 'socia@example.com' });
    const key = String(sub.data['subscriptionKey']);
    const idMerchant = Number((sub.data['plan'] as { idMerchant: number }).idMerchant);
    const cardInformation = (await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) })).cardInformation;
    const requestPay = { ...await tokenizedCardPayload(key, { amount: 4, taxAmount: 0, trackId: randomUUID() }), cardInformation, serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR' };
    const first = await t.post('/process-tx', { requestPay, activateSubscription: { idSubscription: Number(sub.data['idSubscription']), subscriptionKey: key }, serviceCode: 'REC', idMerchant });
    expect(first.data).toMatchObject({ status: 1, subscriptionKey: key });
    const saved = savedAtProcessor(`save-card:${String(first.data['codOper'])}`);
    expect(saved?.token).toMatch(/^simtok_/);
    expect(await t.db.query('select card_token as token, card_customer as customer from subscriptions where subscription_key = $1', [key])).toEqual([saved]);

    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await chargeDueSubscriptions(t);
    const rows = await t.db.query<{ cod_oper: string; status: number }>("select cod_oper, status from transactions where details->>'subscriptionKey' = $1 order by id", [key]);
    expect(rows.map((r) => r.status)).toEqual([1, 1]);
    expect(authorized.filter((a) => a.idempotencyKey === rows[1]?.cod_oper).map((a) => a.card)).toEqual([saved]);
    // No card number or CVC is kept anywhere a saved card is.
    const kept = JSON.stringify(await t.db.query("select * from transactions where details->>'subscriptionKey' = $1", [key]));
    expect(kept).not.toContain(cardInformation.cardNumber);
  });
});
