import type { CatalogKey } from '@pasarela/core';
import { createStore } from 'zustand/vanilla';
import { cardFormSchema, duplicateStateOfAnswer, fieldErrors, isPasarelaError, payerMessage, type CardBrand, type DeclineField, type DuplicateState, type PayerMessage } from '@pasarela/core';
import { createPaymentIntent, lostAnswerMessage, type FlightLog, type FollowUpOptions } from '../../payments/paymentIntent';
import { cleanCardNumber, cleanCvc, formatExpiry } from '../../payments/cardFormat';
import { earlierPaymentOf, type EarlierPayment } from './earlierPayment';

export const CARD_FIELDS = ['cardnumber', 'expirationDate', 'cvc', 'name', 'email', 'phone'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;

export type CardAttempt =
  | { kind: 'receipt'; codOper: string }
  | { kind: 'redirect'; url: string; codOper: string }
  | { kind: 'declined'; message: PayerMessage; field?: DeclineField | undefined };

export type CardPhase = 'editing' | 'paying' | 'done';

export interface CardState {
  values: CardValues;
  touched: Record<CardField, boolean>;
  errors: Partial<Record<CardField, CatalogKey>>;
  submitted: boolean;
  phase: CardPhase;
  alert: PayerMessage | null;
  alertField: DeclineField | null;
  /** SPEC 8 possible_duplicated_tx refused the last Pay; the payer may say it is a second purchase. */
  duplicate: boolean;
  duplicateState: DuplicateState;
  duplicateEarlier: EarlierPayment | null;
  secondDeclined: boolean;
}

export interface CardActions {
  setValue(field: CardField, value: string): void;
  blur(field: CardField): void;
  submit(): Promise<CardField | null>;
  confirmSecondPurchase(): Promise<CardField | null>;
  declineSecondPurchase(): void;
}

export interface CardSendOptions {
  tryAgain: boolean;
}

export type CardStore = ReturnType<typeof createCardStore>;

export interface CardStoreDeps {
  now: () => Date;
  acceptedBrands: readonly CardBrand[];
  supportEmail?: string | undefined;
  checkPhone: (phone: string) => Promise<CatalogKey | null>;
  /** A new trackId per attempt, the same one again after a lost answer. */
  pay: (values: CardValues, trackId: string, options: CardSendOptions) => Promise<CardAttempt>;
  lookup: (values: CardValues, trackId: string) => Promise<CardAttempt | null>;
  onDone: (attempt: Exclude<CardAttempt, { kind: 'declined' }>) => void;
  onEarlier?: ((earlier: EarlierPayment) => void) | undefined;
  newTrackId: () => string;
  initial?: Partial<CardValues> | undefined;
  followUp?: FollowUpOptions | undefined;
  flight?: FlightLog | undefined;
}

const EMPTY: CardValues = { cardnumber: '', expirationDate: '', cvc: '', name: '', email: '', phone: '' };
const NOT_TOUCHED: Record<CardField, boolean> = {
  cardnumber: false, expirationDate: false, cvc: false, name: false, email: false, phone: false,
};

export function createCardStore(deps: CardStoreDeps) {
  // Set synchronously on click, before any await, so a double click cannot start a second payment.
  let busy = false;
  let phoneChecked = false;
  const typed = new Set<CardField>();
  // An attempt whose answer was lost (dropped, timed out, a 5xx) may have charged: the next Pay asks
  // the server about it first, and sends again only with the same trackId.
  const intent = createPaymentIntent(deps.newTrackId, deps.followUp, deps.flight);

  const store = createStore<CardState & CardActions>()((set, get) => {
    const syncErrors = (values: CardValues): Partial<Record<CardField, CatalogKey>> => {
      const schema = cardFormSchema({ now: deps.now(), supportEmail: deps.supportEmail, acceptedBrands: deps.acceptedBrands });
      return fieldErrors(schema, values);
    };

    const recheck = async (values: CardValues) => {
      // Rules that failed to load are retried on submit, which reports the failure.
      const phone = await deps.checkPhone(values.phone).catch(() => undefined);
      if (phone === undefined) return;
      phoneChecked = true;
      const current = get().values;
      // A newer keystroke has its own check under way.
      if (current.phone !== values.phone) return;
      set({ errors: { ...syncErrors(current), ...(phone ? { phone } : {}) } });
    };

    const withPhone = (values: CardValues): Partial<Record<CardField, CatalogKey>> => {
      const phone = get().errors.phone;
      return { ...syncErrors(values), ...(phoneChecked && phone && get().values.phone === values.phone ? { phone } : {}) };
    };

    return {
      values: { ...EMPTY, ...deps.initial },
      touched: { ...NOT_TOUCHED },
      errors: {},
      submitted: false,
      phase: 'editing',
      alert: null,
      alertField: null,
      duplicate: false,
      duplicateState: 'charged',
      duplicateEarlier: null,
      secondDeclined: false,

      setValue(field, raw) {
        const before = get().values;
        let value = raw;
        if (field === 'cardnumber') value = cleanCardNumber(raw);
        if (field === 'expirationDate') value = formatExpiry(raw, before.expirationDate);
        if (field === 'cvc') value = cleanCvc(raw, before.cardnumber);
        if (field === 'name' || field === 'email' || field === 'phone') value = raw.slice(0, 254);
        typed.add(field);
        const values = { ...before, [field]: value };
        if (field === 'cardnumber') values.cvc = cleanCvc(values.cvc, value);
        // Another card or amount is another payment: the duplicate question no longer applies.
        set({ values, errors: withPhone(values), ...(get().duplicate && field === 'cardnumber' ? { duplicate: false, alert: null } : {}) });
        // Checked as typed, so Pay finds the answer ready.
        if (field === 'phone') void recheck(values);
      },

      blur(field) {
        const { values, touched } = get();
        // Leaving a field the payer never typed into, and that holds nothing, is not an attempt:
        // "required" waits for Pay (issue 96).
        if (!typed.has(field) && values[field] === '') return;
        set({ touched: { ...touched, [field]: true }, errors: withPhone(values) });
        if (field === 'phone') void recheck(values);
      },

      submit() {
        return send({ tryAgain: false });
      },

      confirmSecondPurchase() {
        if (!get().duplicate) return Promise.resolve(null);
        return send({ tryAgain: true });
      },
      declineSecondPurchase() {
        const { duplicate, duplicateEarlier: earlier } = get();
        if (!duplicate) return;
        // Where the earlier payment is known the payer goes on with it; else a note says it stands.
        if (earlier && deps.onEarlier) {
          set({ alert: null, alertField: null, duplicate: false });
          deps.onEarlier(earlier);
          return;
        }
        set({ alert: null, alertField: null, duplicate: false, secondDeclined: true });
      },
    };

    async function send(options: CardSendOptions): Promise<CardField | null> {
        if (busy || get().phase !== 'editing') return null;
        busy = true;
        try {
          const values = get().values;
          const submitted = { submitted: true, alert: null, alertField: null, duplicate: false, secondDeclined: false } as const;
          let phone: CatalogKey | null;
          try {
            phone = await deps.checkPhone(values.phone);
          } catch (error) {
            set({ ...submitted, alert: payerMessage(error) });
            return null;
          }
          phoneChecked = true;
          const errors = { ...syncErrors(values), ...(phone ? { phone } : {}) };
          const firstInvalid = CARD_FIELDS.find((f) => errors[f] !== undefined);
          // One change of state, so the form is drawn once before the payment's request leaves.
          if (firstInvalid) {
            set({ ...submitted, errors });
            return firstInvalid;
          }
          // The form shows it is paying from the next task, so the request leaves first (8 ms on a
          // phone's CPU). `busy` already keeps a second click out.
          const paying = { ...submitted, errors, phase: 'paying' } as const;
          let shown = false;
          const showPaying = setTimeout(() => {
            shown = true;
            set(paying);
          }, 0);
          const shownPaying = () => {
            clearTimeout(showPaying);
            if (!shown) set(paying);
          };
          let attempt: CardAttempt;
          try {
            attempt = await intent.run<CardAttempt, CardAttempt>({
              lookup: (trackId) => deps.lookup(values, trackId),
              send: (trackId) => deps.pay(values, trackId, options),
              resume: (found) => found,
            });
          } catch (error) {
            shownPaying();
            // Stopped before sending (a custom field left empty, the captcha): nothing to retype.
            if (isPasarelaError(error) && error.category === 'validation') {
              set({ phase: 'editing', alert: payerMessage(error) });
              return null;
            }
            if (intent.outcomeUnknown()) {
              // Nothing to retype; the next Pay looks it up first.
              set({ phase: 'editing', alert: lostAnswerMessage(error) });
              return null;
            }
            if (isPasarelaError(error) && error.code === 'possible_duplicated_tx') {
              // Worded by what the earlier payment is (charged, or may still charge), never by the rule's name.
              const state = duplicateStateOfAnswer(error.fields);
              set({ phase: 'editing', alert: { key: 'possible_duplicated_tx' }, duplicate: true, duplicateState: state, duplicateEarlier: earlierPaymentOf(error.fields) });
              return null;
            }
            attempt = { kind: 'declined', message: payerMessage(error) };
          }
          shownPaying();
          if (attempt.kind === 'declined') {
            // The payer retries with the same details; only the CVC is typed again.
            set({
              phase: 'editing',
              alert: attempt.message,
              alertField: attempt.field ?? null,
              values: { ...get().values, cvc: '' },
              touched: { ...get().touched, cvc: false },
              submitted: false,
            });
            return null;
          }
          set({ phase: 'done' });
          deps.onDone(attempt);
          return null;
        } finally {
          busy = false;
        }
    }
  });
  return store;
}

export function visibleErrors(state: CardState): Partial<Record<CardField, CatalogKey>> {
  const shown: Partial<Record<CardField, CatalogKey>> = {};
  for (const field of CARD_FIELDS) {
    const key = state.errors[field];
    if (key && (state.submitted || state.touched[field])) shown[field] = key;
  }
  return shown;
}
