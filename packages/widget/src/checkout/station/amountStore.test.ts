import { describe, expect, it } from 'vitest';
import { amountError, createAmountStore } from './amountStore';

describe('the payer amount of a station without a price (SPEC 5)', () => {
  it.each([
    ['', 100, 'field_required'],
    ['abc', 100, 'validation_number'],
    // Issue 96: a negative and a decimal comma each say how to fix them.
    ['-5', 100, 'amount_negative'],
    ['12,50', 100, 'amount_decimal_comma'],
    ['0.5', 100, 'validation_positive_number'],
    ['1', 100, null],
    ['100', 100, null],
    // "The amount must not exceed the merchant's transaction limit (error amount_exceeds_limit_allowed)"
    ['100.01', 100, 'amount_exceeds_limit_allowed'],
    ['5000', null, null],
  ])('%j with limit %s -> %s', (value, limit, key) => {
    expect(amountError(value, limit)).toBe(key);
  });

  it('"checked after a 500 ms delay": nothing is said while the payer types, then the limit error', () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const store = createAmountStore({ txLimit: 50, setTimer: (run, ms) => timers.push({ run, ms }), clearTimer: () => undefined });
    store.getState().setValue('60');
    expect(store.getState().error).toBeNull();
    expect(timers.at(-1)?.ms).toBe(500);
    timers.at(-1)?.run();
    expect(store.getState().error).toBe('amount_exceeds_limit_allowed');
  });

  it('submit gives the amount rounded to two digits, or null with the error', () => {
    const store = createAmountStore({ txLimit: 50, setTimer: () => 0, clearTimer: () => undefined });
    store.getState().setValue('12.345');
    expect(store.getState().submit()).toBe(12.35);
    store.getState().setValue('51');
    expect(store.getState().submit()).toBeNull();
    expect(store.getState().error).toBe('amount_exceeds_limit_allowed');
  });

  // Issue 93: a Colombian merchant's station takes whole pesos, typed as Colombia writes them.
  it.each([
    ['50.000', 20_000_000, null],
    ['50000', 20_000_000, null],
    ['50,000', 20_000_000, null],
    ['12.50', 20_000_000, 'amount_whole_pesos'],
    ['50.000,00', 20_000_000, 'amount_whole_pesos'],
    ['0', 20_000_000, 'greater_than_zero'],
    ['-5', 20_000_000, 'amount_negative'],
    ['cincuenta', 20_000_000, 'validation_number'],
    ['', 20_000_000, 'field_required'],
    ['20.000.001', 20_000_000, 'amount_exceeds_limit_allowed'],
    ['20.000.000', 20_000_000, null],
  ])('%j in pesos with limit %s -> %s', (value, limit, key) => {
    expect(amountError(value, limit, 'COP')).toBe(key);
  });

  it('submit in pesos gives the whole pesos typed: "50.000" is fifty thousand, not fifty', () => {
    const store = createAmountStore({ txLimit: 20_000_000, currency: 'COP', setTimer: () => 0, clearTimer: () => undefined });
    store.getState().setValue('50.000');
    expect(store.getState().submit()).toBe(50_000);
    store.getState().setValue('50.5');
    expect(store.getState().submit()).toBeNull();
    expect(store.getState().error).toBe('amount_whole_pesos');
  });
});
