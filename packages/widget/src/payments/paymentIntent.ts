import { SPECIFIC_ERROR_CODES, isOutcomeUnknown, isPasarelaError } from '@pasarela/core';

/** How one try reaches the server: find the kept attempt, send one, or pick up the one found. */
export interface TrySteps<F, T> {
  /** What the server recorded under `trackId`, or null when it has nothing. */
  lookup(trackId: string): Promise<F | null>;
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
 * the trackId is kept, and the payer's next try first asks the server what became of it: found, its
 * outcome is shown; not found, the same trackId is sent again, so the server records one payment
 * however many answers are lost. A send refused as track_id_reused (the details changed and the
 * first attempt landed meanwhile) is looked up again.
 */
export function createPaymentIntent(newTrackId: () => string): PaymentIntent {
  let trackId: string | null = null;
  let unknown = false;

  async function run<F, T>(steps: TrySteps<F, T>): Promise<T> {
    const wasUnknown = unknown && trackId !== null;
    const id = wasUnknown && trackId !== null ? trackId : newTrackId();
    trackId = id;
    // Until an answer says otherwise, the server may have this attempt.
    unknown = true;
    if (wasUnknown) {
      const found = await steps.lookup(id);
      if (found !== null) return settled(await steps.resume(found));
    }
    let result: T;
    try {
      result = await steps.send(id);
    } catch (error) {
      if (isTrackIdReused(error)) {
        const found = await steps.lookup(id);
        if (found !== null) return settled(await steps.resume(found));
      }
      unknown = isBeforeSending(error) ? wasUnknown : isOutcomeUnknown(error);
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
  };
}
