import { describe, expect, it } from 'vitest';
import {
  PasarelaError, errorFromHeader, isOutcomeUnknown, isPasarelaError, payerMessage, isCaptchaRefusal,
} from './errors';
import { FRONTEND_ERROR_KEYS } from './errorKeys';

describe('SPEC 8 "Header code not 200"', () => {
  it.each([401, 420, 500, 520])('"401, 420, 500, 520: session expired" (%s)', (status) => {
    const e = errorFromHeader(status, 'Unauthorized', { code: 'x', message: 'y' });
    expect([e.code, e.category, e.status]).toEqual(['session_expired', 'session', status]);
  });

  it('"Other codes: raise an error with code and message from the server message or header description"', () => {
    expect(errorFromHeader(410, 'Gone', { code: 3000, message: 'Enlace expirado' })).toMatchObject({ code: '3000', category: 'api', serverMessage: 'Enlace expirado', status: 410 });
    // an empty server message falls back to the header description
    expect(errorFromHeader(409, 'Conflict', { code: 'x', message: '' })).toMatchObject({ code: 'x', serverMessage: 'Conflict' });
    expect(errorFromHeader(404, 'Not Found', { code: 'error_to_load' })).toMatchObject({ code: 'error_to_load', serverMessage: 'Not Found' });
    expect(errorFromHeader(409, 'Conflict', null)).toMatchObject({ code: '409', serverMessage: 'Conflict' });
    expect(errorFromHeader(409, '', { code: null, message: '' })).toMatchObject({ code: '409', serverMessage: undefined });
  });
});

describe('SPEC 8 "the message is shown, with the keys below as fallback"', () => {
  const api = (code: string, serverMessage?: string) => new PasarelaError({ code, category: 'api', serverMessage });
  it.each([
    [api('3000'), { key: 'expired_link' }],
    [api('3000', 'Enlace vencido'), { key: 'expired_link', text: 'Enlace vencido' }],
    [api('3001'), { key: 'link_not_found' }],
    [api('619'), { key: 'payment_expired' }],
    [api('404'), { key: 'page_not_found' }],
    [api('possible_duplicated_tx', 'possible_duplicated_tx'), { key: 'possible_duplicated_tx' }],
    [api('whatever'), { key: 'happen_error_try_again' }],
    [new PasarelaError({ code: 'x', category: 'network', serverMessage: 'boom' }), { key: 'connection_error' }],
    [new PasarelaError({ code: 'session_expired', category: 'session' }), { key: 'session_expired' }],
    // SPEC 8 "message 'session expired'": the catalogue's text, whatever the server wrote
    [new PasarelaError({ code: 'session_expired', category: 'session', serverMessage: 'Token vencido' }), { key: 'session_expired' }],
    [Object.assign(new Error('t'), { name: 'TimeoutError' }), { key: 'timeout' }],
    [new TypeError('Failed to fetch'), { key: 'connection_error' }],
    ['nope', { key: 'happen_error_try_again' }],
  ])('%#: payerMessage -> %j', (error, message) => {
    expect(payerMessage(error)).toEqual(message);
  });

  it('every frontend key maps to itself', () => {
    for (const key of FRONTEND_ERROR_KEYS) expect(payerMessage(api(key)).key).toBe(key);
  });
});

describe('PasarelaError', () => {
  it('is told apart from other errors and prints its message', () => {
    const e = new PasarelaError({ code: '3000', category: 'api', serverMessage: 'Expired' });
    expect(isPasarelaError(e)).toBe(true);
    expect(isPasarelaError(new Error('x'))).toBe(false);
    expect(e.name).toBe('PasarelaError');
    expect(String(e)).toBe('PasarelaError: Expired');
  });
});

describe('SPEC 8 "Specific codes" each show their own key', () => {
  const api = (code: string, serverMessage?: string) => new PasarelaError({ code, category: 'api', serverMessage });
  it.each([
    ['SERVICE_UNAVAILABLE', 'service_unavailable'],
    ['REQUESTED_QR_FAILED', 'requested_qr_failed'],
    ['Error on load', 'error_on_load'],
    ['error_processing_request', 'error_processing_request'],
    ['PAYMENT_NOT_FOUND', 'payment_not_found'],
    ['PAYMENT_REJECTED', 'payment_rejected'],
    ['Invalid User', 'invalid_user'],
    ['Merchant User Not Found', 'merchant_user_not_found'],
    ['Merchant Not Found', 'merchant_not_found'],
    ['Invalid Code', 'invalid_code_validation_tx'],
    ['Invalid Amount', 'invalid_amount_validation_tx'],
    ['Card Not Valid', 'card_not_valid'],
    ['receive_not_found', 'receive_not_found'],
    ['error_to_load', 'error_to_load'],
  ])('%s -> %s', (code, key) => {
    expect(payerMessage(api(code)).key).toBe(key);
  });

  it('"Card {messageSys}" shows the gateway reason', () => {
    expect(payerMessage(api('Card Fondos insuficientes'))).toEqual({ key: 'card_error', text: 'Card Fondos insuficientes' });
    expect(payerMessage(api('Card', 'Card Tarjeta vencida')).key).toBe('happen_error_try_again');
    expect(payerMessage(api('Card declined', 'Tarjeta rechazada'))).toEqual({ key: 'card_error', text: 'Tarjeta rechazada' });
  });
});

describe('isCaptchaRefusal: a refusal the payer puts right by ticking the captcha again (docs/architecture.md "Captcha and focus")', () => {
  it.each([
    ['error_captcha', true, 'SPEC 8 error_captcha: not a person'],
    ['invalid_score_captcha', true, 'SPEC 8 invalid_score_captcha: a low score'],
    ['payment_declined', false, "a bank's decline"],
    ['possible_duplicated_tx', false, 'the duplicate question'],
    ['connection_error', false, 'a lost connection'],
  ] as const)('%s -> %s (%s)', (key, refused, _rule) => {
    expect(isCaptchaRefusal(key)).toBe(refused);
  });
});

describe('isOutcomeUnknown: may a failed payment request have been recorded?', () => {
  const at = (status: number, category: 'api' | 'session' = 'api', code = String(status)) => new PasarelaError({ code, category, status });
  it.each([
    ['a dropped connection', new PasarelaError({ code: 'connection_error', category: 'network' }), true],
    ['a time-out', new PasarelaError({ code: 'timeout', category: 'network' }), true],
    ['408 request timeout', at(408), true],
    ['500 (read as a session expiry by SPEC 8)', at(500, 'session', 'session_expired'), true],
    ['502 from a proxy', at(502, 'api', 'happen_error_try_again'), true],
    ['503', at(503), true],
    ['503 card_payments_unavailable: the card vault refused, nothing sent or recorded', at(503, 'api', 'card_payments_unavailable'), false],
    ['503 method_payments_unavailable: the processor refused a push, voucher, Clave or crypto payment, nothing sent or recorded', at(503, 'api', 'method_payments_unavailable'), false],
    ['504', at(504), true],
    ['520 (session code)', at(520, 'session', 'session_expired'), true],
    ['a 200 whose data we could not read', at(200, 'api', 'happen_error_try_again'), true],
    ['a thrown TypeError (fetch failed)', new TypeError('Failed to fetch'), true],
    ['anything else thrown', 'boom', true],
    ['400 refused payload', at(400), false],
    ['401 session', at(401, 'session', 'session_expired'), false],
    ['404 PAYMENT_NOT_FOUND', at(404, 'api', 'PAYMENT_NOT_FOUND'), false],
    ['409 track_id_reused', at(409, 'api', 'track_id_reused'), false],
    ['409 possible duplicate', at(409, 'api', 'possible_duplicated_tx'), false],
    ['410 619 payment expired', at(410, 'api', '619'), false],
    ['429 too many requests', at(429), false],
    ['a validation error before sending', new PasarelaError({ code: 'field_required', category: 'validation' }), false],
    ['a cancel', new PasarelaError({ code: 'cancel', category: 'cancel' }), false],
    ['a validation refusal is known whatever status came with it', new PasarelaError({ code: 'field_required', category: 'validation', status: 502 }), false],
    ['a cancel is known whatever status came with it', new PasarelaError({ code: 'cancel', category: 'cancel', status: 200 }), false],
    ['an api error without a status (raised by the widget)', new PasarelaError({ code: 'service_unavailable', category: 'api' }), false],
  ])('%s -> %s', (_, error, unknown) => {
    expect(isOutcomeUnknown(error)).toBe(unknown);
  });
});
