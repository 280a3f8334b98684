import { describe, expect, it } from 'vitest';
import { initialTransactionState, validationCheckBody, validationTxOutcome } from './validationTx';

describe('SPEC 4 "Transaction validation (states: without verify 0, confirmed 1, canceled 2)"', () => {
  it('starts without verify', () => {
    expect(initialTransactionState.stateOfValid).toBe(0);
  });

  it.each([
    [{ ok: true } as const, { stateOfValid: 1, errorMessage: null, statusFlag: 4 }, '"the status flag is 4 on success"'],
    [{ ok: false, code: '619' } as const, { stateOfValid: 2, errorMessage: 'payment_expired', statusFlag: 1 }, '"and 1 when the server code is 619"'],
    [{ ok: false, code: 'Invalid Code' } as const, { stateOfValid: 2, errorMessage: 'invalid_code_validation_tx', statusFlag: null }, '"invalid-code response gives the invalid-code message and canceled state"'],
    [{ ok: false, code: 'Invalid Amount' } as const, { stateOfValid: 2, errorMessage: 'try_again_validation_tx', statusFlag: null }, '"other failures give the try-again message and canceled"'],
  ])('%j (%s)', (result, state, _rule) => {
    expect(validationTxOutcome(result)).toEqual(state);
  });

  it('SPEC 7 "code as code|amount"', () => {
    expect(validationCheckBody(' VAL-1 ', 2.3)).toEqual({ option: 'TRANSACTION', action: 'VALID', code: 'VAL-1|2.30' });
  });
});
