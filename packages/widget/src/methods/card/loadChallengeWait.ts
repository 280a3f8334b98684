import { sameWave } from '../../services/sameWave';

type ChallengeChunk = typeof import('./ChallengeWait');

let loading: Promise<ChallengeChunk> | null = null;
let loaded: ChallengeChunk | null = null;

/**
 * The wait of a card payment left at its 3DS challenge (and the end of one the page already knows
 * refused), its chunk's imports fetched with it (services/sameWave); fetched once. The checkout
 * starts it with its data when its address or tab names such a payment (checkoutModule), so the
 * card's first render is that wait, or the form with the bank's reason.
 */
export function loadChallengeWait(): Promise<ChallengeChunk> {
  loading ??= sameWave(
    import('./ChallengeWait'),
    import('../../payments/WaitingPanel'),
    import('../../payments/watchPayment'),
    import('../../payments/afterReturn'),
    import('../../api/loadReceipt'),
    import('./cardDraft'),
  ).then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = null; // a later wait fetches it again
      throw error;
    },
  );
  return loading;
}

/** The wait's chunk once it is in, else null. */
export const loadedChallengeWait = (): ChallengeChunk | null => loaded;
