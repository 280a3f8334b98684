type ChallengeWaitView = typeof import('./ChallengeWait').ChallengeWait;

let loading: Promise<ChallengeWaitView> | null = null;
let loaded: ChallengeWaitView | null = null;

/** The checkout starts it with its data, so the card's first render is that wait. */
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

export const loadedChallengeWait = (): ChallengeWaitView | null => loaded;
