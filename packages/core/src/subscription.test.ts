import { describe, expect, it } from 'vitest';
import { decodeSubscription } from './subscription';

describe('SPEC 3 subscription "decoded from additionalParamsUrlString when it mentions subscription"', () => {
  it.each([
    ['subscriptionKey=SK-1&plan=9', { plan: '9', subscriptionKey: 'SK-1' }],
    ['?subscription=SK-2&idPlan=3', { plan: '3', subscriptionKey: 'SK-2' }],
    ['&subscription_key=SK-3', { plan: null, subscriptionKey: 'SK-3' }],
    ['{"subscriptionKey":"SK-4","planId":5}', { plan: '5', subscriptionKey: 'SK-4' }],
    ['{"subscription":{"subscriptionKey":"SK-5","plan":"P"}}', { plan: 'P', subscriptionKey: 'SK-5' }],
    ['{"subscription":"SK-6"}', { plan: null, subscriptionKey: 'SK-6' }],
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
