// What the card form typed before a 3DS challenge (never the CVC) and, after a refusal, the bank's
// reason: kept in session storage for this tab until the form takes them back. Here because the
// receipt page, where a challenge returns, notes the reason or forgets the draft; the values are
// the card form's to read (methods/card/cardDraft.ts).
const DRAFT_KEY = 'pasarela.card.draft';

export interface DraftReason {
  text: string;
  authStatus: string;
}

export interface ChallengeDraft {
  values: unknown;
  /** The refused attempt's messageSys and authStatus, noted by the receipt page on the way back. */
  reason: DraftReason | null;
}

export function readChallengeDraft(storage: Storage | null): ChallengeDraft | null {
  try {
    const draft: unknown = JSON.parse(storage?.getItem(DRAFT_KEY) ?? 'null');
    return typeof draft === 'object' && draft !== null && 'values' in draft ? (draft as ChallengeDraft) : null;
  } catch {
    return null;
  }
}

export function writeChallengeDraft(storage: Storage | null, draft: ChallengeDraft): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // No storage: the form comes back empty.
  }
}

export function forgetChallengeDraft(storage: Storage | null): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Notes why the challenge's attempt was refused, for the form to show. */
export function noteDraftReason(storage: Storage | null, text: string, authStatus: string): void {
  const draft = readChallengeDraft(storage);
  if (draft) writeChallengeDraft(storage, { ...draft, reason: { text, authStatus } });
}
