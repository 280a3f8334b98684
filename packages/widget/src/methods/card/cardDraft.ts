import type { PaymentContext } from '../../payments/paymentContext';
import { refusalAlertOf } from '@pasarela/core';
import type { CardState, CardValues } from './store';
import { forgetChallengeDraft, readChallengeDraft, writeChallengeDraft, type DraftReason } from '../../payments/challengeDraft';

// What the payer typed in the form's own fields survives a 3DS challenge in the form's own history entry,
// which a frame denied storage keeps too and no server or bank page sees, and in session storage when
// allowed. The card's number, expiry and CVC were typed in the vault's fields: the checkout never had them.
const STATE_KEY = 'pasarelaCard';

interface EntryState {
  values: DraftValues;
  challengeUrl: string;
}

export type DraftValues = CardValues;

export interface CardDraft {
  values: DraftValues;
  reason: DraftReason | null;
}

function draftOf(value: unknown): CardDraft | null {
  const draft = typeof value === 'object' && value !== null ? (value as Partial<CardDraft>) : null;
  const v = draft?.values;
  if (!v) return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  const values = { name: text(v.name), email: text(v.email), phone: text(v.phone) };
  const reason = draft.reason;
  return { values, reason: reason ? { text: text(reason.text), authStatus: text(reason.authStatus) } : null };
}

const read = (storage: Storage | null): CardDraft | null => draftOf(readChallengeDraft(storage));

let challenged: DraftValues | null = null;

export function saveCardDraft(storage: Storage | null, values: CardValues): void {
  const kept = { name: values.name, email: values.email, phone: values.phone };
  challenged = kept;
  writeChallengeDraft(storage, { values: kept, reason: null });
}

export function keepForChallenge(payment: Pick<PaymentContext, 'memory'>, codOper: string, url: string): void {
  if (codOper !== '') payment.memory().save({ codOper, deadline: null });
  if (challenged) keepInEntry(challenged, url);
}

function entryState(): Record<string, unknown> {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** Back from the challenge, or a refused one, lands on this entry and finds them, storage or not. */
function keepInEntry(values: DraftValues, challengeUrl: string): void {
  if (typeof history === 'undefined') return;
  const entry: EntryState = { values, challengeUrl };
  history.replaceState({ ...entryState(), [STATE_KEY]: entry }, '');
  // Back on this entry the page opens at its top, where the form says why, not scrolled to Pay.
  history.scrollRestoration = 'manual';
}

export function entryDraft(): EntryState | null {
  const kept = entryState()[STATE_KEY];
  if (typeof kept !== 'object' || kept === null) return null;
  const { values, challengeUrl } = kept as Partial<EntryState>;
  const draft = draftOf({ values });
  return draft ? { values: draft.values, challengeUrl: typeof challengeUrl === 'string' ? challengeUrl : '' } : null;
}

export function forgetEntryDraft(): void {
  if (typeof history === 'undefined' || !(STATE_KEY in entryState())) return;
  const { [STATE_KEY]: _kept, ...rest } = entryState();
  history.replaceState(rest, '');
}

/** The form's state back from a refused challenge: the draft's details, and its refusal said where it belongs. */
export function formAfterDraft(draft: CardDraft, values: CardValues, linkEmail: string): Pick<CardState, 'values'> & Partial<Pick<CardState, 'alert' | 'alertField'>> {
  return {
    values: { ...values, ...draft.values, email: draft.values.email || linkEmail },
    ...(draft.reason ? refusalAlertOf(draft.reason) : {}),
  };
}

export function takeCardDraft(storage: Storage | null): CardDraft | null {
  const draft = read(storage);
  forgetChallengeDraft(storage);
  return draft;
}
