import { createStore } from 'zustand/vanilla';
import { isPasarelaError, payerMessage, type PayerMessage } from '@pasarela/core';
import { watchPayment, type WatchOptions } from './watchPayment';

/**
 * One payment the payer finishes somewhere else (the Nequi or Yappy app, a kiosk, a wallet): sent
 * once per click, then watched until it ends or its window closes.
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
  /** Back to the start, for a new attempt (a new trackId). */
  retry(): void;
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
  codOper: string;
  deadline: number | null;
}

export interface AttemptDeps<A> {
  /** The one request that creates the payment; `trackId` makes a resend of the same click harmless. */
  send(trackId: string): Promise<Sent<A>>;
  /** The method's status call. */
  check(codOper: string): Promise<A>;
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
}

/** SPEC 4 "Payment expired (code 619) resets the step and shows the payment_expired message." */
function refusalMessage(error: unknown): PayerMessage {
  if (isPasarelaError(error) && error.code === '619') return { key: 'payment_expired' };
  return payerMessage(error);
}

export function createAttemptStore<A>(deps: AttemptDeps<A>) {
  const watch = deps.watch ?? watchPayment;
  let stopWatching: (() => void) | null = null;
  // Set synchronously on click, before any await, so a double click cannot send twice.
  let busy = false;

  const store = createStore<AttemptState<A> & AttemptActions>()(() => ({
    phase: 'idle', codOper: null, deadline: null, answer: null, message: null,
    start, expire, retry, stop,
  }));
  const get = store.getState;
  const set = store.setState;

  function stop() {
    stopWatching?.();
    stopWatching = null;
  }

  function end(verdict: 'approved' | 'declined' | 'timeout' | 'refused', answer: A | null, message: PayerMessage | null) {
    stop();
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

  async function start() {
    const { phase } = get();
    if (busy || phase === 'sending' || phase === 'waiting' || phase === 'approved') return;
    busy = true;
    set({ phase: 'sending', message: null, codOper: null, deadline: null, answer: null });
    try {
      const sent = await deps.send(deps.newTrackId());
      deps.memory?.save({ codOper: sent.codOper, deadline: sent.deadline });
      set({ phase: 'waiting', codOper: sent.codOper, deadline: sent.deadline, answer: sent.answer });
      deps.onWaiting?.(sent);
      if (!judge(sent.answer)) follow(sent.codOper);
    } catch (error) {
      // Nothing was created, or the server refused it: the payer may try again in place.
      const message = refusalMessage(error);
      set({ phase: 'failed', message });
      // A lost connection is not reported: the payment may still have gone through.
      if (isPasarelaError(error) && error.category !== 'network') deps.onEnd({ verdict: 'refused', codOper: '', answer: null, message });
    } finally {
      busy = false;
    }
  }

  async function expire() {
    const { phase, codOper } = get();
    if (phase !== 'waiting' || !codOper) return;
    try {
      const answer = await deps.check(codOper);
      if (get().phase !== 'waiting') return;
      if (deps.verdict(answer) !== 'pending') judge(answer);
      else end('timeout', answer, { key: deps.timeoutKey });
    } catch (error) {
      if (get().phase !== 'waiting') return;
      const refused = isPasarelaError(error) && error.category !== 'network';
      end(refused ? 'refused' : 'timeout', null, refused ? refusalMessage(error) : { key: deps.timeoutKey });
    }
  }

  function retry() {
    if (get().phase === 'sending' || get().phase === 'approved') return;
    stop();
    deps.memory?.clear();
    set({ phase: 'idle', codOper: null, deadline: null, answer: null, message: null });
  }

  // A reload while waiting picks the same payment up again instead of offering to pay twice.
  const saved = deps.memory?.load();
  if (saved) {
    set({ phase: 'waiting', codOper: saved.codOper, deadline: saved.deadline });
    follow(saved.codOper);
  }
  return store;
}
export type AttemptStore<A> = ReturnType<typeof createAttemptStore<A>>;
