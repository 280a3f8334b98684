import type { CatalogKey } from '@pasarela/core';
import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import { AMOUNT_LIMIT_CHECK_DELAY_MS, exceedsMerchantLimit, fieldErrors, positiveNumber, roundAmount, typedAmountSlip } from '@pasarela/core';

export interface AmountState {
  value: string;
  error: CatalogKey | null;
}

export interface AmountDeps {
  txLimit: number | null;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const AmountSchema = v.object({ amount: positiveNumber() });

export function amountError(value: string, txLimit: number | null): CatalogKey | null {
  const slip = typedAmountSlip(value);
  if (slip) return slip;
  const syntax = fieldErrors(AmountSchema, { amount: value }).amount;
  if (syntax) return syntax;
  return exceedsMerchantLimit(roundAmount(Number(value.trim())), txLimit) ? 'amount_exceeds_limit_allowed' : null;
}

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
