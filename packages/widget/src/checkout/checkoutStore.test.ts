import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { scriptedApi } from '../testing/fakePaymentContext';
import { createCheckoutStore } from './checkoutStore';

const merchant = { idMerchant: 7, merchantName: 'Tienda', webCode: 'CCLW7', logo: '', customFields: '', hasPaymentGuest: true, txLimit: 0 };
const paymentMethods = ['card', 'nequi', 'cash', 'pfw'].map((method, i) => ({ method, linkType: 'LK', gatewayCode: method === 'cash' ? 'PAYCASH' : 'LK', idMerchantService: i + 1, txLimit: 0 }));
const common = { 'merchants/7': merchant, 'merchants/7/payment-methods': { paymentMethods } };

describe('the checkout store for SPEC 2 "Widget payment types" ps and subs', () => {
  it('ps: the station is what is paid, with every method of its merchant', async () => {
    const { api } = scriptedApi({ ...common, 'stations/EST-001': { idMerchant: 7, stationId: 'EST-001', description: 'Caja 1', amount: 15, discount: 0, idUsrOwner: 3 } });
    const store = createCheckoutStore({ api, type: 'ps', code: 'EST-001', imageBase: '' });
    await store.getState().load();
    const state = store.getState();
    if (state.status !== 'ready') throw new Error(state.status);
    expect(state.data.info).toMatchObject({ code: 'EST-001', amount: 15, description: 'Caja 1' });
    expect(state.data.methods.enabled).toEqual(['card', 'nequi', 'cash', 'pfw']);
    expect(state.data.payerAmount).toBeUndefined();
  });

  it('ps without a price asks the payer for the amount', async () => {
    const { api } = scriptedApi({ ...common, 'stations/LIBRE': { idMerchant: 7, stationId: 'LIBRE', description: 'Libre', amount: 0, discount: 0 } });
    const store = createCheckoutStore({ api, type: 'ps', code: 'LIBRE', imageBase: '' });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', data: { payerAmount: true } });
  });

  it('SPEC 8 "3001 payment station not found (goes to the station response page)"', async () => {
    const { api } = scriptedApi({ 'stations/NOPE': new PasarelaError({ code: '3001', category: 'api', status: 404 }) });
    const store = createCheckoutStore({ api, type: 'ps', code: 'NOPE', imageBase: '' });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'redirect', to: '/pf/responseMessage?code=3001', failure: { key: 'link_not_found' } });
  });

  it.each([
    ['receive_not_found', 404],
    ['receive_not_found', 400],
    ['error_to_load', 404],
  ])('SPEC 8 "404 with error_to_load or receive_not_found leads to /404": an unknown link answered %s (%i)', async (code, status) => {
    const { api } = scriptedApi({ 'payment-info': new PasarelaError({ code, category: 'api', status }) });
    const store = createCheckoutStore({ api, type: 'lk', code: 'NOPE', imageBase: '' });
    await store.getState().load();
    // The shop hears it as an error (CheckoutRoute): the page explains it to the payer.
    expect(store.getState()).toMatchObject({ status: 'redirect', to: '/404', failure: { key: code } });
  });

  it('subs: the plan is what is paid, by card only (SPEC 7 "requestPay with card info")', async () => {
    const { api } = scriptedApi({
      ...common,
      'subscriptions/SUB1': { idSubscription: 4, subscriptionKey: 'SUB1', status: 0, email: 'a@b.co', nextChargeAt: null, plan: { idPlan: 2, idMerchant: 7, name: 'Plan', description: '', amount: 19.99, period: 'MO', chargeNow: true } },
    });
    const store = createCheckoutStore({ api, type: 'subs', code: 'SUB1', imageBase: '' });
    await store.getState().load();
    const state = store.getState();
    if (state.status !== 'ready') throw new Error(state.status);
    expect(state.data.info).toMatchObject({ code: 'SUB1', amount: 19.99, serviceCode: 'REC' });
    expect(state.data.subscription?.plan.name).toBe('Plan');
    expect(state.data.methods.enabled.filter((m) => m !== 'pfw')).toEqual(['card']);
  });
});

describe('SPEC 6 guest flag: "Guest payer ... Allowed when the merchant\'s guest flag allows it (hasPaymentGuest)"', () => {
  const info = {
    idMerchant: 7, code: 'LINK1', description: 'Café', amount: 10, discount: 0, type: 'LK', email: '', othersValues: {}, taxAmount: 0,
    serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es', returnUrlString: '', additionalParamsUrlString: '',
    customFieldValues: [], additionalData: {}, txChannel: 'PWW', idSubscription: null,
  };
  const noGuests = { ...common, 'merchants/7': { ...merchant, hasPaymentGuest: false }, 'payment-info': info };
  it.each([
    [false, 'failed'],
    [true, 'ready'],
  ])('a merchant without guest payments: logged in %s -> %s', async (loggedIn, status) => {
    const { api } = scriptedApi(noGuests);
    const store = createCheckoutStore({ api, type: 'lk', code: 'LINK1', imageBase: '', loggedIn: () => loggedIn });
    await store.getState().load();
    expect(store.getState()).toMatchObject(status === 'failed' ? { status, message: { key: 'please_contact_merchant' } } : { status });
  });
});

describe('endedLinkPage: the server asked when a link\'s countdown runs out on its form', () => {
  const info = {
    idMerchant: 7, code: 'LINK1', description: 'Café', amount: 10, discount: 0, type: 'LK', email: '', othersValues: {}, taxAmount: 0,
    serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es', returnUrlString: '', additionalParamsUrlString: '',
    customFieldValues: [], additionalData: {}, txChannel: 'PWW', idSubscription: null,
  };
  const expired = new PasarelaError({ code: '3000', category: 'api', status: 410 });

  it.each([
    ['lk', 'LINK1', expired, '/pf/responseMessage?code=3000&link=LINK1&type=lk', 'expired_link'],
    ['slug', 'cafe-tienda', expired, '/pf/responseMessage?code=3000&link=cafe-tienda&type=slug', 'expired_link'],
    ['slugCode', 'cafe-tienda/LINK1', expired, '/pf/responseMessage?code=3000&link=cafe-tienda%2FLINK1&type=slugCode', 'expired_link'],
    ['lk', 'LINK1', new PasarelaError({ code: 'error_to_load', category: 'api', status: 404 }), '/404', 'error_to_load'],
  ] as const)('a link opened as %s %j, refused, is asked about and has its page the way it was opened', async (type, code, refusal, to, key) => {
    const { api, calls } = scriptedApi({ 'payment-info': refusal });
    const store = createCheckoutStore({ api, type, code, imageBase: '' });
    expect(await store.getState().endedLinkPage()).toEqual({ status: 'redirect', to, failure: { key } });
    expect(calls).toEqual([{ method: 'get', path: 'payment-info', body: { code, type } }]);
    // The checkout's own state is not this check's: the countdown leaves for the page given.
    expect(store.getState().status).toBe('loading');
  });

  it.each([
    ["the payer's clock ran ahead: the server still takes it", info],
    ['a failure that ends no link (the network)', new PasarelaError({ code: 'connection_error', category: 'network' })],
  ])('%s: no page', async (_, answer) => {
    const { api } = scriptedApi({ 'payment-info': answer });
    expect(await createCheckoutStore({ api, type: 'lk', code: 'LINK1', imageBase: '' }).getState().endedLinkPage()).toBeNull();
  });
});
