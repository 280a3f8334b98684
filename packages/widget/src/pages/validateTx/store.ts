import type { CatalogKey, Currency } from '@pasarela/core';
import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import {
  CURRENCIES, closedValidationCode, fieldErrors, initialTransactionState, isPasarelaError, typedValidationCharge, validationCharge, validationCheckBody, validationTxOutcome,
  VALIDATION_TX_STATES, VALIDATION_CANCELED_CODE, VALIDATION_WRONG_AMOUNTS_ALLOWED, type TransactionState,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';

export const VALIDATION_TRIES = VALIDATION_WRONG_AMOUNTS_ALLOWED;

const CheckAnswerSchema = v.object({ codOper: v.string(), state: v.number(), valid: v.boolean() });
// The charge's currency: its payment's (absent from an older server: dollars).
const ValidationStatusSchema = v.object({ codOper: v.string(), state: v.number(), attempts: v.number(), currency: v.optional(v.picklist(CURRENCIES), 'USD') });

export interface ValidateTxState {
  code: string;
  amount: string;
  /** The charge's currency: dollars (SPEC 9's $1.00-$3.00) or whole pesos. */
  currency: Currency;
  amountError: CatalogKey | null;
  checking: boolean;
  tx: TransactionState;
  triesLeft: number;
  /** The check's answers that said something (a wrong amount, a lost connection, the end): each one's message is drawn anew, so it is heard once; a refusal in the form is not one. */
  answers: number;
  finished: boolean;
  /** SPEC 8 'Invalid Code' on arrival: the page says so instead of asking for an amount. */
  nothing: boolean;
}

export function createValidateTxStore(api: ApiClient, code: string) {
  const store = createStore<ValidateTxState & { setAmount(amount: string): void; load(): Promise<void>; submit(): Promise<void> }>()((set, get) => ({
    code,
    amount: '',
    currency: 'USD',
    amountError: null,
    checking: false,
    tx: initialTransactionState,
    triesLeft: VALIDATION_TRIES,
    answers: 0,
    finished: false,
    nothing: false,
    setAmount(amount) {
      set({ amount, amountError: null });
    },
    async load() {
      try {
        const status = await api.get(`transactions/${encodeURIComponent(code)}/validation`, ValidationStatusSchema);
        set({ currency: status.currency });
        const triesLeft = Math.max(0, VALIDATION_TRIES - status.attempts);
        // The status answers an expired validation as canceled: its wrong amounts tell which ended it.
        const closedBy = closedValidationCode({ ...status, expired: false });
        if (status.state === VALIDATION_TX_STATES.confirmed) set({ tx: validationTxOutcome({ ok: true }), finished: true });
        else if (closedBy) set({ tx: validationTxOutcome({ ok: false, code: closedBy }), triesLeft, finished: true });
        else set({ triesLeft });
      } catch (error) {
        if (isPasarelaError(error) && error.code === 'Invalid Code') set({ tx: validationTxOutcome({ ok: false, code: error.code }), finished: true, nothing: true });
      }
    },
    async submit() {
      const state = get();
      if (state.checking || state.finished) return;
      const amountError = fieldErrors(v.object({ amount: validationCharge(state.currency) }), { amount: state.amount }).amount ?? null;
      if (amountError) return set({ amountError });
      set({ checking: true });
      try {
        await api.post('transactions/check', CheckAnswerSchema, validationCheckBody(code, typedValidationCharge(state.amount, state.currency)));
        set({ tx: validationTxOutcome({ ok: true }), answers: state.answers + 1, finished: true });
      } catch (error) {
        const errorCode = isPasarelaError(error) ? error.code : '';
        if (errorCode === 'invalid_amount_validation_tx') return set({ amountError: errorCode });
        const tx = validationTxOutcome({ ok: false, code: errorCode });
        const wrongAmount = errorCode === 'Invalid Amount';
        const triesLeft = errorCode === VALIDATION_CANCELED_CODE ? 0 : wrongAmount ? Math.max(0, state.triesLeft - 1) : state.triesLeft;
        // A wrong amount may be tried again while tries remain; a lost connection too.
        const retryable = (wrongAmount && triesLeft > 0) || (isPasarelaError(error) && error.category === 'network');
        set({ tx, triesLeft, answers: state.answers + 1, finished: !retryable });
      } finally {
        set({ checking: false });
      }
    },
  }));
  return store;
}
export type ValidateTxStore = ReturnType<typeof createValidateTxStore>;
