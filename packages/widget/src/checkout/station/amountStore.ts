import type { CatalogKey, Currency } from '@pasarela/core';
import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import { AMOUNT_LIMIT_CHECK_DELAY_MS, exceedsMerchantLimit, fieldErrors, positiveNumber, readTypedPesos, roundAmount, typedAmountSlip } from '@pasarela/core';

export interface AmountState {
  value: string;
  error: CatalogKey | null;
}

export interface AmountDeps {
  txLimit: number | null;
  /** The merchant's; absent is dollars. Pesos are typed whole ("50.000"). */
  currency?: Currency;
  /** What the field holds at first: the amount already entered, when the payer comes back to change it. */
  value?: string;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const AmountSchema = v.object({ amount: positiveNumber() });

/** The amount typed, in the currency's units, or null when it is not one; check amountError first. */
function typedAmount(value: string, currency: Currency): number | null {
  if (currency === 'COP') {
    const read = readTypedPesos(value);
    return 'pesos' in read ? read.pesos : null;
  }
  const amount = Number(value.trim());
  return value.trim() === '' || !Number.isFinite(amount) ? null : roundAmount(amount);
}

export function amountError(value: string, txLimit: number | null, currency: Currency = 'USD'): CatalogKey | null {
  if (currency === 'COP') {
    if (value.trim() === '') return 'field_required';
    const read = readTypedPesos(value);
    if ('refused' in read) return read.refused === 'not_pesos' ? 'validation_number' : read.refused;
    if (read.pesos <= 0) return 'greater_than_zero';
  } else {
    const syntax = typedAmountSlip(value) ?? fieldErrors(AmountSchema, { amount: value }).amount;
    if (syntax) return syntax;
  }
  return exceedsMerchantLimit(typedAmount(value, currency) ?? 0, txLimit) ? 'amount_exceeds_limit_allowed' : null;
}

export function createAmountStore(deps: AmountDeps) {
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const currency = deps.currency ?? 'USD';
  let timer: unknown = null;
  return createStore<AmountState & { setValue(value: string): void; submit(): number | null }>()((set, get) => ({
    value: deps.value ?? '',
    error: null,
    setValue(value) {
      if (timer !== null) clearTimer(timer);
      set({ value, error: null });
      timer = setTimer(() => {
        timer = null;
        if (get().value.trim() !== '') set({ error: amountError(get().value, deps.txLimit, currency) });
      }, AMOUNT_LIMIT_CHECK_DELAY_MS);
    },
    submit() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      const error = amountError(get().value, deps.txLimit, currency);
      set({ error });
      return error ? null : typedAmount(get().value, currency);
    },
  }));
}
export type AmountStore = ReturnType<typeof createAmountStore>;
