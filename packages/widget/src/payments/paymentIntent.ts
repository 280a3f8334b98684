import { PasarelaError, SPECIFIC_ERROR_CODES, isOutcomeUnknown, isPasarelaError, type PayerMessage } from '@pasarela/core';

/** About 15 s in all before a retry is offered. */
export const FOLLOW_UP_DELAYS_MS: readonly number[] = [0, 1000, 2000, 4000, 8000];

const ABSENT_LOOKS = 2;

export interface FollowUpOptions {
  delaysMs?: readonly number[] | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

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

const NOT_RECEIVED = 'payment_not_received';

export function lostAnswerMessage(error: unknown): PayerMessage {
  return { key: isPasarelaError(error) && error.code === NOT_RECEIVED ? NOT_RECEIVED : 'payment_outcome_unknown' };
}

export interface TrySteps<F, T> {
  /** Without it, the next try sends the same trackId, which the server answers with the first outcome. */
  lookup?: ((trackId: string) => Promise<F | null>) | undefined;
  send(trackId: string): Promise<T>;
  resume(found: F): T | Promise<T>;
}

export interface PaymentIntent {
  run<F, T>(steps: TrySteps<F, T>): Promise<T>;
  outcomeUnknown(): boolean;
  markUnknown(): void;
  forget(): void;
  unknownTrackId(): string | null;
  restore(trackId: string): void;
  /** Asked about with backoff and never sent again. */
  settleKept<F, T>(steps: Required<Pick<TrySteps<F, T>, 'lookup' | 'resume'>>): Promise<T>;
}

/** Told when a payment's request leaves and when its first answer lands (embed/closeGuard keeps the shop's page told). */
export interface FlightLog {
  start(trackId: string): void;
  /** `lost`: no answer came, so the outcome is unknown. */
  land(trackId: string, lost: boolean): void;
}

function isTrackIdReused(error: unknown): boolean {
  return isPasarelaError(error) && error.code === SPECIFIC_ERROR_CODES.trackIdReused;
}

function isBeforeSending(error: unknown): boolean {
  return isPasarelaError(error) && (error.category === 'validation' || error.category === 'cancel');
}

/**
 * After an error whose outcome is unknown the checkout asks about the attempt by trackId, with backoff;
 * unreachable, the trackId is kept and sent again, so the server records one payment however many
 * answers are lost. A track_id_reused refusal (details changed, the first landed) is looked up again.
 */
export function createPaymentIntent(newTrackId: () => string, followUp: FollowUpOptions = {}, flight?: FlightLog): PaymentIntent {
  let trackId: string | null = null;
  let unknown = false;
  const delays = followUp.delaysMs ?? FOLLOW_UP_DELAYS_MS;
  const sleep = followUp.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

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
      // Twice "none", a pause apart: the request never arrived, so nothing was charged.
      if (absent >= ABSENT_LOOKS) throw new PasarelaError({ code: NOT_RECEIVED, category: 'network' });
    }
    throw lost;
  }

  async function run<F, T>(steps: TrySteps<F, T>): Promise<T> {
    const wasUnknown = unknown && trackId !== null;
    const id = wasUnknown && trackId !== null ? trackId : newTrackId();
    trackId = id;
    unknown = true;
    flight?.start(id);
    try {
      return await attempt(id, wasUnknown, steps);
    } finally {
      flight?.land(id, unknown);
    }
  }

  async function attempt<F, T>(id: string, wasUnknown: boolean, steps: TrySteps<F, T>): Promise<T> {
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
