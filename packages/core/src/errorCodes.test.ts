import { describe, expect, it } from 'vitest';
import { catalogs } from './i18n/index';
import { SERVER_CODE_KEYS, SPECIFIC_ERROR_CODES, errorEffect, isCardMessageCode } from './errorCodes';
import { isFinalMessage } from './finalMessage';
import { cryptoFailure, isNothingRecordedFailure, processingFailureKey } from './paymentFailures';
import { PasarelaError, errorFromHeader, isOutcomeUnknown } from './errors';

describe('SPEC 8 specific codes: what happens next', () => {
  it.each([
    [{ code: '3000', status: 410 }, { route: '/pf/responseMessage?code=3000', clearSession: false, resetStep: false }, '"Code 3000 leads to the expired-link message"'],
    [{ code: '3001', status: 404 }, { route: '/pf/responseMessage?code=3001', clearSession: false, resetStep: false }, '"3001 ... goes to the station response page"'],
    [{ code: 'error_to_load', status: 404 }, { route: '/404', clearSession: false, resetStep: false }, '"404 with error_to_load ... leads to /404"'],
    [{ code: 'receive_not_found', status: 404 }, { route: '/404', clearSession: false, resetStep: false }, '"404 with ... receive_not_found leads to /404"'],
    [{ code: 'receive_not_found' }, { route: '/404', clearSession: false, resetStep: false }, 'a flow that records receive_not_found itself'],
    [{ code: 'error_to_load', status: 500 }, { route: null, clearSession: false, resetStep: false }, 'not a 404'],
    [{ code: 'receive_not_found', status: 400 }, { route: null, clearSession: false, resetStep: false }, 'a 400 is not a 404 either'],
    [{ code: '619', status: 400 }, { route: null, clearSession: false, resetStep: true }, '"Payment expired (code 619) resets the step"'],
    [{ code: 'x', status: 409 }, { route: null, clearSession: false, resetStep: false }, 'anything else stays'],
    [{ code: 'happen_error_try_again' }, { route: null, clearSession: false, resetStep: false }, 'another code without a status stays'],
  ])('%j -> %j (%s)', (error, effect, _rule) => {
    expect(errorEffect(error)).toEqual(effect);
  });

  it.each([
    [{ key: 'expired_link' }, true, 'an expired link takes no payment, whatever is sent again'],
    [{ key: 'expired_link', text: 'El enlace expiró' }, true, 'the server\'s own words for it too'],
    [{ key: SERVER_CODE_KEYS['3001'] ?? '' }, true, 'no such station'],
    [{ key: 'payment_expired' }, false, '619: a new payment can be made'],
    [{ key: 'service_unavailable' }, false, 'may come back'],
    [{ key: 'requested_qr_failed' }, false, 'a new request may work'],
    [{ key: 'connection_error' }, false, 'the network may come back'],
    [{ key: 'error_pay_push_nequi' }, false, 'a declined push can be sent again'],
  ])('isFinalMessage(%j) is %s (%s)', (message, final, _why) => {
    expect(isFinalMessage(message)).toBe(final);
  });

  it('a message is final exactly when its server code has a page of its own (errorEffect)', () => {
    for (const [code, key] of Object.entries(SERVER_CODE_KEYS)) {
      expect([code, isFinalMessage({ key })]).toEqual([code, errorEffect({ code }).route !== null]);
    }
  });

  it('"401, 420, 500, 520: session expired. The stored login is cleared"', () => {
    expect(errorEffect(errorFromHeader(401, 'Unauthorized')).clearSession).toBe(true);
  });

  // the keys of SERVER_ERROR_KEYS are checked by the compiler (i18n/index.ts)
  it('every server code\'s key has a text in both languages', () => {
    for (const key of Object.values(SERVER_CODE_KEYS)) {
      expect([key, key in catalogs.es, key in catalogs.en]).toEqual([key, true, true]);
    }
  });

  it('names every specific code of SPEC 8', () => {
    expect(Object.values(SPECIFIC_ERROR_CODES)).toEqual(
      expect.arrayContaining(['3000', '3001', '619', '220', '404', 'SERVICE_UNAVAILABLE', 'REQUESTED_QR_FAILED', 'Error on load', 'PAYMENT_NOT_FOUND', 'Invalid User', 'Merchant User Not Found', 'Merchant Not Found', 'Invalid Code', 'Invalid Amount']),
    );
  });

  it.each([
    ['Card Fondos insuficientes', true],
    ['Card Not Valid', false],
    ['Card', false],
    ['Cardinal', false],
    ['Not a Card declined', false],
  ])('"Card {messageSys}" code %j: %s', (code, yes) => {
    expect(isCardMessageCode(code)).toBe(yes);
  });
});

describe('SPEC 8 crypto and processing fallbacks', () => {
  it('"error_processing_request for an old-version tx failure"', () => {
    expect(processingFailureKey(true)).toBe('error_processing_request');
    expect(processingFailureKey(false)).toBe('payment_error_try_again');
  });

  it.each([
    [new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 404 }), { codeError: 'SERVICE_UNAVAILABLE', message: 'Error on load' }],
    [new PasarelaError({ code: 'REQUESTED_QR_FAILED', category: 'api', serverMessage: 'QR caído' }), { codeError: 'REQUESTED_QR_FAILED', message: 'QR caído' }],
    [new TypeError('Failed to fetch'), { codeError: 'Error on load', message: 'Error on load' }],
    [null, { codeError: 'Error on load', message: 'Error on load' }],
    [new PasarelaError({ code: '', category: 'api', serverMessage: '' }), { codeError: 'Error on load', message: 'Error on load' }],
  ])('"\'Error on load\' fallback": %#', (error, failure) => {
    expect(cryptoFailure(error)).toEqual(failure);
  });
});

describe('isNothingRecordedFailure: docs/api.md, a 502 processing failure recorded nothing; the same code as a 504 is in doubt', () => {
  const at = (status: number, code: string) => new PasarelaError({ code, category: 'api', status });
  it.each([
    ['502 payment_error_try_again: the gateway failed before deciding', at(502, 'payment_error_try_again'), true, true],
    ['502 error_processing_request: the same, of an old-version payment', at(502, 'error_processing_request'), true, true],
    ['504 payment_error_try_again: no answer by the deadline, the attempt kept in doubt', at(504, 'payment_error_try_again'), false, true],
    ['504 error_processing_request', at(504, 'error_processing_request'), false, true],
    ['502 from a proxy, another code', at(502, 'happen_error_try_again'), false, true],
    ['payment_error_try_again without a status', new PasarelaError({ code: 'payment_error_try_again', category: 'api' }), false, false],
    ['a dropped connection', new PasarelaError({ code: 'connection_error', category: 'network' }), false, true],
  ])('%s -> nothing recorded %s (outcome unknown by status: %s)', (_, error, nothingRecorded, unknownByStatus) => {
    expect(isNothingRecordedFailure(error)).toBe(nothingRecorded);
    expect(isOutcomeUnknown(error)).toBe(unknownByStatus);
  });
});
