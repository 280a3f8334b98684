import { describe, expect, it } from 'vitest';
import { activatesSubscription, activationChargeCents, decodeSubscription, isSubscriptionActive, isSubscriptionCancelled, subscriptionStatusName, subscriptionActivatedBy, subscriptionReceiptRoute } from './subscription';

describe('SPEC 3 subscription "decoded from additionalParamsUrlString when it mentions subscription"', () => {
  it.each([
    ['subscriptionKey=SK-1&plan=9', { plan: '9', subscriptionKey: 'SK-1' }],
    ['?subscription=SK-2&idPlan=3', { plan: '3', subscriptionKey: 'SK-2' }],
    ['&subscription_key=SK-3', { plan: null, subscriptionKey: 'SK-3' }],
    ['{"subscriptionKey":"SK-4","planId":5}', { plan: '5', subscriptionKey: 'SK-4' }],
    ['{"subscription":{"subscriptionKey":"SK-5","plan":"P"}}', { plan: 'P', subscriptionKey: 'SK-5' }],
    ['{"subscription":"SK-6"}', { plan: null, subscriptionKey: 'SK-6' }],
    ['{"subscriptionKey":" SK-7 ","planId":null}', { plan: null, subscriptionKey: 'SK-7' }],
    [' {"subscriptionKey":"SK-7"}', { plan: null, subscriptionKey: 'SK-7' }],
    ['{"subscription":null,"subscriptionKey":"SK-8","plan":"P"}', { plan: 'P', subscriptionKey: 'SK-8' }],
    ['subscription=&plan=9', { plan: '9', subscriptionKey: null }],
    ['plan=9', null],
    ['', null],
    [null, null],
    ['subscription=', null],
    ['{"subscription": [1]', null],
    ['{"note":"subscription"}', null],
    ['{"subscription"}', null],
    ['["subscription"]', null],
  ])('%j -> %j', (text, expected) => {
    expect(decodeSubscription(text)).toEqual(expected);
  });
});

describe('SPEC 4 "Subscription"', () => {
  it.each([
    ['APPROVED', true, 'an approved first payment (a 3DS challenge approved too)'],
    ['PENDING', false, 'status -1 passes for the payer, but a challenge or a wait not yet answered activates nothing'],
    ['DECLINED', false, 'a declined card or a failed 3DS challenge leaves the subscription pending'],
  ] as const)('activated by a %s first payment: %s (%s)', (result, activated, _why) => {
    expect(subscriptionActivatedBy(result)).toBe(activated);
  });

  it.each([
    [true, 'OP 1', '/pf/default-receipt/OP%201'],
    [true, null, null],
    [true, '', null],
    [false, 'OP-1', null],
  ])('"If payments are applied now and a charge exists, the user goes to the default receipt": %s %j -> %s', (now, op, route) => {
    expect(subscriptionReceiptRoute(now, op)).toBe(route);
  });

  it.each([
    ['balance', false], ['pfw', false], ['card', true],
  ])('"Paying with balance as a subscription activation is skipped": %s activates: %s', (method, yes) => {
    expect(activatesSubscription(method)).toBe(yes);
  });
});

describe('an active subscription is not offered or charged again; chargeNow decides the activation charge', () => {
  it.each([
    [0, false, 'pending: offered and payable'],
    [1, true, 'active: SPEC 7 "pending subscription by subscriptionKey" no longer'],
    [-1, false, 'never activated'],
  ])('status %i active: %s (%s)', (status, active, _why) => {
    expect(isSubscriptionActive(status)).toBe(active);
  });

  it.each([
    [{ amountCents: 900, chargeNow: true }, 900, 'SPEC 4 "payments are applied now": the plan amount'],
    [{ amountCents: 900, chargeNow: false }, 0, 'not applied now: the card is validated, the first charge comes when due'],
  ])('%j charges %i cents at activation (%s)', (plan, cents, _why) => {
    expect(activationChargeCents(plan)).toBe(cents);
  });

  it.each([
    [0, 'pending', false, 'created, never paid'],
    [1, 'active', false, 'paid: its card is charged when due'],
    [2, 'cancelled', true, 'docs/merchant-api.md "cancelled: ended for good: no later charge is made, its checkout takes no payment"'],
  ] as const)('status %i reads %s to the merchant, cancelled: %s (%s)', (status, name, cancelled, _why) => {
    expect(subscriptionStatusName(status)).toBe(name);
    expect(isSubscriptionCancelled(status)).toBe(cancelled);
  });
});
