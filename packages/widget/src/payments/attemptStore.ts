import { createStore } from 'zustand/vanilla';
import { isOutcomeUnknown, isPasarelaError, payerMessage, type PayerMessage } from '@pasarela/core';
import type { AttemptRecord } from '../api/lookupAttempt';
import { createPaymentIntent, lookWithBackoff, lostAnswerMessage, type FollowUpOptions } from './paymentIntent';
import { watchPayment, type WatchOptions } from './watchPayment';

/**
 * One payment the payer finishes somewhere else (the Nequi or Yappy app, a kiosk, a wallet): sent
 * once per click, then watched until it ends or its window closes. A click after an answer was lost
 * asks the server about the attempt already made before making another (payments/paymentIntent).
 * idle -> sending -> waiting -> approved | failed; `retry` goes back to idle.
 */
export type AttemptPhase = 'idle' | 'sending' | 'waiting' | 'approved' | 'failed';

/** What the method's status call says, in the attempt's words (from core's status tables). */
export type AttemptVerdict = 'approved' | 'declined' | 'pending';

export interface AttemptState<A> {
  phase: AttemptPhase;
  codOper: string | null;
  /** The server's deadline for this wait (ms), when the method has one. */
  deadline: number | null;
  /** The latest answer about the payment. */
  answer: A | null;
  /** Why the attempt failed, shown with a way to try again. */
  message: PayerMessage | null;
}

export interface AttemptActions {
  /** Sends the payment once, however many times it is called while one is under way. */
  start(): Promise<void>;
  /** The window closed: one last look, then the catalogue's time-out message. */
  expire(): Promise<void>;
  /**
   * Back to the start: a new attempt (a new trackId) after a known end or when the payer leaves a
   * wait; after a lost answer the next start looks the same attempt up first.
   */
  retry(): void;
  /**
   * The payer leaves a wait to pay another way: the payment is called off on the server first
   * (AttemptDeps.cancel), so it cannot also be paid later. One that was paid meanwhile shows its
   * receipt instead; when the call fails the wait goes on, with the message.
   */
  leave(): Promise<void>;
  /** Stops watching (the screen went away). */
  stop(): void;
}

export interface Sent<A> {
  codOper: string;
  deadline: number | null;
  answer: A;
}

/** What is kept across a reload, so a reload neither pays again nor loses the payment being watched. */
export interface SavedAttempt {
  /** '' for an attempt whose answer was lost (then `trackId` says which). */
  codOper: string;
  deadline: number | null;
  /** An attempt whose outcome is unknown: looked up by this trackId on the next try. */
  trackId?: string | undefined;
}

export interface AttemptDeps<A> {
  /** The one request that creates the payment; `trackId` makes a resend of the same click harmless. */
  send(trackId: string): Promise<Sent<A>>;
  /** The method's status call. */
  check(codOper: string): Promise<A>;
  /** Calls the payment off on the server, answering where it stands; without it, leaving is a retry. */
  cancel?: ((codOper: string) => Promise<A>) | undefined;
  /**
   * What the server recorded under a trackId (api/lookupAttempt), or null when nothing. Without it
   * a lost answer is followed by the same request with the same trackId, which the server answers
   * with the first outcome.
   */
  lookup?: ((trackId: string) => Promise<AttemptRecord | null>) | undefined;
  verdict(answer: A): AttemptVerdict;
  /** Called once per attempt that ends, with the last answer (null when the server refused). */
  onEnd(end: { verdict: 'approved' | 'declined' | 'timeout' | 'refused'; codOper: string; answer: A | null; message: PayerMessage | null }): void;
  /** Called when the payment exists and is waiting (a cash voucher tells the merchant page then). */
  onWaiting?(sent: Sent<A>): void;
  newTrackId(): string;
  pushUrl(codOper: string): string | null;
  /** The key of the message for a window that closed unpaid. */
  timeoutKey: PayerMessage['key'];
  /** The message for a declined payment. */
  declinedMessage(answer: A): PayerMessage;
  memory?: { load(): SavedAttempt | null; save(saved: SavedAttempt): void; clear(): void } | undefined;
  watch?: <T>(options: WatchOptions<T>) => () => void;
  /** The pauses between looks at an attempt whose answer was lost (payments/paymentIntent). */
  followUp?: FollowUpOptions | undefined;
}

/** SPEC 4 "Payment expired (code 619) resets the step and shows the payment_expired message." */
function refusalMessage(error: unknown): PayerMessage {
  if (isPasarelaError(error) && error.code === '619') return { key: 'payment_expired' };
  return payerMessage(error);
}

const OUTCOME_UNKNOWN: PayerMessage = { key: 'payment_outcome_unknown' };

function deadlineOf(expiresAt: string | null): number | null {
  const at = expiresAt ? Date.parse(expiresAt) : NaN;
  return Number.isNaN(at) ? null : at;
}

export function createAttemptStore<A>(deps: AttemptDeps<A>) {
  const watch = deps.watch ?? watchPayment;
  const intent = createPaymentIntent(deps.newTrackId, deps.followUp);
  let stopWatching: (() => void) | null = null;
  // Set synchronously on click, before any await, so a double click cannot send twice.
  let busy = false;

  const store = createStore<AttemptState<A> & AttemptActions>()(() => ({
    phase: 'idle', codOper: null, deadline: null, answer: null, message: null,
    start, expire, retry, leave, stop,
  }));
  const get = store.getState;
  const set = store.setState;

  function stop() {
    stopWatching?.();
    stopWatching = null;
  }

  function end(verdict: 'approved' | 'declined' | 'timeout' | 'refused', answer: A | null, message: PayerMessage | null) {
    stop();
    intent.forget();
    deps.memory?.clear();
    const codOper = get().codOper ?? '';
    set({ phase: verdict === 'approved' ? 'approved' : 'failed', answer, message });
    deps.onEnd({ verdict, codOper, answer, message });
  }

  function judge(answer: A): boolean {
    const verdict = deps.verdict(answer);
    if (verdict === 'approved') end('approved', answer, null);
    else if (verdict === 'declined') end('declined', answer, deps.declinedMessage(answer));
    else set({ answer });
    return verdict !== 'pending';
  }

  function follow(codOper: string) {
    stop();
    stopWatching = watch<A>({
      pushUrl: deps.pushUrl(codOper),
      check: () => deps.check(codOper),
      isFinal: (answer) => deps.verdict(answer) !== 'pending',
      onAnswer: (answer) => {
        if (get().phase === 'waiting') judge(answer);
      },
      onRefused: (error) => {
        if (get().phase === 'waiting') end('refused', null, refusalMessage(error));
      },
    });
  }

  /** A reload keeps the attempt whose answer was lost, so it is looked up instead of paid again. */
  function keepUnknown() {
    const trackId = intent.unknownTrackId();
    if (trackId) deps.memory?.save({ codOper: '', deadline: null, trackId });
  }

  async function start() {
    const { phase } = get();
    if (busy || phase === 'sending' || phase === 'waiting' || phase === 'approved') return;
    busy = true;
    set({ phase: 'sending', message: null, codOper: null, deadline: null, answer: null });
    try {
      const sent = await intent.run<AttemptRecord, Sent<A>>({
        lookup: deps.lookup,
        send: deps.send,
        // The attempt made before: followed from where it stands, as if its answer had arrived.
        resume: async (found) => ({ codOper: found.codOper, deadline: deadlineOf(found.expiresAt), answer: await deps.check(found.codOper) }),
      });
      deps.memory?.save({ codOper: sent.codOper, deadline: sent.deadline });
      set({ phase: 'waiting', codOper: sent.codOper, deadline: sent.deadline, answer: sent.answer });
      deps.onWaiting?.(sent);
      if (!judge(sent.answer)) follow(sent.codOper);
    } catch (error) {
      // An answer lost and not settled by asking (the server could not be reached, or never got
      // the request): the payment is neither reported nor made again without a look first.
      if (intent.outcomeUnknown()) {
        keepUnknown();
        // Stopped before sending (the captcha): its own message, the earlier attempt still kept.
        const stoppedBefore = isPasarelaError(error) && error.category === 'validation';
        set({ phase: 'failed', message: stoppedBefore ? refusalMessage(error) : lostAnswerMessage(error) });
        return;
      }
      // Nothing was created, or the server refused it: the payer may try again in place.
      deps.memory?.clear();
      const message = refusalMessage(error);
      set({ phase: 'failed', message });
      deps.onEnd({ verdict: 'refused', codOper: '', answer: null, message });
    } finally {
      busy = false;
    }
  }

  async function expire() {
    const { phase, codOper } = get();
    if (phase !== 'waiting' || !codOper) return;
    try {
      // The last look is asked again with backoff when its answer is lost.
      const answer = await lookWithBackoff(() => deps.check(codOper), deps.followUp);
      if (get().phase !== 'waiting') return;
      if (deps.verdict(answer) !== 'pending') judge(answer);
      else end('timeout', answer, { key: deps.timeoutKey });
    } catch (error) {
      if (get().phase !== 'waiting') return;
      if (isOutcomeUnknown(error)) {
        // The last look was lost: what the server did is unknown, so the next try looks it up.
        stop();
        intent.markUnknown();
        keepUnknown();
        set({ phase: 'failed', message: OUTCOME_UNKNOWN });
        return;
      }
      end('refused', null, refusalMessage(error));
    }
  }

  function retry() {
    const { phase } = get();
    if (phase === 'sending' || phase === 'approved') return;
    // Leaving a wait is the payer's choice of a new attempt; a lost answer is looked up first.
    if (phase === 'waiting') intent.forget();
    stop();
    if (!intent.outcomeUnknown()) deps.memory?.clear();
    set({ phase: 'idle', codOper: null, deadline: null, answer: null, message: null });
  }

  async function leave() {
    const { phase, codOper } = get();
    if (!deps.cancel || phase !== 'waiting' || !codOper) {
      retry();
      return;
    }
    if (busy) return;
    busy = true;
    try {
      const answer = await deps.cancel(codOper);
      if (get().phase !== 'waiting') return;
      if (deps.verdict(answer) === 'approved') {
        judge(answer);
        return;
      }
      stop();
      intent.forget();
      deps.memory?.clear();
      set({ phase: 'idle', codOper: null, deadline: null, answer: null, message: null });
    } catch (error) {
      if (get().phase === 'waiting') set({ message: payerMessage(error) });
    } finally {
      busy = false;
    }
  }

  /**
   * A reload after a lost answer: the kept attempt is asked about (with backoff) before anything is
   * offered, and shown as it stands: its wait, its end, or that it never arrived.
   */
  async function settleKept() {
    busy = true;
    set({ phase: 'sending', message: null });
    try {
      const sent = await intent.settleKept<AttemptRecord, Sent<A>>({
        lookup: deps.lookup ?? (async () => null),
        resume: async (found) => ({ codOper: found.codOper, deadline: deadlineOf(found.expiresAt), answer: await deps.check(found.codOper) }),
      });
      deps.memory?.save({ codOper: sent.codOper, deadline: sent.deadline });
      set({ phase: 'waiting', codOper: sent.codOper, deadline: sent.deadline, answer: sent.answer });
      deps.onWaiting?.(sent);
      if (!judge(sent.answer)) follow(sent.codOper);
    } catch (error) {
      set({ phase: 'failed', message: lostAnswerMessage(error) });
    } finally {
      busy = false;
    }
  }

  // A reload while waiting picks the same payment up again instead of offering to pay twice.
  const saved = deps.memory?.load();
  if (saved && saved.codOper === '' && saved.trackId) {
    intent.restore(saved.trackId);
    if (deps.lookup) void settleKept();
    else set({ phase: 'failed', message: OUTCOME_UNKNOWN });
  } else if (saved && saved.codOper !== '') {
    set({ phase: 'waiting', codOper: saved.codOper, deadline: saved.deadline });
    follow(saved.codOper);
  }
  return store;
}
export type AttemptStore<A> = ReturnType<typeof createAttemptStore<A>>;
