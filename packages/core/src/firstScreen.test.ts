import { describe, expect, it } from 'vitest';
import {
  apiCallKey, catalogCall, checkoutEntry, checkoutTargetCall, checkoutTargetInfo, isSlug, merchantCalls,
  waitingCalls,
} from './firstScreen';
import { parsePaymentInfo } from './paymentInfo';

describe('checkoutEntry: SPEC 2 "Widget payment types: lk (link), slug, slugCode, subs (subscription), ps (payment station)"', () => {
  it.each([
    ['type=lk&code=LK123', { type: 'lk', code: 'LK123' }],
    ['type=lk&code=%20LK123%20', { type: 'lk', code: 'LK123' }],
    ['type=subs&code=SUBDEMO0001', { type: 'subs', code: 'SUBDEMO0001' }],
    ['type=ps&code=EST-001', { type: 'ps', code: 'EST-001' }],
    ['type=slug&code=tienda', { type: 'slug', code: 'tienda' }],
    ['type=slug&slug=tienda', { type: 'slug', code: 'tienda' }],
    ['type=slugCode&code=tienda/A1', { type: 'slugCode', code: 'tienda/A1' }],
    ['type=slugCode&slug=tienda&code=A1', { type: 'slugCode', code: 'tienda/A1' }],
    // "a missing code or type goes to /404"
    ['code=LK123', null],
    ['type=lk', null],
    ['type=xx&code=LK123', null],
    ['type=lk&code=../etc', null],
    ['type=slug&code=pf', null],
    ['type=slugCode&code=tienda/A1/B2', null],
    ['type=slugCode&code=tienda', null],
    ['type=lk&code=tienda/A1', null],
    ['type=slug&slug=%20tienda%20', { type: 'slug', code: 'tienda' }],
  ])('%s', (query, expected) => {
    expect(checkoutEntry(new URLSearchParams(query))).toEqual(expected);
  });

  it('never takes a route of its own for a slug', () => {
    expect(['pf', 'api', 'sdk', 'widget', 'sandbox', '404', 'receive'].filter(isSlug)).toEqual([]);
    expect(isSlug('mi-tienda')).toBe(true);
    expect(isSlug(undefined)).toBe(false);
    expect(isSlug('mi tienda')).toBe(false);
  });
});

describe('the first screen calls (SPEC 7), one key whatever the order of the query', () => {
  it('keys a call by path and sorted query', () => {
    expect(apiCallKey('payment-info', { type: 'lk', code: 'A' })).toBe('payment-info?code=A&type=lk');
    expect(apiCallKey('/payment-info', { code: 'A', type: 'lk' })).toBe('payment-info?code=A&type=lk');
    expect(apiCallKey('//payment-info')).toBe('payment-info');
    expect(apiCallKey('translations/version')).toBe('translations/version');
    expect(apiCallKey('merchants/1', { amount: 12.5 })).toBe('merchants/1?amount=12.5');
    expect(apiCallKey('x', { q: 'a b&c' })).toBe('x?q=a+b%26c');
  });

  it.each([
    ['lk', 'LK1', { path: 'payment-info', query: { code: 'LK1', type: 'lk' } }],
    ['slugCode', 'shop/A1', { path: 'payment-info', query: { code: 'shop/A1', type: 'slugCode' } }],
    ['ps', 'EST-001', { path: 'stations/EST-001', query: {} }],
    ['subs', 'SUB 1', { path: 'subscriptions/SUB%201', query: {} }],
  ] as const)('the target of %s %s', (type, code, call) => {
    expect(checkoutTargetCall(type, code)).toEqual(call);
  });

  const info = parsePaymentInfo({ idMerchant: 7, code: 'LK1', description: 'x', amount: 25, serviceCode: 'LK' });

  it('asks for merchant (amount and serviceCode), methods and, but for a subscription, the campaign bridges', () => {
    expect(merchantCalls('lk', info).map((c) => apiCallKey(c.path, c.query))).toEqual([
      'merchants/7?amount=25&serviceCode=LK',
      'merchants/7/payment-methods',
      'merchants/7/campaign-bridges',
    ]);
    expect(merchantCalls('subs', info).map((c) => c.path)).toEqual(['merchants/7', 'merchants/7/payment-methods']);
    expect(merchantCalls('lk', { ...info, serviceCode: '' })[0]?.query).toEqual({ amount: 25 });
  });

  it('reads the payment info of each target, and refuses an answer of the wrong shape', () => {
    expect(checkoutTargetInfo('lk', { idMerchant: 7, code: 'LK1', description: 'x', amount: 25 }).idMerchant).toBe(7);
    expect(checkoutTargetInfo('ps', { stationId: 'EST-001', idMerchant: 3, description: 'Caja', amount: 10, discount: 0 }).code).toBe('EST-001');
    expect(() => checkoutTargetInfo('ps', { nothing: true })).toThrow();
    const subscription = {
      idSubscription: 3, subscriptionKey: 'SUBDEMO0001', status: 0, email: 'a@b.co', nextChargeAt: null,
      plan: { idPlan: 1, idMerchant: 7, name: 'Plan Mensual', description: 'Café', amount: 19.99, period: 'MO', chargeNow: true },
    };
    expect(checkoutTargetInfo('subs', subscription)).toMatchObject({ code: 'SUBDEMO0001', serviceCode: 'REC', idSubscription: 3 });
  });

  it('asks for the widget group of the catalog in one language', () => {
    expect(catalogCall('en')).toEqual({ path: 'translations', query: { lang: 'en', group: 'widget' } });
  });
});

describe('waitingCalls: the look-ups the checkout makes before its first screen: the loader\'s ?waiting= list, then this link\'s own wait', () => {
  const yappy = { merchant: 7, link: 'OLD', method: 'yappy', codOper: 'PPYP1', deadline: null };
  const params = (list: unknown, extra = '') => new URLSearchParams(`waiting=${encodeURIComponent(JSON.stringify(list))}${extra}`);
  const info = { idMerchant: 7, code: 'NEW', subscription: null };
  const own = 'payments/pending?code=NEW';
  it.each([
    ['this link\'s own wait, by the server\'s record, with no list', new URLSearchParams(''), info, [own]],
    ['this merchant\'s payment on another link', params([yappy]), info, ['payments/waiting/PPYP1', own]],
    ['in the loader\'s order', params([yappy, { ...yappy, codOper: 'PPNQ2', method: 'nequi' }]), info, ['payments/waiting/PPYP1', 'payments/waiting/PPNQ2', own]],
    ['not another merchant\'s', params([{ ...yappy, merchant: 9 }]), info, [own]],
    ['not this link\'s own', params([{ ...yappy, link: 'NEW' }]), info, [own]],
    ['not with ?pending=, which goes on with its own', params([yappy], '&pending=x'), info, []],
    ['not for a subscription', params([yappy]), { ...info, subscription: { idSubscription: 1 } as never }, []],
    ['none from a malformed list', new URLSearchParams('waiting=%7B'), info, [own]],
    ['none from an entry in another shape', params([{ ...yappy, codOper: '<x>' }, 'junk']), info, [own]],
  ])('%s', (_why, given, target, keys) => {
    expect(waitingCalls(given, target).map((call) => apiCallKey(call.path, call.query))).toEqual(keys);
  });
});
