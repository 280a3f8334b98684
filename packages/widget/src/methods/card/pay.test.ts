import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  PasarelaError, errorFromHeader, isOutcomeUnknown, parseMerchant, parsePaymentInfo, type PaymentInfo, type WidgetMessage,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { createCardLookup, createCardPay } from './pay';
import type { CardValues } from './store';

const info = parsePaymentInfo({
  idMerchant: 7, code: 'LINK1', description: 'Café | Dos cafés', amount: 10, discount: 0, type: 'LK', email: '',
  othersValues: {}, taxAmount: 0.7, serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es',
  returnUrlString: 'https://shop.test/back', additionalParamsUrlString: '', customFieldValues: [], additionalData: {},
  txChannel: 'PWW', idSubscription: null,
});
const merchant = parseMerchant({ idMerchant: 7, merchantName: 'Café Ñandú', webCode: 'CCLW7', logo: '/m.svg' }, '');
const values: CardValues = { name: 'Ana Maria Perez', email: 'ana@example.com', phone: '61234567' };
/** The card as the vault's fields tokenized it: the payment carries its token, never a number or a CVC. */
const CARD = { token: 'tok_4242abcd', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } as const;

function setup(
  answer: () => Promise<unknown>,
  lookedUp: () => Promise<unknown> = () => Promise.reject(new Error('no GET expected')),
  extra: { info?: PaymentInfo; subscription?: { idSubscription: number; subscriptionKey: string; plan: { amount: number } }; idService?: number } = {},
) {
  const sent: unknown[] = [];
  const api: ApiClient = {
    get: async <S extends v.GenericSchema>(path: string, schema: S) => {
      sent.push({ path });
      return v.parse(schema, await lookedUp());
    },
    put: () => Promise.reject(new Error('no PUT expected')),
    post: async <S extends v.GenericSchema>(path: string, schema: S, body: unknown) => {
      sent.push({ path, body });
      return v.parse(schema, await answer());
    },
  };
  const messages: WidgetMessage[] = [];
  const beforeChallenge = vi.fn();
  const context = {
    api, info, merchant, lang: 'es' as const, domainRequested: 'https://shop.test',
    notify: (m: WidgetMessage) => messages.push(m), now: () => new Date('2026-11-21T17:30:00Z'), beforeChallenge, ...extra,
  };
  return { pay: createCardPay(context), lookup: createCardLookup(context), sent, messages, beforeChallenge };
}

describe('createCardPay', () => {
  it('sends core\'s payload with the click\'s trackId and reports an approval as success', async () => {
    const { pay, sent, messages } = setup(async () => ({ status: 1, codOper: 'OP1', messageSys: 'Aprobada', authStatus: '00', cardType: 'VISA', displayNum: '•••• 4242' }));
    expect(await pay(values, CARD, 'track-1')).toEqual({ kind: 'receipt', codOper: 'OP1' });
    const body = (sent[0] as { path: string; body: Record<string, unknown> }).body;
    expect((sent[0] as { path: string }).path).toBe('cards/auth-capture');
    expect(body).toMatchObject({ cclw: 'CCLW7', code: 'LINK1', amount: 10, taxAmount: 0.7, email: 'ana@example.com' });
    expect(body.additionalData).toMatchObject({ trackId: 'track-1', domainRequested: 'https://shop.test' });
    expect(body.cardInformation).toMatchObject({ cardNumber: 'tok_4242abcd', firstName: 'Ana', lastName: 'Maria Perez', cardType: 'VISA', expMonth: '12', expYear: '34' });
    expect(body.cardInformation).not.toHaveProperty('cvv');
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(messages).toHaveLength(1);
    const result = messages[0]?.type === 'result' ? messages[0].result : null;
    expect(result).toMatchObject({ status: 'success', method: 'card' });
    expect(result?.notification).toMatchObject({ TotalPagado: '10.70', Oper: 'OP1', Estado: 'APPROVED', Tipo: 'VISA', Usuario: 'ana@example.com', returnUrl: 'https://shop.test/back', isReturn: true });
  });

  it('reports a decline as error and hands back the server text', async () => {
    const { pay, messages } = setup(async () => ({ status: 0, codOper: 'OP2', messageSys: 'Fondos insuficientes', cardType: 'VISA' }));
    expect(await pay(values, CARD, 't')).toEqual({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' }, field: 'cvc' });
    expect(messages[0]).toMatchObject({ type: 'result', result: { status: 'error', notification: { Estado: 'DECLINED', Razon: 'Fondos insuficientes' } } });
  });

  it('PENDING without a redirect goes to the receipt and is a success for the parent (SPEC 4)', async () => {
    const { pay, messages } = setup(async () => ({ status: -1, codOper: 'OP3', messageSys: '', cardType: 'VISA' }));
    expect(await pay(values, CARD, 't')).toEqual({ kind: 'receipt', codOper: 'OP3' });
    expect(messages[0]).toMatchObject({ result: { status: 'success', notification: { Estado: 'PENDING' } } });
  });

  it('follows a 3DS redirect without reporting yet', async () => {
    const { pay, messages, beforeChallenge } = setup(async () => ({ status: -1, codOper: 'OP4', redirectUrl: 'https://checkout.test/sandbox/3ds/OP4' }));
    expect(await pay(values, CARD, 't')).toEqual({ kind: 'redirect', url: 'https://checkout.test/sandbox/3ds/OP4', codOper: 'OP4' });
    expect(beforeChallenge).toHaveBeenCalledWith(values);
    expect(messages).toEqual([]);
  });

  it('SPEC 8 3000: the link expired while the form was open: its page through core\'s errorEffect (the link along, so it names the shop), not a decline; the shop hears the error', async () => {
    // What the API client makes of the server's answer to the payment (410, code 3000).
    const expired = () => Promise.reject(errorFromHeader(410, 'Error', { code: 3000, message: 'El enlace de pago ha expirado' }));
    const { pay, messages } = setup(expired);
    expect(await pay(values, CARD, 't')).toEqual({ kind: 'ended', to: '/pf/responseMessage?code=3000&link=LINK1&type=lk' });
    expect(messages).toMatchObject([{ type: 'result', result: { status: 'error', notification: { Estado: 'ERROR', Razon: '3000' } } }]);
    // A subscription's page names no shop, as when its link is opened expired.
    const subscription = setup(expired, undefined, { subscription: { idSubscription: 4, subscriptionKey: 'SUB1', plan: { amount: 9 } } });
    expect(await subscription.pay(values, CARD, 't')).toEqual({ kind: 'ended', to: '/pf/responseMessage?code=3000' });
    // A subscription the shop cancelled meanwhile (404 error_to_load) is no expired link: the form says it, as before.
    const cancelled = setup(() => Promise.reject(errorFromHeader(404, 'Error', { code: 'error_to_load' })));
    await expect(cancelled.pay(values, CARD, 't')).rejects.toMatchObject({ code: 'error_to_load' });
  });

  // SPEC 8 through core's errorEffect, for a payment: only a link refused whatever is sent again (3000, 3001; core's
  // isFinalMessage) leaves the form for its page; an unknown link's /404 is the loader's, a payment's stays on its form.
  it.each([
    ['3000, the link expired', () => Promise.reject(errorFromHeader(410, 'Error', { code: 3000 })), { kind: 'ended', to: '/pf/responseMessage?code=3000&link=LINK1&type=lk' }],
    ['3001, no such station', () => Promise.reject(errorFromHeader(404, 'Error', { code: 3001 })), { kind: 'ended', to: '/pf/responseMessage?code=3001' }],
    ['an unknown link (404 error_to_load)', () => Promise.reject(errorFromHeader(404, 'Error', { code: 'error_to_load' })), { code: 'error_to_load' }],
    ['an ordinary decline', async () => ({ status: 0, codOper: 'OP2', messageSys: 'Fondos insuficientes', cardType: 'VISA' }), { kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' }, field: 'cvc' }],
  ] as const)('a payment answered with %s', async (_, answer, outcome) => {
    const { pay } = setup(answer);
    expect(await pay(values, CARD, 't').catch((error: unknown) => error)).toMatchObject(outcome);
  });

  it('reports a refusal by the server as error, but not a lost connection', async () => {
    const refused = setup(() => Promise.reject(new PasarelaError({ code: 'card_limit_exceeded', category: 'api', status: 422 })));
    await expect(refused.pay(values, CARD, 't')).rejects.toMatchObject({ code: 'card_limit_exceeded' });
    expect(refused.messages[0]).toMatchObject({ result: { status: 'error', notification: { Estado: 'ERROR' } } });

    // A possible duplicate is a question the payer is still deciding: the shop hears nothing yet.
    const duplicate = setup(() => Promise.reject(new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409 })));
    await expect(duplicate.pay(values, CARD, 't')).rejects.toMatchObject({ code: 'possible_duplicated_tx' });
    expect(duplicate.messages).toEqual([]);

    // Issue 92: the order was paid in another browser meanwhile: the shop hears of that payment, never of an error here.
    const paidElsewhere = setup(() => Promise.reject(new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'PP9', paidWith: 'card' } })));
    await expect(paidElsewhere.pay(values, CARD, 't')).rejects.toMatchObject({ code: 'request_already_paid' });
    expect(paidElsewhere.messages).toEqual([]);

    const offline = setup(() => Promise.reject(new PasarelaError({ code: 'connection_error', category: 'network' })));
    await expect(offline.pay(values, CARD, 't')).rejects.toMatchObject({ code: 'connection_error' });
    expect(offline.messages).toEqual([]);
  });
});

describe('SPEC 3 "Card payment payload": every field, as createCardPay sends it', () => {
  it('the attempt\'s time, the card service, the code paid and SPEC 9 "3DS result type WEB_REDIRECT"', async () => {
    const { pay, sent } = setup(async () => ({ status: 1, codOper: 'OP1' }), undefined, { idService: 31 });
    await pay(values, CARD, 'track-1');
    expect((sent[0] as { body: Record<string, unknown> }).body).toMatchObject({
      processDate: '2026-11-21T17:30:00.000Z', idService: 31, codePay: 'LINK1', resultType: 'WEB_REDIRECT', ipCheck: '',
      isForm: false, isCashPayment: false, cashExpirationDate: null, storeCard: false, tryAgain: false, isOldVersion: true,
    });
  });
});

describe('SPEC 7 "POST subscription payment via process tx"', () => {
  const subs = parsePaymentInfo({
    idMerchant: 7, code: 'SUB1', description: 'Club', amount: 9, type: 'SUBS', serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR', idSubscription: 4,
  });
  it('sends requestPay (the card payment), activateSubscription{idSubscription, subscriptionKey}, serviceCode REC and idMerchant', async () => {
    const { pay, sent } = setup(async () => ({ status: 1, codOper: 'OP9', cardType: 'VISA' }), undefined, { info: subs, subscription: { idSubscription: 4, subscriptionKey: 'SUB1', plan: { amount: 9 } } });
    expect(await pay(values, CARD, 'track-9')).toEqual({ kind: 'receipt', codOper: 'OP9' });
    const call = sent[0] as { path: string; body: Record<string, unknown> };
    expect(call.path).toBe('process-tx');
    expect(call.body).toMatchObject({ activateSubscription: { idSubscription: 4, subscriptionKey: 'SUB1' }, serviceCode: 'REC', idMerchant: 7 });
    expect(call.body['requestPay']).toMatchObject({ code: 'SUB1', codePay: 'SUB1', amount: 9, serviceCode: 'REC', txChannel: 'EPR', additionalData: { trackId: 'track-9' } });
    expect((call.body['requestPay'] as { cardInformation: unknown }).cardInformation).toMatchObject({ cardNumber: CARD.token, cardType: 'VISA' });
    expect(JSON.stringify(call.body)).not.toMatch(/cvv|4242424242424242/);
  });

  it('a plan that charges nothing today: requestPay names the plan amount, and the shop hears TotalPagado 0.00 (docs/events.md "the total charged")', async () => {
    const today = parsePaymentInfo({ ...subs, amount: 0 });
    const { pay, sent, messages } = setup(async () => ({ status: 1, codOper: 'OP10', cardType: 'VISA' }), undefined, { info: today, subscription: { idSubscription: 4, subscriptionKey: 'SUB1', plan: { amount: 9 } } });
    expect(await pay(values, CARD, 'track-10')).toEqual({ kind: 'receipt', codOper: 'OP10' });
    expect((sent[0] as { body: { requestPay: { amount: number } } }).body.requestPay.amount).toBe(9);
    expect(messages[0]).toMatchObject({ result: { status: 'success', notification: { TotalPagado: '0.00', Estado: 'APPROVED' } } });
  });
});

describe('SPEC 8 "error_processing_request for an old-version tx failure"', () => {
  const failure = () => Promise.reject(new PasarelaError({ code: 'payment_error_try_again', category: 'api', status: 502 }));
  it('an old-version payment (service code LK) whose gateway failed: error_processing_request, a known end reported to the parent', async () => {
    const { pay, messages } = setup(failure);
    const error = await pay(values, CARD, 't').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'error_processing_request', category: 'api' });
    // The server said nothing was recorded: the next Pay is a new attempt, not a look-up.
    expect(isOutcomeUnknown(error)).toBe(false);
    expect(messages[0]).toMatchObject({ result: { status: 'error', notification: { Estado: 'ERROR', Razon: 'error_processing_request' } } });
  });

  it('a new-version payment (EA, ED) keeps payment_error_try_again', async () => {
    const ea = parsePaymentInfo({ ...info, serviceCode: 'EA' });
    const { pay } = setup(failure, undefined, { info: ea });
    await expect(pay(values, CARD, 't')).rejects.toMatchObject({ code: 'payment_error_try_again' });
  });

  it.each([{ serviceCode: 'LK' }, { serviceCode: 'EA' }])('a 504 payment_error_try_again (%j: no answer by the deadline, the attempt kept in doubt) stays unknown, and the parent hears no failure', async (patch) => {
    const inDoubt = new PasarelaError({ code: 'payment_error_try_again', category: 'api', status: 504 });
    const { pay, messages } = setup(() => Promise.reject(inDoubt), undefined, { info: parsePaymentInfo({ ...info, ...patch }) });
    const error = await pay(values, CARD, 't').catch((e: unknown) => e);
    expect(error).toBe(inDoubt);
    // The payment may be charged: the next step looks the attempt up by its trackId.
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(messages).toEqual([]);
  });

  it('a proxy\'s 502 without that code stays unknown (the payment may have gone through)', async () => {
    const proxy = new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 });
    const { pay } = setup(() => Promise.reject(proxy));
    await expect(pay(values, CARD, 't')).rejects.toBe(proxy);
  });
});

describe('createCardPay after a lost answer', () => {
  it('a 502/503 or a trackId reused is not reported to the parent: the payment may have gone through', async () => {
    for (const error of [
      new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 }),
      new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 503 }),
      new PasarelaError({ code: 'track_id_reused', category: 'api', status: 409 }),
    ]) {
      const { pay, messages } = setup(() => Promise.reject(error));
      await expect(pay(values, CARD, 't')).rejects.toBe(error);
      expect(messages).toEqual([]);
    }
  });
});

describe('createCardLookup', () => {
  const record = (over: Record<string, unknown>) => async () => ({
    trackId: 't', codOper: 'OP1', method: 'card', status: 1, result: 'APPROVED', authStatus: '00', messageSys: 'Aprobada', redirectUrl: null, expiresAt: null, ...over,
  });

  it('asks for the attempt by trackId; approved -> the receipt, reported once as success', async () => {
    const { lookup, sent, messages } = setup(() => Promise.reject(new Error('no POST expected')), record({}));
    expect(await lookup(values, CARD, 'track 1')).toEqual({ kind: 'receipt', codOper: 'OP1' });
    expect(sent).toEqual([{ path: 'payments/attempts/track%201' }]);
    expect(messages[0]).toMatchObject({ result: { status: 'success', notification: { Oper: 'OP1', Estado: 'APPROVED', Tipo: 'VISA' } } });
  });

  it('declined -> the decline with its reason; pending with a challenge -> the 3DS page; pending -> the receipt', async () => {
    const declined = setup(() => Promise.reject(new Error('no POST')), record({ result: 'DECLINED', status: 0, messageSys: 'Fondos insuficientes' }));
    expect(await declined.lookup(values, CARD, 't')).toEqual({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' }, field: 'cvc' });
    expect(declined.messages[0]).toMatchObject({ result: { status: 'error', notification: { Estado: 'DECLINED' } } });
    const challenge = setup(() => Promise.reject(new Error('no POST')), record({ result: 'PENDING', status: -1, redirectUrl: 'https://checkout.test/sandbox/3ds/OP1' }));
    expect(await challenge.lookup(values, CARD, 't')).toEqual({ kind: 'redirect', url: 'https://checkout.test/sandbox/3ds/OP1', codOper: 'OP1' });
    expect(challenge.beforeChallenge).toHaveBeenCalledWith(values);
    const pending = setup(() => Promise.reject(new Error('no POST')), record({ result: 'PENDING', status: -1 }));
    expect(await pending.lookup(values, CARD, 't')).toEqual({ kind: 'receipt', codOper: 'OP1' });
  });

  it('no such attempt (404 PAYMENT_NOT_FOUND) -> null', async () => {
    const { lookup, messages } = setup(
      () => Promise.reject(new Error('no POST')),
      () => Promise.reject(new PasarelaError({ code: 'PAYMENT_NOT_FOUND', category: 'api', status: 404 })),
    );
    expect(await lookup(values, CARD, 't')).toBeNull();
    expect(messages).toEqual([]);
  });
});
