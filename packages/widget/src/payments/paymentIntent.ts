import { PasarelaError, SPECIFIC_ERROR_CODES, isOutcomeUnknown, isPasarelaError, type PayerMessage } from '@pasarela/core';

/**
 * How long the checkout keeps asking about an attempt whose answer was lost before it offers a
 * retry: a look at once, then after growing pauses (about 15 s in all).
 */
export const FOLLOW_UP_DELAYS_MS: readonly number[] = [0, 1000, 2000, 4000, 8000];

/** Looks the server answered "none" in a row that say the request never arrived. */
const ABSENT_LOOKS = 2;

export interface FollowUpOptions {
  /** The pause before each look at the attempt. */
  delaysMs?: readonly number[] | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * One look that may be lost (a status call), tried again after each pause of `followUp` while the
 * answer is lost; any other error, or the last lost one, is thrown.
 */
export async function lookWithBackoff<T>(look: () => Promise<T>, followUp: FollowUpOptions = {}): Promise<T> {
  const delays = followUp.delaysMs ?? FOLLOW_UP_DELAYS_MS;
  const sleep = followUp.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lost: unknown = null;
  for (const delay of delays) {
    if (delay > 0) await sleep(delay);
    try {
      return await look();
    } catch (error) {
      if (!isOutcomeUnknown(error)) throw error;
      lost = error;
    }
  }
  throw lost ?? new PasarelaError({ code: 'connection_error', category: 'network' });
}

/** The key of the error a try ends with when the server never received the attempt. */
const NOT_RECEIVED = 'payment_not_received';

/**
 * What the payer reads after a try whose answer was lost and could not be settled by looking: the
 * request never arrived (nothing charged), or the server could not be asked (unknown).
 */
export function lostAnswerMessage(error: unknown): PayerMessage {
  return { key: isPasarelaError(error) && error.code === NOT_RECEIVED ? NOT_RECEIVED : 'payment_outcome_unknown' };
}

/** How one try reaches the server: find the kept attempt, send one, or pick up the one found. */
export interface TrySteps<F, T> {
  /**
   * What the server recorded under `trackId`, or null when it has nothing. Without it, a lost
   * answer is not followed up: the next try sends the same trackId, which the server answers with
   * the first outcome.
   */
  lookup?: ((trackId: string) => Promise<F | null>) | undefined;
  send(trackId: string): Promise<T>;
  /** The attempt the server had: its outcome, as a send would have answered it. */
  resume(found: F): T | Promise<T>;
}

export interface PaymentIntent {
  /** One try: the kept attempt is looked up first; a new trackId only when no outcome is unknown. */
  run<F, T>(steps: TrySteps<F, T>): Promise<T>;
  /** Whether the server may hold an attempt whose outcome the payer has not seen. */
  outcomeUnknown(): boolean;
  /** The answer about the current attempt was lost after it was sent (a failed last look). */
  markUnknown(): void;
  /** A known end (declined, refused, timed out, another method chosen): the next try is a new attempt. */
  forget(): void;
  /** The trackId whose outcome is unknown, to keep across a reload; null when none. */
  unknownTrackId(): string | null;
  /** After a reload: the kept trackId's outcome is unknown, so the next try looks it up first. */
  restore(trackId: string): void;
  /**
   * The kept attempt, asked about with backoff and never sent: what it came to, or the error a try
   * would end with (payment_not_received, or the server out of reach).
   */
  settleKept<F, T>(steps: Required<Pick<TrySteps<F, T>, 'lookup' | 'resume'>>): Promise<T>;
}

function isTrackIdReused(error: unknown): boolean {
  return isPasarelaError(error) && error.code === SPECIFIC_ERROR_CODES.trackIdReused;
}

/** Raised before anything left (a custom field, the captcha): it says nothing about the attempt. */
function isBeforeSending(error: unknown): boolean {
  return isPasarelaError(error) && (error.category === 'validation' || error.category === 'cancel');
}

/**
 * One attempt per payment intent. After an error whose outcome is unknown (core isOutcomeUnknown)
 * the checkout asks the server about the attempt by its trackId at once and then with backoff
 * (FOLLOW_UP_DELAYS_MS), and the try ends on what happened: the attempt found (its outcome, as the
 * answer would have given it), or `payment_not_received` when the server twice says it has none.
 * When the server cannot be asked, the trackId is kept, and the payer's next try asks first: found,
 * its outcome is shown; not found, the same trackId is sent again, so the server records one
 * payment however many answers are lost. A send refused as track_id_reused (the details changed and
 * the first attempt landed meanwhile) is looked up again.
 */
export function createPaymentIntent(newTrackId: () => string, followUp: FollowUpOptions = {}): PaymentIntent {
  let trackId: string | null = null;
  let unknown = false;
  const delays = followUp.delaysMs ?? FOLLOW_UP_DELAYS_MS;
  const sleep = followUp.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Asks about the attempt `id` until it is found or known absent; rethrows `lost` when the server cannot tell. */
  async function settleLost<F, T>(id: string, steps: TrySteps<F, T>, lost: unknown): Promise<T> {
    const lookup = steps.lookup;
    if (!lookup) throw lost;
    let absent = 0;
    for (const delay of delays) {
      if (delay > 0) await sleep(delay);
      let found: F | null;
      try {
        found = await lookup(id);
      } catch {
        absent = 0;
        continue;
      }
      if (found !== null) return settled(await steps.resume(found));
      absent += 1;
      // Twice "none", a pause apart: the request never arrived, so nothing was charged. The trackId
      // stays the attempt's: sending it again can still record one payment only.
      if (absent >= ABSENT_LOOKS) throw new PasarelaError({ code: NOT_RECEIVED, category: 'network' });
    }
    throw lost;
  }

  async function run<F, T>(steps: TrySteps<F, T>): Promise<T> {
    const wasUnknown = unknown && trackId !== null;
    const id = wasUnknown && trackId !== null ? trackId : newTrackId();
    trackId = id;
    // Until an answer says otherwise, the server may have this attempt.
    unknown = true;
    if (wasUnknown && steps.lookup) {
      const found = await steps.lookup(id);
      if (found !== null) return settled(await steps.resume(found));
    }
    let result: T;
    try {
      result = await steps.send(id);
    } catch (error) {
      if (isTrackIdReused(error) && steps.lookup) {
        const found = await steps.lookup(id);
        if (found !== null) return settled(await steps.resume(found));
      }
      unknown = isBeforeSending(error) ? wasUnknown : isOutcomeUnknown(error);
      if (unknown && !isBeforeSending(error)) return settleLost(id, steps, error);
      throw error;
    }
    return settled(result);
  }

  function settled<T>(result: T): T {
    unknown = false;
    return result;
  }

  return {
    run,
    outcomeUnknown: () => unknown && trackId !== null,
    markUnknown: () => {
      if (trackId !== null) unknown = true;
    },
    forget: () => {
      trackId = null;
      unknown = false;
    },
    unknownTrackId: () => (unknown ? trackId : null),
    restore: (kept) => {
      trackId = kept;
      unknown = true;
    },
    settleKept: async (steps) => {
      const kept = unknown ? trackId : null;
      if (kept === null) throw new PasarelaError({ code: NOT_RECEIVED, category: 'network' });
      return settleLost(kept, { ...steps, send: () => Promise.reject(new Error('never sent')) }, new PasarelaError({ code: 'connection_error', category: 'network' }));
    },
  };
}
