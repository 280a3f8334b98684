import type { CatalogKey } from '@pasarela/core';
import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import { cardFormSchema, duplicateStateOfAnswer, fieldErrors, isPasarelaError, payerMessage, type CardBrand, type DeclineField, type DuplicateState, type PayerMessage, type VaultCard } from '@pasarela/core';
import { createPaymentIntent, lostAnswerMessage, type FlightLog, type FollowUpOptions } from '../../payments/paymentIntent';
import { earlierPaymentOf, type EarlierPayment } from './earlierPayment';
import type { CardFields, FrameCardField, Tokenized } from '../../payments/vaultFrame';
import { isPaidElsewhere, paidByOf, type PaidBy } from '../../payments/paidElsewhere';

/** The form's own fields; the card's number, expiry and CVC are the card vault's (vaultFrame.ts). */
export const PAYER_FIELDS = ['name', 'email', 'phone'] as const;
export type PayerField = (typeof PAYER_FIELDS)[number];
/** Every field in the form's order: the first one to fix takes the focus. */
export const CARD_FIELDS = ['cardnumber', 'expirationDate', 'cvc', ...PAYER_FIELDS] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<PayerField, string>;

export type CardAttempt =
  | { kind: 'receipt'; codOper: string }
  | { kind: 'redirect'; url: string; codOper: string }
  | { kind: 'declined'; message: PayerMessage; field?: DeclineField | undefined }
  /** Refused for good (an expired link): `to`, the page that says so. */
  | { kind: 'ended'; to: string };

export type CardPhase = 'editing' | 'paying' | 'done';

export interface CardState {
  values: CardValues;
  /** The brand the card number shows so far (the vault's fields say it as the payer types). */
  brand: CardBrand | null;
  touched: Record<PayerField, boolean>;
  errors: Partial<Record<PayerField, CatalogKey>>;
  submitted: boolean;
  phase: CardPhase;
  alert: PayerMessage | null;
  alertField: DeclineField | null;
  /** SPEC 8 possible_duplicated_tx refused the last Pay; the payer may say it is a second purchase. */
  duplicate: boolean;
  duplicateState: DuplicateState;
  duplicateEarlier: EarlierPayment | null;
  secondDeclined: boolean;
  /** A decline emptied the CVC (the vault dropped it with the outcome): the field to type again. */
  cvcCleared: boolean;
  /** Pay was refused because another payment paid the order meanwhile: that one, when the server named it. */
  paidElsewhere: { paidBy: PaidBy | null } | null;
}

export interface CardActions {
  setValue(field: PayerField, value: string): void;
  blur(field: PayerField): void;
  /** The payer typed in one of the vault's fields; `complete`: every card field now passes the frame's checks. */
  cardChanged(field: FrameCardField, brand: CardBrand | null, complete?: boolean): void;
  /** The first field to fix, if any (the caller focuses it). */
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
  supportEmail?: string | undefined;
  checkPhone: (phone: string) => Promise<CatalogKey | null>;
  /** The checkout's extras on the card (a donation) that are wrong, checked with the form and said at their fields. */
  extrasToFix?: (() => { focus(): void } | null) | undefined;
  /** The vault's card fields: a card comes out of them only as a token. */
  fields: CardFields;
  /** A new trackId per attempt, the same one again after a lost answer. */
  pay: (values: CardValues, card: VaultCard, trackId: string, options: CardSendOptions) => Promise<CardAttempt>;
  lookup: (values: CardValues, card: VaultCard, trackId: string) => Promise<CardAttempt | null>;
  onDone: (attempt: Exclude<CardAttempt, { kind: 'declined' }>) => void;
  onEarlier?: ((earlier: EarlierPayment) => void) | undefined;
  newTrackId: () => string;
  initial?: Partial<CardValues> | undefined;
  followUp?: FollowUpOptions | undefined;
  flight?: FlightLog | undefined;
}

const EMPTY: CardValues = { name: '', email: '', phone: '' };
/** Well within the vault's time for a CVC (VAULT_CVC_TTL_SECONDS, 10 minutes by default): older, the card is tokenized again. */
const TOKEN_REUSE_MS = 5 * 60_000;
const NOT_TOUCHED: Record<PayerField, boolean> = { name: false, email: false, phone: false };

/** A card the vault tokenized, and when it was asked for. */
interface TokenizedCard {
  card: VaultCard;
  at: number;
}

export function createCardStore(deps: CardStoreDeps) {
  // Set synchronously on click, before any await, so a double click cannot start a second payment.
  let busy = false;
  let phoneChecked = false;
  const typed = new Set<PayerField>();
  // The card the last Pay tokenized, kept while the payer changes nothing in the vault's fields: the
  // duplicate question's "yes" and a lost answer's retry send the same token (the vault keeps its CVC
  // until the authorization's outcome). Any change, or a decline, asks the vault again.
  let tokenized: TokenizedCard | null = null;
  const fresh = () => (tokenized && deps.now().getTime() - tokenized.at < TOKEN_REUSE_MS ? tokenized : null);
  // The card asked for quietly once its fields are complete and the name on it is given (typed after
  // the card: asked when the payer leaves the name), so Pay finds its token made and sends the payment
  // at once: one round trip to the vault fewer after Pay, 150 ms or more on a phone's network. Pay
  // uses it if the card and the name are unchanged since; else it asks again.
  let cardComplete = false;
  let early: { holder: string; at: number; answer: Promise<Tokenized> } | null = null;
  /** The card asked for early for this holder, dated when it was asked (the vault's CVC time runs from then); taken once. */
  const earlyFor = async (holder: string): Promise<TokenizedCard | null> => {
    const asked = early;
    early = null;
    if (!asked || asked.holder !== holder || deps.now().getTime() - asked.at >= TOKEN_REUSE_MS) return null;
    const answer = await asked.answer;
    return answer.kind === 'token' ? { card: answer.card, at: asked.at } : null;
  };
  // An attempt whose answer was lost (dropped, timed out, a 5xx) may have charged: the next Pay asks
  // the server about it first, and sends again only with the same trackId.
  const intent = createPaymentIntent(deps.newTrackId, deps.followUp, deps.flight);

  const store = createStore<CardState & CardActions>()((set, get) => {
    // The form's own fields by core's card form rules (the card's are the vault's).
    const syncErrors = (values: CardValues): Partial<Record<PayerField, CatalogKey>> =>
      fieldErrors(v.pick(cardFormSchema({ now: deps.now(), supportEmail: deps.supportEmail }).pipe[0], ['email', 'name']), values);

    const recheck = async (values: CardValues) => {
      // Rules that failed to load are retried on submit, which reports the failure.
      const phone = await deps.checkPhone(values.phone).catch(() => undefined);
      const current = get().values;
      // A newer keystroke has its own check under way.
      if (current.phone !== values.phone) return;
      if (phone === undefined) {
        // Unchecked, the error kept while typing is not said any longer.
        if (get().errors.phone) set({ errors: syncErrors(current) });
        return;
      }
      phoneChecked = true;
      set({ errors: { ...syncErrors(current), ...(phone ? { phone } : {}) } });
    };

    const askEarly = () => {
      const { values, phase } = get();
      const holder = values.name.trim();
      if (!cardComplete || busy || phase !== 'editing' || syncErrors(values).name || early?.holder === holder) return;
      early = { holder, at: deps.now().getTime(), answer: deps.fields.tokenize(holder, { focus: false, quiet: true }) };
    };

    /**
     * The form's errors for these values, the phone's as last checked: kept for the same number, and
     * (`typing`) kept while a new number is checked, which the check then keeps or drops. Its live
     * region emptied and filled again on every keystroke would be read out on every keystroke.
     */
    const withPhone = (values: CardValues, typing = false): Partial<Record<PayerField, CatalogKey>> => {
      const phone = get().errors.phone;
      return { ...syncErrors(values), ...(phoneChecked && phone && (typing || get().values.phone === values.phone) ? { phone } : {}) };
    };

    return {
      values: { ...EMPTY, ...deps.initial },
      brand: null,
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
      cvcCleared: false,
      paidElsewhere: null,

      setValue(field, raw) {
        const value = raw.slice(0, 254);
        typed.add(field);
        const values = { ...get().values, [field]: value };
        set({ values, errors: withPhone(values, field === 'phone') });
        // Checked as typed, so Pay finds the answer ready.
        if (field === 'phone') void recheck(values);
      },

      cardChanged(field, brand, complete = false) {
        tokenized = null;
        early = null;
        cardComplete = complete;
        askEarly();
        // Another card is another payment: the duplicate question no longer applies.
        const drop = get().duplicate && field === 'cardnumber' ? { duplicate: false, alert: null } : {};
        set({ ...(brand !== get().brand ? { brand } : {}), ...drop, ...(field === 'cvc' && get().cvcCleared ? { cvcCleared: false } : {}) });
      },

      blur(field) {
        const { values, touched } = get();
        // Leaving a field the payer never typed into, and that holds nothing, is not an attempt:
        // "required" waits for Pay (issue 96).
        if (!typed.has(field) && values[field] === '') return;
        set({ touched: { ...touched, [field]: true }, errors: withPhone(values) });
        if (field === 'name') askEarly();
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
          const firstOwn = PAYER_FIELDS.find((f) => errors[f] !== undefined);
          const extras = deps.extrasToFix?.() ?? null;
          const toFix = firstOwn !== undefined || extras !== null;
          // The vault's fields are checked (and say so) with the form's; a card goes to the vault only
          // when the whole form is right.
          const kept = fresh() ?? (toFix ? null : await earlyFor(values.name.trim()));
          const card = toFix ? await deps.fields.tokenize(values.name.trim(), { focus: false, validate: true }) : kept ? ({ kind: 'token', card: kept.card } as const) : await deps.fields.tokenize(values.name.trim(), { focus: false });
          if (card.kind === 'failed') {
            set({ ...submitted, errors, alert: { key: card.alert ?? 'connection_error' } });
            return null;
          }
          const firstInvalid = card.kind === 'invalid' ? (card.fields[0] ?? firstOwn ?? null) : (firstOwn ?? null);
          // One change of state, so the form is drawn once before the payment's request leaves.
          if (firstInvalid || card.kind !== 'token') {
            set({ ...submitted, errors });
            // The form's own fields take the focus first; the extras when those are right.
            if (!firstInvalid && card.kind === 'invalid') extras?.focus();
            return firstInvalid;
          }
          // Kept for this payment's retry and the duplicate question's "yes", dated when the vault was asked.
          tokenized = kept ?? { card: card.card, at: deps.now().getTime() };
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
              lookup: (trackId) => deps.lookup(values, card.card, trackId),
              send: (trackId) => deps.pay(values, card.card, trackId, options),
              resume: (found) => found,
            });
          } catch (error) {
            shownPaying();
            // The vault no longer holds the card's CVC (its time ran out): typed again, as after a decline.
            const cvcGone = isPasarelaError(error) && error.code === 'invalid_cvc';
            // Stopped before sending (a custom field left empty, the captcha): nothing to retype.
            if (!cvcGone && isPasarelaError(error) && error.category === 'validation') {
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
            if (isPaidElsewhere(error)) {
              // Paid in another browser after this form showed: nothing charged here, and nothing left to pay.
              set({ phase: 'done', paidElsewhere: { paidBy: paidByOf(error) } });
              return null;
            }
            // The server's words name the vault's token, for a developer: the payer reads "try again", the CVC emptied beside it.
            attempt = cvcGone ? { kind: 'declined', message: { key: 'payment_error_try_again' }, field: 'cvc' } : { kind: 'declined', message: payerMessage(error) };
          }
          shownPaying();
          if (attempt.kind === 'declined') {
            // The payer retries with the same details; only the CVC is typed again (the vault dropped it with the outcome).
            tokenized = null;
            cardComplete = false;
            deps.fields.clear('cvc');
            set({ phase: 'editing', alert: attempt.message, alertField: attempt.field ?? null, submitted: false, cvcCleared: true });
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

export function visibleErrors(state: CardState): Partial<Record<PayerField, CatalogKey>> {
  const shown: Partial<Record<PayerField, CatalogKey>> = {};
  for (const field of PAYER_FIELDS) {
    const key = state.errors[field];
    if (key && (state.submitted || state.touched[field])) shown[field] = key;
  }
  return shown;
}
