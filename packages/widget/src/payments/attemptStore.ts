import { createStore } from 'zustand/vanilla';
import { isOutcomeUnknown, isPasarelaError, payerMessage, type PayerMessage } from '@pasarela/core';
import type { AttemptRecord } from '../api/lookupAttempt';
import { createPaymentIntent, lookWithBackoff, lostAnswerMessage, type FlightLog, type FollowUpOptions } from './paymentIntent';
import { watchPayment, type WatchOptions } from './watchPayment';
import { CALLED_OFF_ELSEWHERE, PAID_ELSEWHERE, paidByOf, type PaidBy } from './paidElsewhere';

/** A click after an answer was lost asks the server about the attempt already made before making another. */
export type AttemptPhase = 'idle' | 'sending' | 'waiting' | 'approved' | 'failed';

export type AttemptVerdict = 'approved' | 'declined' | 'pending';

export interface AttemptState<A> {
  phase: AttemptPhase;
  codOper: string | null;
  deadline: number | null;
  answer: A | null;
  message: PayerMessage | null;
  /** Called off because another payment paid the order: that one, when the server named it. */
  paidBy: PaidBy | null;
}

export interface AttemptActions {
  start(): Promise<void>;
  expire(): Promise<void>;
  /** After a lost answer the next start looks the same attempt up first. */
  retry(): void;
  /** Called off on the server first, so it cannot also be paid later; a failed call keeps the wait. */
  leave(): Promise<void>;
  stop(): void;
}

export interface Sent<A> {
  codOper: string;
  deadline: number | null;
  answer: A;
}

export interface SavedAttempt {
  codOper: string;
  deadline: number | null;
  trackId?: string | undefined;
}

export interface AttemptDeps<A> {
  send(trackId: string): Promise<Sent<A>>;
  check(codOper: string): Promise<A>;
  cancel?: ((codOper: string) => Promise<A>) | undefined;
  /** The cancel's answer is the gateway's refusal, given before the call-off came: told as that refusal, not left silently. */
  refusedFirst?: ((answer: A) => boolean) | undefined;
  /** Without it a lost answer is followed by the same request and trackId, which the server answers with the first outcome. */
  lookup?: ((trackId: string) => Promise<AttemptRecord | null>) | undefined;
  verdict(answer: A): AttemptVerdict;
  /** A declined answer that names the payment that paid the order (its wait called off for it): ended as paid elsewhere, as a refusal naming it is. */
  paidBy?: ((answer: A) => PaidBy | null) | undefined;
  onEnd(end: { verdict: 'approved' | 'declined' | 'timeout' | 'refused'; codOper: string; answer: A | null; message: PayerMessage | null }): void;
  onWaiting?(sent: Sent<A>): void;
  newTrackId(): string;
  pushUrl(codOper: string): string | null;
  timeoutKey: PayerMessage['key'];
  declinedMessage(answer: A): PayerMessage;
  memory?: { load(): SavedAttempt | null; save(saved: SavedAttempt): void; clear(): void } | undefined;
  watch?: <T>(options: WatchOptions<T>) => () => void;
  followUp?: FollowUpOptions | undefined;
  flight?: FlightLog | undefined;
}

function refusalMessage(error: unknown): PayerMessage {
  if (isPasarelaError(error) && error.code === '619') return { key: 'payment_expired' };
  return payerMessage(error);
}

/** The payment a refusal names: a request asked for again under its trackId is refused before its codOper was ever heard. */
function codOperNamedBy(error: unknown): string {
  const named = isPasarelaError(error) ? error.fields['codOper'] : undefined;
  return typeof named === 'string' ? named : '';
}

/** After a call-off from elsewhere: every few seconds for about ten minutes, the time a payer takes to pay there. */
const CALLED_OFF_LOOK_MS = 3_000;
const CALLED_OFF_LOOKS = 200;

const OUTCOME_UNKNOWN: PayerMessage = { key: 'payment_outcome_unknown' };

function deadlineOf(expiresAt: string | null): number | null {
  const at = expiresAt ? Date.parse(expiresAt) : NaN;
  return Number.isNaN(at) ? null : at;
}

export function createAttemptStore<A>(deps: AttemptDeps<A>) {
  const watch = deps.watch ?? watchPayment;
  const intent = createPaymentIntent(deps.newTrackId, deps.followUp, deps.flight);
  let stopWatching: (() => void) | null = null;
  // Set synchronously on click, before any await, so a double click cannot send twice.
  let busy = false;

  const store = createStore<AttemptState<A> & AttemptActions>()(() => ({
    phase: 'idle', codOper: null, deadline: null, answer: null, message: null, paidBy: null,
    start, expire, retry, leave, stop,
  }));
  const get = store.getState;
  const set = store.setState;

  function stop() {
    stopWatching?.();
    stopWatching = null;
  }

  function end(verdict: 'approved' | 'declined' | 'timeout' | 'refused', answer: A | null, message: PayerMessage | null, paidBy: PaidBy | null = null) {
    stop();
    intent.forget();
    deps.memory?.clear();
    const codOper = get().codOper ?? '';
    set({ phase: verdict === 'approved' ? 'approved' : 'failed', answer, message, paidBy });
    deps.onEnd({ verdict, codOper, answer, message });
  }

  function judge(answer: A): boolean {
    const verdict = deps.verdict(answer);
    if (verdict === 'approved') end('approved', answer, null);
    else if (verdict === 'declined') {
      const paidBy = deps.paidBy?.(answer) ?? null;
      end('declined', answer, paidBy ? { key: PAID_ELSEWHERE } : deps.declinedMessage(answer), paidBy);
    }
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
        if (get().phase !== 'waiting') return;
        if (isPasarelaError(error) && error.code === CALLED_OFF_ELSEWHERE) return calledOffElsewhere(codOper);
        end('refused', null, refusalMessage(error), paidByOf(error));
      },
    });
  }

  /**
   * Called off while this page waited: by the payer, from this order in another browser (here leave()
   * stops the watch first). Not a failure, nothing to report; still asked now and then, so that when
   * the order is paid there, this page says so too.
   */
  function calledOffElsewhere(codOper: string) {
    stop();
    intent.forget();
    deps.memory?.clear();
    set({ phase: 'failed', message: { key: CALLED_OFF_ELSEWHERE }, paidBy: null });
    let looks = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      timer = setTimeout(() => {
        looks += 1;
        void deps.check(codOper).then(
          () => undefined,
          (error: unknown) => {
            if (stopWatching !== stopLooking) return;
            const paidBy = paidByOf(error);
            if (paidBy) {
              stopWatching = null;
              set({ message: { key: PAID_ELSEWHERE }, paidBy });
            } else if (looks < CALLED_OFF_LOOKS) look();
          },
        );
      }, CALLED_OFF_LOOK_MS);
    };
    const stopLooking = () => clearTimeout(timer);
    stopWatching = stopLooking;
    look();
  }

  /** An attempt found already made (a retry, a reload): its answer read again. */
  const resume = async (found: AttemptRecord): Promise<Sent<A>> => ({ codOper: found.codOper, deadline: deadlineOf(found.expiresAt), answer: await deps.check(found.codOper) });

  /** The attempt is made: kept for a reload, shown as waiting and followed until its answer is final. */
  function waitOn(sent: Sent<A>) {
    deps.memory?.save({ codOper: sent.codOper, deadline: sent.deadline });
    set({ phase: 'waiting', codOper: sent.codOper, deadline: sent.deadline, answer: sent.answer });
    deps.onWaiting?.(sent);
    if (!judge(sent.answer)) follow(sent.codOper);
  }

  function keepUnknown() {
    const trackId = intent.unknownTrackId();
    if (trackId) deps.memory?.save({ codOper: '', deadline: null, trackId });
  }

  async function start() {
    const { phase } = get();
    if (busy || phase === 'sending' || phase === 'waiting' || phase === 'approved') return;
    busy = true;
    set({ phase: 'sending', message: null, codOper: null, deadline: null, answer: null, paidBy: null });
    try {
      const sent = await intent.run<AttemptRecord, Sent<A>>({
        lookup: deps.lookup,
        send: deps.send,
        resume,
      });
      waitOn(sent);
    } catch (error) {
      // Not settled by asking: neither reported nor made again without a look first.
      if (intent.outcomeUnknown()) {
        keepUnknown();
        // Stopped before sending (the captcha): its own message, the earlier attempt still kept.
        const stoppedBefore = isPasarelaError(error) && error.category === 'validation';
        set({ phase: 'failed', message: stoppedBefore ? refusalMessage(error) : lostAnswerMessage(error) });
        return;
      }
      deps.memory?.clear();
      const message = refusalMessage(error);
      // Paid in another browser after this one read the order: the payment that paid, as a wait's refusal names it.
      set({ phase: 'failed', message, paidBy: paidByOf(error) });
      deps.onEnd({ verdict: 'refused', codOper: codOperNamedBy(error), answer: null, message });
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
        stop();
        intent.markUnknown();
        keepUnknown();
        set({ phase: 'failed', message: OUTCOME_UNKNOWN });
        return;
      }
      end('refused', null, refusalMessage(error), paidByOf(error));
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
    // The call-off's own answer says how the wait ended: the watch hearing the payment called off
    // meanwhile must not tell it as a refusal (or report it to the shop).
    stop();
    try {
      const answer = await deps.cancel(codOper);
      if (get().phase !== 'waiting') return;
      if (deps.verdict(answer) === 'approved' || (deps.verdict(answer) === 'declined' && deps.refusedFirst?.(answer))) {
        judge(answer);
        return;
      }
      stop();
      intent.forget();
      deps.memory?.clear();
      set({ phase: 'idle', codOper: null, deadline: null, answer: null, message: null });
    } catch (error) {
      if (get().phase !== 'waiting') return;
      // Called off before because another payment paid the order: that one, never a choice of another way to pay.
      const paidBy = paidByOf(error);
      if (paidBy) {
        end('refused', null, refusalMessage(error), paidBy);
        return;
      }
      // Still waiting: followed again.
      set({ message: payerMessage(error) });
      follow(codOper);
    } finally {
      busy = false;
    }
  }

  async function settleKept() {
    busy = true;
    set({ phase: 'sending', message: null });
    try {
      const sent = await intent.settleKept<AttemptRecord, Sent<A>>({
        lookup: deps.lookup ?? (async () => null),
        resume,
      });
      waitOn(sent);
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
