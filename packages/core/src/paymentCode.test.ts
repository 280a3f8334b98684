import { describe, expect, it } from 'vitest';
import { decodeBody } from './encoding';
import { paymentCodeLookupResult, qrCodeKind, searchActivityQuery } from './paymentCode';

describe('SPEC 3 "QR/pay-code data: idMerchant, code E (or PS for a station), ..."', () => {
  it.each([
    [null, 'E'], [undefined, 'E'], ['', 'E'], ['ST-1', 'PS'], [4, 'PS'],
  ])('station %j -> code %s', (stationId, code) => {
    expect(qrCodeKind(stationId)).toBe(code);
  });
});

describe('SPEC 7 "GET search activity"', () => {
  it('"GET search activity (limit 10, offset 0, conditional code hex-encoded, or code:: plus encoded code; for stations JSON)"', () => {
    const plain = searchActivityQuery({ code: 'ABC' });
    expect(plain).toMatchObject({ limit: 10, offset: 0 });
    expect(decodeBody(plain.code)).toBe('ABC');
    const prefixed = searchActivityQuery({ code: 'ABC', prefixed: true });
    expect(prefixed.code.startsWith('code::')).toBe(true);
    expect(decodeBody(prefixed.code.slice(6))).toBe('ABC');
    expect(JSON.parse(searchActivityQuery({ stationId: 'ST-1' }).code)).toEqual({ type: 'PAYMENT_STATION', idSearch: 'ST-1' });
  });
});

describe('SPEC 4 "Payment-code lookup result"', () => {
  it.each([
    [null, 'PAYMENT_NOT_FOUND'],
    [undefined, 'PAYMENT_NOT_FOUND'],
    [{ activityResult: { status: 1 } }, 'PAYMENT_SUCCESS'],
    [{ activityResult: { status: '1' } }, 'PAYMENT_SUCCESS'],
    [{ activityResult: { status: 0 } }, 'PAYMENT_REJECTED'],
    // status 1 alone is paid (not "1 or more")
    [{ activityResult: { status: 2 } }, 'PAYMENT_REJECTED'],
    [{ activityResult: { status: 3 } }, 'PAYMENT_REJECTED'],
    [{ activityResult: null }, 'PAYMENT_REJECTED'],
  ])('%j -> %s', (found, result) => {
    expect(paymentCodeLookupResult(found)).toBe(result);
  });
});
