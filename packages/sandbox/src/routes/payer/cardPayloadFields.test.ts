import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

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
