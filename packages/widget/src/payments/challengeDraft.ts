// Kept in session storage for this tab; here because the receipt page, where a challenge returns, notes the reason.
const DRAFT_KEY = 'pasarela.card.draft';

export interface DraftReason {
  text: string;
  authStatus: string;
}

export interface ChallengeDraft {
  values: unknown;
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
  }
}

export function forgetChallengeDraft(storage: Storage | null): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
  }
}

export function noteDraftReason(storage: Storage | null, text: string, authStatus: string): void {
  const draft = readChallengeDraft(storage);
  if (draft) writeChallengeDraft(storage, { ...draft, reason: { text, authStatus } });
}
