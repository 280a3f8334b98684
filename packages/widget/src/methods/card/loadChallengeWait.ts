type ChallengeWaitView = typeof import('./ChallengeWait').ChallengeWait;

let loading: Promise<ChallengeWaitView> | null = null;
let loaded: ChallengeWaitView | null = null;

/**
 * The wait of a card payment left at its 3DS challenge; fetched once. The checkout starts it with its data when its address or tab
 * names such a payment (checkoutModule), so the card's first render is that wait.
 */
export function loadChallengeWait(): Promise<ChallengeWaitView> {
  loading ??= import('./ChallengeWait').then(
    (m) => (loaded = m.ChallengeWait),
    (error: unknown) => {
      loading = null; // a later wait fetches it again
      throw error;
    },
  );
  return loading;
}

/** The wait's chunk once it is in, else null. */
export const loadedChallengeWait = (): ChallengeWaitView | null => loaded;
