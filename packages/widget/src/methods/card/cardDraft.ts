import type { PaymentContext } from '../../payments/paymentContext';
import type { CardValues } from './store';
import { forgetChallengeDraft, readChallengeDraft, writeChallengeDraft, type DraftReason } from '../../payments/challengeDraft';

// A 3DS challenge leaves the widget; a refused one comes back to an empty form. What the payer
// typed (never the CVC) and the bank's reason are kept for this tab until the form takes them back:
// in the form's own history entry (its state, which a frame denied storage keeps too, and which no
// server, shop page or bank page sees), and in session storage when the browser allows it
// (payments/challengeDraft.ts, which the receipt page reads too).
/** The form's history entry's state: what was typed and the challenge's page, to go back to. */
const STATE_KEY = 'pasarelaCard';

interface EntryState {
  values: DraftValues;
  challengeUrl: string;
}

export type DraftValues = Omit<CardValues, 'cvc'>;

export interface CardDraft {
  values: DraftValues;
  /** The refused attempt's messageSys and authStatus, noted by the receipt page on the way back. */
  reason: DraftReason | null;
}

function draftOf(value: unknown): CardDraft | null {
  const draft = typeof value === 'object' && value !== null ? (value as Partial<CardDraft>) : null;
  const v = draft?.values;
  if (!v) return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  const values = { cardnumber: text(v.cardnumber), expirationDate: text(v.expirationDate), name: text(v.name), email: text(v.email), phone: text(v.phone) };
  const reason = draft.reason;
  return { values, reason: reason ? { text: text(reason.text), authStatus: text(reason.authStatus) } : null };
}

const read = (storage: Storage | null): CardDraft | null => draftOf(readChallengeDraft(storage));

// What was typed for the attempt that asks for a challenge, until the form leaves for it.
let challenged: DraftValues | null = null;

/** Keeps the form's values, without the CVC, before leaving for the challenge. */
export function saveCardDraft(storage: Storage | null, values: CardValues): void {
  const { cvc: _cvc, ...kept } = values;
  challenged = kept;
  writeChallengeDraft(storage, { values: kept, reason: null });
}

/**
 * As the form leaves for the challenge at `url`: the payment waits there, so the loader and this
 * page's address remember it (paymentContext), and the form's history entry keeps what was typed,
 * for Back or a refusal to land on.
 */
export function keepForChallenge(payment: Pick<PaymentContext, 'memory'>, codOper: string, url: string): void {
  if (codOper !== '') payment.memory().save({ codOper, deadline: null });
  if (challenged) keepInEntry(challenged, url);
}

function entryState(): Record<string, unknown> {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/**
 * The form's history entry keeps what was typed (never the CVC) and the challenge's address: Back
 * from the challenge, or a refused one, lands on this entry and finds them, storage or not.
 */
function keepInEntry(values: DraftValues, challengeUrl: string): void {
  if (typeof history === 'undefined') return;
  const entry: EntryState = { values, challengeUrl };
  history.replaceState({ ...entryState(), [STATE_KEY]: entry }, '');
  // Back on this entry the page opens at its top, where the form says why (not scrolled to Pay,
  // where the payer left it): the browser reads this entry's mode as it returns.
  history.scrollRestoration = 'manual';
}

/** What this history entry keeps of a form left for a challenge, if anything. */
export function entryDraft(): EntryState | null {
  const kept = entryState()[STATE_KEY];
  if (typeof kept !== 'object' || kept === null) return null;
  const { values, challengeUrl } = kept as Partial<EntryState>;
  const draft = draftOf({ values });
  return draft ? { values: draft.values, challengeUrl: typeof challengeUrl === 'string' ? challengeUrl : '' } : null;
}

/** Forgets what this history entry keeps (the payment it was for is over). */
export function forgetEntryDraft(): void {
  if (typeof history === 'undefined' || !(STATE_KEY in entryState())) return;
  const { [STATE_KEY]: _kept, ...rest } = entryState();
  history.replaceState(rest, '');
}

/** Reads and forgets the draft. */
export function takeCardDraft(storage: Storage | null): CardDraft | null {
  const draft = read(storage);
  forgetChallengeDraft(storage);
  return draft;
}
