import type { CatalogKey } from '@pasarela/core';
import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import { AMOUNT_LIMIT_CHECK_DELAY_MS, exceedsMerchantLimit, fieldErrors, positiveNumber, roundAmount } from '@pasarela/core';

export interface AmountState {
  value: string;
  /** Catalogue key of what is wrong, shown under the field. */
  error: CatalogKey | null;
}

export interface AmountDeps {
  /** The merchant's transaction limit (SPEC 5 amount_exceeds_limit_allowed). */
  txLimit: number | null;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const AmountSchema = v.object({ amount: positiveNumber() });

/** The key wrong with `value`, or null: SPEC 5 number rules, then the merchant's limit. */
export function amountError(value: string, txLimit: number | null): CatalogKey | null {
  const syntax = fieldErrors(AmountSchema, { amount: value }).amount;
  if (syntax) return syntax;
  return exceedsMerchantLimit(roundAmount(Number(value.trim())), txLimit) ? 'amount_exceeds_limit_allowed' : null;
}

/** The amount a payer enters for a station without a price, checked SPEC 9's 500 ms after typing stops. */
export function createAmountStore(deps: AmountDeps) {
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  return createStore<AmountState & { setValue(value: string): void; submit(): number | null }>()((set, get) => ({
    value: '',
    error: null,
    setValue(value) {
      if (timer !== null) clearTimer(timer);
      set({ value, error: null });
      timer = setTimer(() => {
        timer = null;
        if (get().value.trim() !== '') set({ error: amountError(get().value, deps.txLimit) });
      }, AMOUNT_LIMIT_CHECK_DELAY_MS);
    },
    submit() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      const error = amountError(get().value, deps.txLimit);
      set({ error });
      return error ? null : roundAmount(Number(get().value.trim()));
    },
  }));
}
export type AmountStore = ReturnType<typeof createAmountStore>;
