import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayloadOf, testCardNumber, tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { tokenizeTestCard } from '../../../test/testCardVault';

// SPEC 3 "Card payment payload" on auth-capture: the fields past the card and the amounts
// (ipCheck, isForm, isCashPayment, processDate, cashExpirationDate, idService, codePay, resultType)
// are checked, each to the value a card payment can have (core CardPaymentPayloadSchema).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SPEC_FIELDS = {
  ipCheck: '127.0.0.1', isForm: false, isCashPayment: false, processDate: '2026-11-23T14:05:09.000Z', cashExpirationDate: null, idService: 1,
  resultType: 'WEB_REDIRECT', tryAgain: false, storeCard: false,
};

describe('auth-capture with every SPEC 3 field', () => {
  it('pays when they carry what the widget sends', async () => {
    const code = await newLink(t);
    expect((await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code), ...SPEC_FIELDS, codePay: code })).data).toMatchObject({ status: 1 });
  });

  it.each([
    [{ resultType: 'WEB_VIEW' }, 'resultType', 'invalid_arguments'],
    [{ isCashPayment: true }, 'isCashPayment', 'invalid_arguments'],
    [{ cashExpirationDate: '2026-11-24T00:00:00Z' }, 'cashExpirationDate', 'invalid_arguments'],
    [{ processDate: 'ayer' }, 'processDate', 'missing_arguments'],
    [{ idService: -4 }, 'idService', 'missing_arguments'],
    [{ isForm: 'sí' }, 'isForm', 'missing_arguments'],
    [{ codePay: 'OTRO' }, 'codePay', 'invalid_arguments'],
  ])('%j is 400 (%s %s) and records nothing', async (patch, field, code) => {
    const link = await newLink(t);
    const res = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(link), ...SPEC_FIELDS, codePay: link, ...patch });
    expect(res).toMatchObject({ status: 400, data: { code } });
    expect(String(res.data['message'])).toContain(field);
    expect((await t.admin('GET', `/transactions?code=${link}`)).json['transactions']).toEqual([]);
  });
});

// docs/security.md "Card data": expMonth, expYear and cardType are the vault's answer, passed on as it comes.
describe('auth-capture with the vault\'s answer as it is', () => {
  it('pays with the expiry as the vault answers it (numbers), as with SPEC 7\'s text', async () => {
    const code = await newLink(t);
    const trackId = 'vault-numbers-1';
    const card = await tokenizeTestCard({ number: testCardNumber(trackId) });
    expect([typeof card.expMonth, typeof card.expYear]).toEqual(['number', 'number']);
    const body = cardPayloadOf(code, card, { trackId });
    const res = await t.post('/cards/auth-capture', { ...body, cardInformation: { ...body.cardInformation, expMonth: card.expMonth, expYear: card.expYear, cardType: card.brand } });
    expect(res.data).toMatchObject({ status: 1 });
  });

  it('a month the vault could never answer (13) is 400 expired naming the field, and records nothing', async () => {
    const link = await newLink(t);
    const body = await tokenizedCardPayload(link);
    const res = await t.post('/cards/auth-capture', { ...body, cardInformation: { ...body.cardInformation, expMonth: 13, expYear: 2034 } });
    expect(res).toMatchObject({ status: 400, data: { code: 'expired' } });
    expect(String(res.data['message'])).toContain('cardInformation.expMonth');
    expect((await t.admin('GET', `/transactions?code=${link}`)).json['transactions']).toEqual([]);
  });
});
