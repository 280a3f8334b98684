import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { createValidateTxStore } from './store';

const wrong = () => new PasarelaError({ code: 'Invalid Amount', category: 'api', status: 400 });

describe('SPEC 4 "Transaction validation" on /pf/validateTx', () => {
  it('"status flag is 4 on success": confirmed, sent as code|amount', async () => {
    const { api, calls } = scriptedApi({ 'transactions/check': { codOper: 'OP1', state: 1, valid: true } });
    const store = createValidateTxStore(api, 'OP1');
    store.getState().setAmount('2.37');
    await store.getState().submit();
    expect(store.getState().tx).toEqual({ stateOfValid: 1, errorMessage: null, statusFlag: 4 });
    expect(store.getState().finished).toBe(true);
    expect(calls.at(-1)?.body).toEqual({ option: 'TRANSACTION', action: 'VALID', code: 'OP1|2.37' });
  });

  it.each([['0.99'], ['3.01'], ['abc'], ['']])('SPEC 5 "Validation amount must be 1 to 3 inclusive": %j is refused before any call', async (amount) => {
    const { api, calls } = scriptedApi({});
    const store = createValidateTxStore(api, 'OP1');
    store.getState().setAmount(amount);
    await store.getState().submit();
    expect(store.getState().amountError).toBe(amount === '' ? 'field_required' : 'invalid_amount_validation_tx');
    expect(calls).toEqual([]);
  });

  // docs/sandbox.md "Random-charge validation": a card in pesos is charged 1.000 to 3.000 whole pesos,
  // typed as Colombia writes them.
  it.each([['2.370'], ['2370'], ['2,370']])('in pesos, %j is sent as 2370 whole pesos', async (typed) => {
    const { api, calls } = scriptedApi({
      'transactions/OP1/validation': { codOper: 'OP1', state: 0, attempts: 0, currency: 'COP' },
      'transactions/check': { codOper: 'OP1', state: 1, valid: true },
    });
    const store = createValidateTxStore(api, 'OP1');
    await store.getState().load();
    expect(store.getState().currency).toBe('COP');
    store.getState().setAmount(typed);
    await store.getState().submit();
    expect(store.getState().amountError).toBeNull();
    expect(calls.at(-1)?.body).toEqual({ option: 'TRANSACTION', action: 'VALID', code: 'OP1|2370.00' });
  });

  it.each([['2.37'], ['999'], ['3.001'], ['2.370,50']])('in pesos, %j is refused before any call', async (typed) => {
    const { api, calls } = scriptedApi({ 'transactions/OP1/validation': { codOper: 'OP1', state: 0, attempts: 0, currency: 'COP' } });
    const store = createValidateTxStore(api, 'OP1');
    await store.getState().load();
    store.getState().setAmount(typed);
    await store.getState().submit();
    expect(store.getState().amountError).toBe('invalid_amount_validation_tx');
    expect(calls.filter((c) => c.path === 'transactions/check')).toEqual([]);
  });

  it('a validation whose answer names no currency is in dollars', async () => {
    const store = createValidateTxStore(scriptedApi({ 'transactions/OP1/validation': { codOper: 'OP1', state: 0, attempts: 0 } }).api, 'OP1');
    await store.getState().load();
    expect(store.getState().currency).toBe('USD');
  });

  it('a wrong amount says try again with the tries left; the third ends it, saying the validation was canceled (docs/pages.md)', async () => {
    const canceled = new PasarelaError({ code: 'Validation Canceled', category: 'api', status: 410 });
    const { api } = scriptedApi({ 'transactions/check': [wrong(), wrong(), canceled] });
    const store = createValidateTxStore(api, 'OP1');
    store.getState().setAmount('1.50');
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ tx: { stateOfValid: 2, errorMessage: 'try_again_validation_tx' }, triesLeft: 2, finished: false });
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ triesLeft: 1, finished: false });
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ tx: { stateOfValid: 2, errorMessage: 'validate_tx_canceled', statusFlag: null }, triesLeft: 0, finished: true });
  });

  it.each([
    ['619', 'payment_expired', 1],
    ['Invalid Code', 'invalid_code_validation_tx', null],
  ])('server code %s -> %s, status flag %s, nothing more to try', async (code, message, flag) => {
    const { api } = scriptedApi({ 'transactions/check': new PasarelaError({ code, category: 'api', status: 410 }) });
    const store = createValidateTxStore(api, 'OP1');
    store.getState().setAmount('2');
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ tx: { stateOfValid: 2, errorMessage: message, statusFlag: flag }, finished: true });
  });

  it('on arrival, a validation already canceled or an unknown code shows its message without a form', async () => {
    const canceled = createValidateTxStore(scriptedApi({ 'transactions/OP1/validation': { codOper: 'OP1', state: 2, attempts: 3 } }).api, 'OP1');
    await canceled.getState().load();
    // docs/sandbox.md "Three wrong answers cancel it; after 24 hours it answers 619": each says its own.
    expect(canceled.getState()).toMatchObject({ finished: true, triesLeft: 0, tx: { errorMessage: 'validate_tx_canceled' } });
    const expired = createValidateTxStore(scriptedApi({ 'transactions/OP3/validation': { codOper: 'OP3', state: 2, attempts: 1 } }).api, 'OP3');
    await expired.getState().load();
    expect(expired.getState()).toMatchObject({ finished: true, tx: { errorMessage: 'payment_expired', statusFlag: 1 } });
    const unknown = createValidateTxStore(scriptedApi({ 'transactions/NOPE/validation': new PasarelaError({ code: 'Invalid Code', category: 'api', status: 404 }) }).api, 'NOPE');
    await unknown.getState().load();
    expect(unknown.getState()).toMatchObject({ finished: true, nothing: true, tx: { errorMessage: 'invalid_code_validation_tx' } });
    expect(canceled.getState().nothing).toBe(false);
    const open = createValidateTxStore(scriptedApi({ 'transactions/OP2/validation': { codOper: 'OP2', state: 0, attempts: 1 } }).api, 'OP2');
    await open.getState().load();
    expect(open.getState()).toMatchObject({ finished: false, triesLeft: 2 });
  });
});
