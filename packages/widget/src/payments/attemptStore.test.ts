import { describe, expect, it, vi } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { createAttemptStore, type AttemptDeps, type SavedAttempt } from './attemptStore';
import type { WatchOptions } from './watchPayment';

interface Answer {
  codOper: string;
  status: number;
}

/** A watch the test drives by hand: `answer` and `refuse` stand for what the status call says. */
function manualWatch() {
  let current: WatchOptions<Answer> | null = null;
  let stopped = 0;
  return {
    watch: <T,>(options: WatchOptions<T>) => {
      current = options as unknown as WatchOptions<Answer>;
      return () => {
        stopped += 1;
      };
    },
    answer: (a: Answer) => current?.onAnswer(a),
    refuse: (e: unknown) => current?.onRefused(e),
    get stopped() {
      return stopped;
    },
  };
}

function setup(overrides: Partial<AttemptDeps<Answer>> = {}) {
  const watch = manualWatch();
  const ends: Array<{ verdict: string; codOper: string; key: string | undefined }> = [];
  let saved: SavedAttempt | null = null;
  let track = 0;
  const send = vi.fn(async (trackId: string) => ({ codOper: `OP-${trackId}`, deadline: 1_000, answer: { codOper: `OP-${trackId}`, status: -1 } }));
  const check = vi.fn(async (codOper: string) => ({ codOper, status: -1 }));
  const store = createAttemptStore<Answer>({
    send,
    check,
    verdict: (a) => (a.status === 1 ? 'approved' : a.status === -1 ? 'pending' : 'declined'),
    onEnd: (end) => ends.push({ verdict: end.verdict, codOper: end.codOper, key: end.message?.key }),
    newTrackId: () => `t${++track}`,
    pushUrl: () => null,
    timeoutKey: 'waiting_time_over',
    declinedMessage: () => ({ key: 'payment_declined' }),
    memory: { load: () => saved, save: (s) => void (saved = s), clear: () => void (saved = null) },
    watch: watch.watch,
    ...overrides,
  });
  return { store, watch, ends, send, check, saved: () => saved };
}

describe('createAttemptStore', () => {
  it('sends once however often it is started, then waits with the server deadline', async () => {
    const { store, send, saved } = setup();
    await Promise.all([store.getState().start(), store.getState().start(), store.getState().start()]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-t1', deadline: 1_000 });
    expect(saved()).toEqual({ codOper: 'OP-t1', deadline: 1_000 });
    await store.getState().start();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('ends approved when the watch says so, once, and forgets the saved attempt', async () => {
    const { store, watch, ends, saved } = setup();
    await store.getState().start();
    watch.answer({ codOper: 'OP-t1', status: 1 });
    watch.answer({ codOper: 'OP-t1', status: 1 });
    expect(store.getState().phase).toBe('approved');
    expect(ends).toEqual([{ verdict: 'approved', codOper: 'OP-t1', key: undefined }]);
    expect(saved()).toBeNull();
  });

  it('a decline shows the message; retry starts a new attempt with a new trackId', async () => {
    const { store, watch, ends, send } = setup();
    await store.getState().start();
    watch.answer({ codOper: 'OP-t1', status: 0 });
    expect(store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_declined' } });
    expect(ends[0]).toMatchObject({ verdict: 'declined' });
    store.getState().retry();
    expect(store.getState().phase).toBe('idle');
    await store.getState().start();
    expect(send).toHaveBeenLastCalledWith('t2');
  });

  it('SPEC 4 "Payment expired (code 619) ... shows the payment_expired message"', async () => {
    const { store, watch, ends } = setup();
    await store.getState().start();
    watch.refuse(new PasarelaError({ code: '619', category: 'api', status: 410 }));
    expect(store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_expired' } });
    expect(ends[0]).toMatchObject({ verdict: 'refused', key: 'payment_expired' });
  });

  it('a closed window looks once more, then ends with the time-out message', async () => {
    const { store, ends, check } = setup();
    await store.getState().start();
    await store.getState().expire();
    expect(check).toHaveBeenCalledWith('OP-t1');
    expect(store.getState()).toMatchObject({ phase: 'failed', message: { key: 'waiting_time_over' } });
    expect(ends[0]).toMatchObject({ verdict: 'timeout', codOper: 'OP-t1' });
  });

  it('a closed window that was paid in the last second ends approved', async () => {
    const { store, ends } = setup({ check: async (codOper) => ({ codOper, status: 1 }) });
    await store.getState().start();
    await store.getState().expire();
    expect(store.getState().phase).toBe('approved');
    expect(ends[0]?.verdict).toBe('approved');
  });

  it('a lost connection on send fails quietly (no result to the merchant page); a refusal is reported', async () => {
    const lost = setup({ send: () => Promise.reject(new PasarelaError({ code: 'connection_error', category: 'network' })) });
    await lost.store.getState().start();
    expect(lost.store.getState()).toMatchObject({ phase: 'failed', message: { key: 'connection_error' } });
    expect(lost.ends).toEqual([]);
    const refused = setup({ send: () => Promise.reject(new PasarelaError({ code: 'amount_exceeds_limit_allowed', category: 'api', status: 422 })) });
    await refused.store.getState().start();
    expect(refused.ends).toEqual([{ verdict: 'refused', codOper: '', key: 'amount_exceeds_limit_allowed' }]);
  });

  it('after a reload it resumes watching the saved payment instead of sending again', () => {
    const watch = manualWatch();
    const send = vi.fn();
    const store = createAttemptStore<Answer>({
      send,
      check: async (codOper) => ({ codOper, status: -1 }),
      verdict: (a) => (a.status === 1 ? 'approved' : 'pending'),
      onEnd: () => undefined,
      newTrackId: () => 't',
      pushUrl: () => null,
      timeoutKey: 'waiting_time_over',
      declinedMessage: () => ({ key: 'payment_declined' }),
      memory: { load: () => ({ codOper: 'OP-old', deadline: 5 }), save: () => undefined, clear: () => undefined },
      watch: watch.watch,
    });
    expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-old', deadline: 5 });
    void store.getState().start();
    expect(send).not.toHaveBeenCalled();
    watch.answer({ codOper: 'OP-old', status: 1 });
    expect(store.getState().phase).toBe('approved');
  });
});
