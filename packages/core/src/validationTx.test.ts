import { describe, expect, it } from 'vitest';
import { closedValidationCode, initialTransactionState, typedValidationCharge, validationChargeTexts, validationCheckBody, validationTxOutcome } from './validationTx';

describe('SPEC 4 "Transaction validation (states: without verify 0, confirmed 1, canceled 2)"', () => {
  it('starts without verify', () => {
    expect(initialTransactionState.stateOfValid).toBe(0);
  });

  it.each([
    [{ ok: true } as const, { stateOfValid: 1, errorMessage: null, statusFlag: 4 }, '"the status flag is 4 on success"'],
    [{ ok: false, code: '619' } as const, { stateOfValid: 2, errorMessage: 'payment_expired', statusFlag: 1 }, '"and 1 when the server code is 619"'],
    [{ ok: false, code: 'Invalid Code' } as const, { stateOfValid: 2, errorMessage: 'invalid_code_validation_tx', statusFlag: null }, '"invalid-code response gives the invalid-code message and canceled state"'],
    [{ ok: false, code: 'Invalid Amount' } as const, { stateOfValid: 2, errorMessage: 'try_again_validation_tx', statusFlag: null }, '"other failures give the try-again message and canceled"'],
    [{ ok: false, code: 'Validation Canceled' } as const, { stateOfValid: 2, errorMessage: 'validate_tx_canceled', statusFlag: null }, 'docs/pages.md "the third wrong amount ends it", saying so (not 619\'s payment_expired)'],
  ])('%j (%s)', (result, state, _rule) => {
    expect(validationTxOutcome(result)).toEqual(state);
  });

  // docs/sandbox.md "Three wrong answers cancel it; after 24 hours it answers 619".
  it.each<[{ state: number; attempts: number; expired: boolean }, string | null, string]>([
    [{ state: 0, attempts: 0, expired: false }, null, 'awaiting an answer'],
    [{ state: 0, attempts: 2, expired: false }, null, 'two wrong answers leave one try'],
    [{ state: 2, attempts: 3, expired: false }, 'Validation Canceled', '"Three wrong answers cancel it"'],
    [{ state: 2, attempts: 3, expired: true }, 'Validation Canceled', 'canceled before its time ran out, still canceled'],
    [{ state: 0, attempts: 1, expired: true }, '619', '"after 24 hours it answers 619"'],
    [{ state: 2, attempts: 0, expired: false }, '619', 'canceled by its time (as the status call answers an expired one)'],
    [{ state: 1, attempts: 2, expired: true }, null, 'confirmed stays confirmed'],
  ])('%j answers %s (%s)', (validation, code, _rule) => {
    expect(closedValidationCode(validation)).toBe(code);
  });

  it('SPEC 7 "code as code|amount"', () => {
    expect(validationCheckBody(' VAL-1 ', 2.3)).toEqual({ option: 'TRANSACTION', action: 'VALID', code: 'VAL-1|2.30' });
    expect(validationCheckBody('VAL-1', 2370)).toEqual({ option: 'TRANSACTION', action: 'VALID', code: 'VAL-1|2370.00' });
  });

  it.each<[string, 'USD' | 'COP', number]>([
    ['2.37', 'USD', 2.37],
    [' 2 ', 'USD', 2],
    ['2.370', 'COP', 2370],
    ['2370', 'COP', 2370],
    ['2,370', 'COP', 2370],
  ])('the typed answer %j in %s is the amount %s', (typed, currency, amount) => {
    expect(typedValidationCharge(typed, currency)).toBe(amount);
  });

  // SPEC 9 "Random validation charge $1.00 to $3.00"; in pesos 1.000 to 3.000 as Colombia writes them.
  it.each<['es' | 'en', 'USD' | 'COP', Record<string, string>]>([
    ['es', 'USD', { min: '$1.00', max: '$3.00', typedMin: '1.00', typedMax: '3.00', example: '2.37' }],
    ['en', 'USD', { min: '$1.00', max: '$3.00', typedMin: '1.00', typedMax: '3.00', example: '2.37' }],
    ['es', 'COP', { min: '$\u00a01.000', max: '$\u00a03.000', typedMin: '1.000', typedMax: '3.000', example: '2.370' }],
    ['en', 'COP', { min: 'COP\u00a01,000', max: 'COP\u00a03,000', typedMin: '1,000', typedMax: '3,000', example: '2,370' }],
  ])('the page says the range in %s for %s', (lang, currency, texts) => {
    expect(validationChargeTexts(lang, currency)).toEqual(texts);
  });
});
