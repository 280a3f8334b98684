// A 3DS challenge leaves the widget for the bank's (the sandbox's) page and comes back to a new
// page load. What the result message needs from before the redirect waits in sessionStorage,
// which stays with this tab (and this iframe) only.

const KEY = 'pasarela.card.3ds';

export interface PendingChallenge {
  /** The form's address, to return to after a failed challenge. */
  formPath: string;
  email: string;
  returnUrl: string;
}

export function saveChallenge(storage: Storage | null, pending: PendingChallenge): void {
  try {
    storage?.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Without storage the receipt still shows; only the parent's result message is lost.
  }
}

/** Reads and forgets the pending challenge, so one challenge reports one result. */
export function takeChallenge(storage: Storage | null): PendingChallenge | null {
  try {
    const raw = storage?.getItem(KEY);
    storage?.removeItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingChallenge>;
    if (typeof value.formPath !== 'string' || !value.formPath.startsWith('/')) return null;
    return {
      formPath: value.formPath,
      email: typeof value.email === 'string' ? value.email : '',
      returnUrl: typeof value.returnUrl === 'string' ? value.returnUrl : '',
    };
  } catch {
    return null;
  }
}
