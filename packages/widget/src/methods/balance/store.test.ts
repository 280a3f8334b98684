import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { fakePaymentContext, scriptedApi } from '../../testing/fakePaymentContext';
import { createBalanceStore } from './store';

const login = { session: { sessionId: 's', token: 'tok', user: { idUsr: 7 } }, expiresAt: null };
const balance = (disponible: number) => ({ balance: [{ disponible, currency: 'USD' }] });

function setUp(answers: Parameters<typeof scriptedApi>[0]) {
  const api = scriptedApi(answers);
  const fake = fakePaymentContext('balance', api.api);
  fake.services.session.getState().set(login);
  return { ...fake, calls: api.calls, store: createBalanceStore(fake.payment) };
}

describe('paying with the wallet balance', () => {
  it('pays through the activity pay call with useFunds, reports success and shows the receipt', async () => {
    const { store, calls, results, navigations } = setUp({
      'users/me/balance': balance(100),
      'activity/pay': { activityResult: { status: 1, codOper: 'PP1' }, method: 'balance' },
    });
    await store.getState().load();
    expect(store.getState().balance).toBe(100);
    await store.getState().pay();
    const pay = calls.find((c) => c.path === 'activity/pay');
    // The amount goes with the code (SPEC 3 search descriptor): a station without a price is paid it.
    expect(pay?.body).toMatchObject({ sourceSearch: { paymentCode: 'LINK1', amount: 25 }, useFunds: true, idUsrCard: null, trackId: 'track-1' });
    // SPEC 4 "Paying with balance as a subscription activation is skipped."
    expect(pay?.body).not.toHaveProperty('activateSubscription');
    expect(results()).toEqual([expect.objectContaining({ status: 'success', method: 'balance' })]);
    expect(navigations).toEqual(['/pf/default-receipt/PP1']);
  });

  it('a balance short of the total answers with the catalogue message and sends nothing', async () => {
    const { store, calls } = setUp({ 'users/me/balance': balance(10) });
    await store.getState().load();
    await store.getState().pay();
    expect(store.getState().error).toBe('wallet_insufficient_balance');
    expect(calls.some((c) => c.path === 'activity/pay')).toBe(false);
  });

  it("the server's payment_rejected (balance spent elsewhere meanwhile) is the same message", async () => {
    const { store } = setUp({
      'users/me/balance': balance(100),
      'activity/pay': new PasarelaError({ code: 'payment_rejected', category: 'api', status: 422 }),
    });
    await store.getState().load();
    await store.getState().pay();
    expect(store.getState()).toMatchObject({ phase: 'ready', error: 'wallet_insufficient_balance' });
  });

  it('issue 92: Pay pressed after the order was paid in another browser: that payment named, nothing reported, nothing to pay again', async () => {
    const { store, calls, results } = setUp({
      'users/me/balance': balance(100),
      'activity/pay': new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'PP9', paidWith: 'card' } }),
    });
    await store.getState().load();
    await store.getState().pay();
    expect(store.getState()).toMatchObject({ phase: 'paidElsewhere', error: null, paidBy: { codOper: 'PP9', method: 'card' } });
    expect(results()).toEqual([]);
    await store.getState().pay();
    expect(calls.filter((c) => c.path === 'activity/pay')).toHaveLength(1);
  });

  it('a 502 after the server paid: the checkout asks about the attempt and shows that payment, without a second press or payment', async () => {
    const { store, calls, results, navigations } = setUp({
      'users/me/balance': balance(100),
      'activity/pay': new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 }),
      'payments/attempts/track-1': { trackId: 'track-1', codOper: 'PP1', method: 'balance', status: 1, result: 'APPROVED', authStatus: '', messageSys: '', redirectUrl: null, expiresAt: null },
    });
    await store.getState().load();
    await store.getState().pay();
    expect(calls.filter((c) => c.path === 'payments/attempts/track-1')).toHaveLength(1);
    expect(calls.filter((c) => c.path === 'activity/pay')).toHaveLength(1);
    expect(results()).toEqual([expect.objectContaining({ status: 'success', method: 'balance' })]);
    expect(navigations).toEqual(['/pf/default-receipt/PP1']);
  });
});
