import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { buildCardPaymentPayload } from './cardPayment';
import { buildSubscriptionProcessTx } from './subscriptionPayment';
import { ActivateSubscriptionSchema, SubscriptionProcessTxSchema, activatesSubscriptionBody } from './subscriptionPaymentSchema';

type CardPaymentInput = Parameters<typeof buildCardPaymentPayload>[0];

// SPEC 7 "POST subscription payment via process tx (requestPay with card info,
// activateSubscription{idSubscription, subscriptionKey}, serviceCode, idMerchant)"; SPEC 9
// "subscription uses REC".

const input: CardPaymentInput = {
  cclw: 'WC-7',
  code: 'SUBDEMO0001',
  amount: 19.99,
  description: 'Plan Mensual',
  serviceCode: 'REC',
  transactionsType: 'AUTH_CAPTURE',
  form: { email: 'ana@example.com', phone: '61111111', name: 'Ana Diaz' },
  card: { token: 'tok_Xk3-9aQ_7bLmN0pR2sT4uV6wY8zA1cE5', brand: 'VISA', last4: '4242', expMonth: 7, expYear: 2030 },
  ip: '127.0.0.1',
  domainRequested: 'shop.example.com',
  trackId: '0b6f3c1e-1111-4222-8333-444455556666',
  lang: 'es',
  txChannel: 'EPR',
  processDate: new Date('2026-11-23T14:05:09.000Z'),
};
// Built inside each test, so that a change to the builders is seen by the tests that use them.
const build = () => {
  const requestPay = buildCardPaymentPayload(input);
  return { requestPay, body: buildSubscriptionProcessTx(requestPay, { idSubscription: 3, subscriptionKey: 'SUBDEMO0001', plan: { amount: 19.99 } }, 7) };
};

function issuesOf(value: unknown): Array<[string, string]> {
  const r = v.safeParse(SubscriptionProcessTxSchema, value);
  return r.success ? [] : r.issues.map((i) => [v.getDotPath(i) ?? '', i.message]);
}

describe('SPEC 7 "POST subscription payment via process tx"', () => {
  it('the body carries the card payment, the subscription it activates, REC and the merchant', () => {
    const { requestPay, body } = build();
    expect(body).toEqual({
      requestPay,
      activateSubscription: { idSubscription: 3, subscriptionKey: 'SUBDEMO0001' },
      serviceCode: 'REC',
      idMerchant: 7,
    });
    expect(issuesOf(body)).toEqual([]);
  });

  it.each<[string, (b: ReturnType<typeof build>) => unknown, [string, string]]>([
    ['no activateSubscription', ({ body }) => ({ ...body, activateSubscription: undefined }), ['activateSubscription', 'missing_arguments']],
    ['activateSubscription not an object', ({ body }) => ({ ...body, activateSubscription: 'SUBDEMO0001' }), ['activateSubscription', 'missing_arguments']],
    ['idSubscription 0', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 0, subscriptionKey: 'SUBDEMO0001' } }), ['activateSubscription.idSubscription', 'missing_arguments']],
    ['idSubscription 1.5', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 1.5, subscriptionKey: 'SUBDEMO0001' } }), ['activateSubscription.idSubscription', 'missing_arguments']],
    ['idSubscription as text', ({ body }) => ({ ...body, activateSubscription: { idSubscription: '3', subscriptionKey: 'SUBDEMO0001' } }), ['activateSubscription.idSubscription', 'missing_arguments']],
    ['a key with a space', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 3, subscriptionKey: 'SUB DEMO' } }), ['activateSubscription.subscriptionKey', 'missing_arguments']],
    ['a key with a sign before it', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 3, subscriptionKey: '#SUBDEMO0001' } }), ['activateSubscription.subscriptionKey', 'missing_arguments']],
    ['a key with a sign after it', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 3, subscriptionKey: 'SUBDEMO0001#' } }), ['activateSubscription.subscriptionKey', 'missing_arguments']],
    ['an empty key', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 3, subscriptionKey: '' } }), ['activateSubscription.subscriptionKey', 'missing_arguments']],
    ['a key of 65 characters', ({ body }) => ({ ...body, activateSubscription: { idSubscription: 3, subscriptionKey: 'K'.repeat(65) } }), ['activateSubscription.subscriptionKey', 'missing_arguments']],
    ['"subscription uses REC": another service code', ({ body }) => ({ ...body, serviceCode: 'LK' }), ['serviceCode', 'invalid_arguments']],
    ['no merchant', ({ body }) => ({ ...body, idMerchant: 0 }), ['idMerchant', 'missing_arguments']],
    ['a card payment of another code', ({ body, requestPay }) => ({ ...body, requestPay: { ...requestPay, code: 'LKDEMO0001', codePay: 'LKDEMO0001' } }), ['requestPay.code', 'invalid_arguments']],
    ['no requestPay', ({ body }) => ({ ...body, requestPay: undefined }), ['requestPay', 'missing_arguments']],
  ])('refuses %s', (_what, value, first) => {
    expect(issuesOf(value(build()))[0]).toEqual(first);
  });

  it('a body that is not an object is missing_arguments', () => {
    expect(issuesOf(null)).toEqual([['', 'missing_arguments']]);
  });

  it.each([
    ['SUB_DEMO-1', true],
    ['K'.repeat(64), true],
    ['a', true],
  ])('subscription key %j: accepted %s', (subscriptionKey, ok) => {
    expect(v.safeParse(ActivateSubscriptionSchema, { idSubscription: 1, subscriptionKey }).success).toBe(ok);
  });

  it.each([
    [{ activateSubscription: { idSubscription: 3, subscriptionKey: 'K' } }, true],
    [{ activateSubscription: {} }, true],
    [{ activateSubscription: null }, false],
    [{ activateSubscription: undefined }, false],
    [{}, false],
  ])('a process tx %j asks to activate a subscription: %s', (b, yes) => {
    expect(activatesSubscriptionBody(b)).toBe(yes);
  });
});
