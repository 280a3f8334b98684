import type { CatalogKey } from '@pasarela/core';
import { createStore } from 'zustand/vanilla';
import { cardFormSchema, duplicateStateOfAnswer, fieldErrors, isPasarelaError, payerMessage, type CardBrand, type DeclineField, type DuplicateState, type PayerMessage } from '@pasarela/core';
import { createPaymentIntent, lostAnswerMessage, type FollowUpOptions } from '../../payments/paymentIntent';
import { cleanCardNumber, cleanCvc, formatExpiry } from '../../payments/cardFormat';
import { earlierPaymentOf, type EarlierPayment } from './earlierPayment';

/** SPEC 3 "Form values" the card form shows, in the order the fields appear. */
export const CARD_FIELDS = ['cardnumber', 'expirationDate', 'cvc', 'name', 'email', 'phone'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;

/** What one payment attempt came to, as the form needs to know it. */
export type CardAttempt =
  | { kind: 'receipt'; codOper: string }
  | { kind: 'redirect'; url: string; codOper: string }
  | { kind: 'declined'; message: PayerMessage; field?: DeclineField | undefined };

export type CardPhase = 'editing' | 'paying' | 'done';

export interface CardState {
  values: CardValues;
  touched: Record<CardField, boolean>;
  /** Message key per field; shown once the field was left or the form submitted. */
  errors: Partial<Record<CardField, CatalogKey>>;
  submitted: boolean;
  phase: CardPhase;
  /** Why the last attempt failed (server text or catalogue key), shown above the form. */
  alert: PayerMessage | null;
  /** A bank's decline is shown beside the field that can fix it (core declineFieldOf); null: above the form. */
  alertField: DeclineField | null;
  /**
   * SPEC 8 possible_duplicated_tx refused the last Pay: the same card and amount were paid to this
   * merchant minutes ago. The payer may say it is a second purchase (confirmSecondPurchase).
   */
  duplicate: boolean;
  /** What that earlier payment is: charged, or waiting (it may still charge); the question is worded by it. */
  duplicateState: DuplicateState;
  /** That earlier payment, where 'No, go back to that payment' leads (null: the answer named none). */
  duplicateEarlier: EarlierPayment | null;
  /** The payer said the duplicate was not a second purchase: nothing was sent (a note says so). */
  secondDeclined: boolean;
}

export interface CardActions {
  setValue(field: CardField, value: string): void;
  blur(field: CardField): void;
  /** Validates, then pays once. Resolves with the first invalid field to focus, or null. */
  submit(): Promise<CardField | null>;
  /** After a possible duplicate: the payer means a second purchase, so Pay is sent again with SPEC 3's tryAgain. */
  confirmSecondPurchase(): Promise<CardField | null>;
  /** After a possible duplicate: not a second purchase, so nothing is sent and the payer goes back to the earlier payment (onEarlier). */
  declineSecondPurchase(): void;
}

/** How one payment is sent: `tryAgain` is SPEC 3's flag for a second purchase the payer confirmed. */
export interface CardSendOptions {
  tryAgain: boolean;
}

export type CardStore = ReturnType<typeof createCardStore>;

export interface CardStoreDeps {
  now: () => Date;
  acceptedBrands: readonly CardBrand[];
  supportEmail?: string | undefined;
  /** SPEC 5 invalid_phone_number; the phone rules load lazily, so this is async. */
  checkPhone: (phone: string) => Promise<CatalogKey | null>;
  /** Sends one payment with `trackId`: a new one per attempt, the same one again after a lost answer. */
  pay: (values: CardValues, trackId: string, options: CardSendOptions) => Promise<CardAttempt>;
  /** What became of the attempt sent with `trackId` (null: the server has none). */
  lookup: (values: CardValues, trackId: string) => Promise<CardAttempt | null>;
  /** Called once the attempt ended, so the shell can move on (receipt, 3DS page). */
  onDone: (attempt: Exclude<CardAttempt, { kind: 'declined' }>) => void;
  /** Takes the payer back to the earlier payment a duplicate answer named: its receipt, or its wait. */
  onEarlier?: ((earlier: EarlierPayment) => void) | undefined;
  newTrackId: () => string;
  initial?: Partial<CardValues> | undefined;
  /** The pauses between looks at an attempt whose answer was lost (payments/paymentIntent). */
  followUp?: FollowUpOptions | undefined;
}

const EMPTY: CardValues = { cardnumber: '', expirationDate: '', cvc: '', name: '', email: '', phone: '' };
const NOT_TOUCHED: Record<CardField, boolean> = {
  cardnumber: false, expirationDate: false, cvc: false, name: false, email: false, phone: false,
};

/** The form store: values, SPEC 5 validation through core, and one payment per click. */
export function createCardStore(deps: CardStoreDeps) {
  // Set synchronously on click, before any await, so a double click cannot start a second payment.
  let busy = false;
  let phoneChecked = false;
  // An attempt whose answer was lost (dropped, timed out, a 5xx) may have charged: the next Pay asks
  // the server about it first, and sends again only with the same trackId.
  const intent = createPaymentIntent(deps.newTrackId, deps.followUp);

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
        const values = { ...before, [field]: value };
        if (field === 'cardnumber') values.cvc = cleanCvc(values.cvc, value);
        // Another card or amount is another payment: the duplicate question no longer applies.
        set({ values, errors: withPhone(values), ...(get().duplicate && field === 'cardnumber' ? { duplicate: false, alert: null } : {}) });
        // Checked as it is typed (once its rules are in), so Pay finds the number's answer ready.
        if (field === 'phone') void recheck(values);
      },

      blur(field) {
        const { values, touched } = get();
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
          // The form shows it is paying from the next task: the payment's request leaves first
          // (drawn at once, the disabled form went before it: 8 ms on a phone's CPU). `busy` already
          // keeps a second click out.
          // An attempt over before then (stopped before sending) still passes through it.
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
              // Asked about and still not settled (never arrived, or the server out of reach):
              // nothing to retype, and the next Pay looks it up first.
              set({ phase: 'editing', alert: lostAnswerMessage(error) });
              return null;
            }
            if (isPasarelaError(error) && error.code === 'possible_duplicated_tx') {
              // Nothing was charged and nothing is to be retyped: the payer says whether it is a second purchase.
              // Worded by what the earlier payment is (charged, or waiting and may still charge), never by the rule's name.
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

/** Which field errors the form shows: those of fields left, or all once submitted. */
export function visibleErrors(state: CardState): Partial<Record<CardField, CatalogKey>> {
  const shown: Partial<Record<CardField, CatalogKey>> = {};
  for (const field of CARD_FIELDS) {
    const key = state.errors[field];
    if (key && (state.submitted || state.touched[field])) shown[field] = key;
  }
  return shown;
}
