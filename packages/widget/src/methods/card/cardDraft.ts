import type { CardValues } from './store';

// A 3DS challenge leaves the widget; a refused one comes back to an empty form. What the payer
// typed (never the CVC) and the bank's reason are kept for this tab until the form takes them back.
const DRAFT_KEY = 'pasarela.card.draft';

export type DraftValues = Omit<CardValues, 'cvc'>;

export interface CardDraft {
  values: DraftValues;
  /** The refused attempt's messageSys and authStatus, noted by the receipt page on the way back. */
  reason: { text: string; authStatus: string } | null;
}

function read(storage: Storage | null): CardDraft | null {
  try {
    const draft = JSON.parse(storage?.getItem(DRAFT_KEY) ?? 'null') as Partial<CardDraft> | null;
    const v = draft?.values;
    if (!v) return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const values = { cardnumber: text(v.cardnumber), expirationDate: text(v.expirationDate), name: text(v.name), email: text(v.email), phone: text(v.phone) };
    const reason = draft.reason;
    return { values, reason: reason ? { text: text(reason.text), authStatus: text(reason.authStatus) } : null };
  } catch {
    return null;
  }
}

function write(storage: Storage | null, draft: CardDraft): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // No storage: the form comes back empty, as before.
  }
}

/** Keeps the form's values, without the CVC, before leaving for the challenge. */
export function saveCardDraft(storage: Storage | null, values: CardValues): void {
  const { cvc: _cvc, ...kept } = values;
  write(storage, { values: kept, reason: null });
}

/** Notes why the challenge's attempt was refused, for the form to show. */
export function noteDraftReason(storage: Storage | null, text: string, authStatus: string): void {
  const draft = read(storage);
  if (draft) write(storage, { ...draft, reason: { text, authStatus } });
}

/** Reads and forgets the draft. */
export function takeCardDraft(storage: Storage | null): CardDraft | null {
  const draft = read(storage);
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
  return draft;
}
