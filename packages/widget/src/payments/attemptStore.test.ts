import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { PasarelaError } from '@pasarela/core';
import type { AttemptRecord } from '../api/lookupAttempt';
import { FAULTS, faultyServer } from '../testing/faultyServer';
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
      const watched = options as unknown as WatchOptions<Answer>;
      current = watched;
      // As watchPayment: a stopped watch hears nothing more.
      return () => {
        stopped += 1;
        if (current === watched) current = null;
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
  const lookup = vi.fn(async (_trackId: string): Promise<AttemptRecord | null> => null);
  const store = createAttemptStore<Answer>({
    send,
    check,
    lookup,
    verdict: (a) => (a.status === 1 ? 'approved' : a.status === -1 ? 'pending' : 'declined'),
    onEnd: (end) => ends.push({ verdict: end.verdict, codOper: end.codOper, key: end.message?.key }),
    newTrackId: () => `t${++track}`,
    pushUrl: () => null,
    timeoutKey: 'waiting_time_over',
    declinedMessage: () => ({ key: 'payment_declined' }),
    memory: { load: () => saved, save: (s) => void (saved = s), clear: () => void (saved = null) },
    watch: watch.watch,
    // The follow-up's looks without its pauses.
    followUp: { delaysMs: [0, 0, 0] },
    ...overrides,
  });
  return { store, watch, ends, send, check, lookup, saved: () => saved };
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
    // Asked about twice and not found: it never arrived.
    expect(lost.store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_not_received' } });
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
      lookup: async () => null,
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

const record = (trackId: string, codOper: string, result: AttemptRecord['result'] = 'PENDING'): AttemptRecord => ({
  trackId, codOper, method: 'nequi', status: -1, result, authStatus: '', messageSys: '', redirectUrl: null, expiresAt: '2026-11-21T17:35:00Z',
});
const lost = () => new PasarelaError({ code: 'connection_error', category: 'network' });
const proxy502 = () => new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 });

describe('createAttemptStore: one attempt per payment intent', () => {
  it.each([
    ['a dropped answer', lost],
    ['a 502 after the push was made', proxy502],
    ['a time-out', () => new PasarelaError({ code: 'timeout', category: 'network' })],
  ])('%s: unreported; the checkout asks about the attempt by its trackId and waits on the first push, without a click', async (_, fault) => {
    const { store, send, lookup, check, ends, watch } = setup();
    send.mockRejectedValueOnce(fault());
    lookup.mockResolvedValueOnce(null).mockResolvedValueOnce(record('t1', 'OP-first'));
    await store.getState().start();
    expect(lookup.mock.calls).toEqual([['t1'], ['t1']]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('OP-first');
    expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-first', deadline: Date.parse('2026-11-21T17:35:00Z') });
    watch.answer({ codOper: 'OP-first', status: 1 });
    expect(ends).toEqual([{ verdict: 'approved', codOper: 'OP-first', key: undefined }]);
  });

  it('the server out of reach for every look: "could not confirm", nothing sent again until the next try, which asks first', async () => {
    const { store, send, lookup } = setup();
    send.mockRejectedValueOnce(lost());
    lookup.mockRejectedValue(proxy502());
    await store.getState().start();
    expect(lookup).toHaveBeenCalledTimes(3);
    expect(store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_outcome_unknown' } });
    lookup.mockReset();
    lookup.mockResolvedValueOnce(record('t1', 'OP-first'));
    await store.getState().start();
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-first' });
  });

  it('the server never got it (404): the same trackId is sent again', async () => {
    const { store, send, lookup } = setup();
    send.mockRejectedValueOnce(lost());
    await store.getState().start();
    await store.getState().start();
    expect(lookup).toHaveBeenCalledWith('t1');
    expect(send.mock.calls).toEqual([['t1'], ['t1']]);
    expect(store.getState().phase).toBe('waiting');
  });

  it('the first attempt was declined meanwhile: its decline shows, and the next try is a new attempt', async () => {
    const { store, send, lookup, ends } = setup({ check: async (codOper) => ({ codOper, status: 0 }) });
    send.mockRejectedValueOnce(proxy502());
    await store.getState().start();
    lookup.mockResolvedValueOnce(record('t1', 'OP-first', 'DECLINED'));
    await store.getState().start();
    expect(store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_declined' } });
    expect(ends).toEqual([{ verdict: 'declined', codOper: 'OP-first', key: 'payment_declined' }]);
    store.getState().retry();
    await store.getState().start();
    expect(send).toHaveBeenLastCalledWith('t2');
  });

  it('retry() after a lost answer keeps the trackId; leaving a wait ("use another method") starts a new one', async () => {
    const { store, send, lookup } = setup();
    send.mockRejectedValueOnce(lost());
    await store.getState().start();
    store.getState().retry();
    expect(store.getState().phase).toBe('idle');
    await store.getState().start();
    expect(lookup).toHaveBeenCalledWith('t1');
    expect(send).toHaveBeenLastCalledWith('t1');
    store.getState().retry();
    await store.getState().start();
    expect(send).toHaveBeenLastCalledWith('t2');
  });

  it('the look-up itself lost: still unknown, nothing sent, the next try looks again', async () => {
    const { store, send, lookup } = setup();
    send.mockRejectedValueOnce(lost());
    await store.getState().start();
    lookup.mockRejectedValueOnce(proxy502());
    await store.getState().start();
    expect(store.getState().message).toEqual({ key: 'payment_outcome_unknown' });
    expect(send).toHaveBeenCalledTimes(1);
    lookup.mockResolvedValueOnce(record('t1', 'OP-first'));
    await store.getState().start();
    expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-first' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a resend refused as track_id_reused (details changed, the first landed meanwhile) is looked up again', async () => {
    const { store, send, lookup } = setup();
    send.mockRejectedValueOnce(lost()).mockRejectedValueOnce(new PasarelaError({ code: 'track_id_reused', category: 'api', status: 409 }));
    await store.getState().start();
    lookup.mockResolvedValueOnce(null).mockResolvedValueOnce(record('t1', 'OP-first'));
    await store.getState().start();
    // Two looks after the lost answer, one before the resend and one after its refusal.
    expect(lookup.mock.calls).toEqual([['t1'], ['t1'], ['t1'], ['t1']]);
    expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-first' });
  });

  it('the last look at the deadline lost once (503): asked again, and the wait ends on its real outcome', async () => {
    const { store, check, ends } = setup();
    await store.getState().start();
    check.mockRejectedValueOnce(new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 503 })).mockResolvedValueOnce({ codOper: 'OP-t1', status: 1 });
    await store.getState().expire();
    expect(store.getState().phase).toBe('approved');
    expect(ends).toEqual([{ verdict: 'approved', codOper: 'OP-t1', key: undefined }]);
  });

  it('the last look at the deadline lost every time (503): unknown, not a time-out; the next try looks the attempt up', async () => {
    const { store, check, lookup, send, ends } = setup();
    await store.getState().start();
    const unavailable = new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 503 });
    check.mockRejectedValueOnce(unavailable).mockRejectedValueOnce(unavailable).mockRejectedValueOnce(unavailable);
    await store.getState().expire();
    expect(store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_outcome_unknown' } });
    expect(ends).toEqual([]);
    lookup.mockResolvedValueOnce(record('t1', 'OP-t1', 'APPROVED'));
    check.mockResolvedValueOnce({ codOper: 'OP-t1', status: 1 });
    await store.getState().start();
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.getState().phase).toBe('approved');
  });

  it('a known time-out (still pending at the deadline) lets "send again" make a new attempt', async () => {
    const { store, send } = setup();
    await store.getState().start();
    await store.getState().expire();
    expect(store.getState().message).toEqual({ key: 'waiting_time_over' });
    await store.getState().start();
    expect(send.mock.calls).toEqual([['t1'], ['t2']]);
  });

  it('a reload after a lost answer keeps it, and the checkout asks about it at once: the first push is waited on, nothing sent', async () => {
    const first = setup();
    first.send.mockRejectedValueOnce(lost());
    first.lookup.mockRejectedValue(lost());
    await first.store.getState().start();
    expect(first.saved()).toEqual({ codOper: '', deadline: null, trackId: 't1' });
    // The page reloads: a new store over the same session storage.
    const kept = first.saved();
    const lookup = vi.fn(async (_trackId: string): Promise<AttemptRecord | null> => record('t1', 'OP-first'));
    const again = setup({ lookup, memory: { load: () => kept, save: () => undefined, clear: () => undefined } });
    expect(again.store.getState().phase).toBe('sending');
    await vi.waitFor(() => expect(again.store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-first' }));
    expect(lookup).toHaveBeenCalledWith('t1');
    expect(again.send).not.toHaveBeenCalled();
  });

  it('a reload after a lost answer the server never got: "nothing was charged", and the next try sends the same trackId', async () => {
    const kept: SavedAttempt = { codOper: '', deadline: null, trackId: 't9' };
    const again = setup({ memory: { load: () => kept, save: () => undefined, clear: () => undefined } });
    await vi.waitFor(() => expect(again.store.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_not_received' } }));
    await again.store.getState().start();
    expect(again.send.mock.calls).toEqual([['t9']]);
  });

  it('the kept attempt is forgotten once its outcome is known', async () => {
    const { store, send, saved, watch } = setup();
    send.mockRejectedValueOnce(lost());
    await store.getState().start();
    store.getState().retry();
    expect(saved()?.trackId).toBe('t1');
    await store.getState().start();
    expect(saved()).toEqual({ codOper: 'OP-t1', deadline: 1_000 });
    watch.answer({ codOper: 'OP-t1', status: 0 });
    expect(saved()).toBeNull();
  });

  it('property: any faults, then tries and retries, never leave two trackIds sent while one was unknown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...FAULTS), { maxLength: 14 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 14 }), async (faults, retries) => {
        const server = faultyServer(faults);
        let track = 0;
        const store = createAttemptStore<AttemptRecord>({
          send: async (trackId) => {
            const answer = await server.send(trackId);
            return { codOper: answer.codOper, deadline: null, answer };
          },
          check: server.check,
          lookup: server.lookup,
          verdict: (a) => (a.result === 'APPROVED' ? 'approved' : a.result === 'DECLINED' ? 'declined' : 'pending'),
          onEnd: () => undefined,
          newTrackId: () => `t${++track}`,
          pushUrl: () => null,
          timeoutKey: 'waiting_time_over',
          declinedMessage: () => ({ key: 'payment_declined' }),
          watch: () => () => undefined,
          followUp: { delaysMs: [0, 0, 0] },
        });
        for (const retryFirst of retries) {
          if (store.getState().phase === 'waiting') break;
          if (retryFirst) store.getState().retry();
          await store.getState().start();
        }
        // Once the network behaves, the payer's next try reaches the one payment.
        for (let i = 0; i <= faults.length && store.getState().phase !== 'waiting'; i++) await store.getState().start();
        expect(server.recorded()).toHaveLength(1);
        expect(new Set(server.arrived).size).toBe(1);
        expect(store.getState().codOper).toBe(server.records.get(server.recorded()[0] ?? '')?.record.codOper);
      }),
      { numRuns: 200 },
    );
  });

  describe('leaving a wait to pay another way', () => {
    it('calls the payment off on the server first, then offers a fresh attempt', async () => {
      const cancel = vi.fn(async (codOper: string) => ({ codOper, status: 0 }));
      const { store, watch, send, saved } = setup({ cancel });
      await store.getState().start();
      await store.getState().leave();
      expect(cancel).toHaveBeenCalledWith('OP-t1');
      expect(store.getState()).toMatchObject({ phase: 'idle', codOper: null, message: null });
      expect(watch.stopped).toBe(1);
      expect(saved()).toBeNull();
      await store.getState().start();
      expect(send).toHaveBeenLastCalledWith('t2');
    });

    it('shows the receipt when the payment went through before it could be called off', async () => {
      const { store, ends } = setup({ cancel: async (codOper) => ({ codOper, status: 1 }) });
      await store.getState().start();
      await store.getState().leave();
      expect(store.getState().phase).toBe('approved');
      expect(ends).toEqual([{ verdict: 'approved', codOper: 'OP-t1', key: undefined }]);
    });

    it('the watch hearing the payment called off while the call-off is on its way ends nothing: the call-off says how it ended', async () => {
      let answered: (answer: { codOper: string; status: number }) => void = () => {};
      const { store, watch, ends } = setup({ cancel: (codOper) => new Promise((resolve) => (answered = resolve)).then(() => ({ codOper, status: 0 })) });
      await store.getState().start();
      const leaving = store.getState().leave();
      watch.answer({ codOper: 'OP-t1', status: 0 });
      answered({ codOper: 'OP-t1', status: 0 });
      await leaving;
      expect(store.getState()).toMatchObject({ phase: 'idle', message: null });
      expect(ends).toEqual([]);
    });

    it('keeps waiting, and says why, when the call-off does not get through', async () => {
      const { store, watch, saved } = setup({ cancel: async () => { throw new PasarelaError({ category: 'network', code: 'connection_error' }); } });
      await store.getState().start();
      await store.getState().leave();
      expect(store.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP-t1', message: { key: 'connection_error' } });
      // Not watched while the call-off was on its way (its answer tells how the wait ended), followed again after.
      expect(watch.stopped).toBe(1);
      expect(saved()).toEqual({ codOper: 'OP-t1', deadline: 1_000 });
      // and the payment it still follows can end as usual
      watch.answer({ codOper: 'OP-t1', status: 1 });
      expect(store.getState().phase).toBe('approved');
    });
  });
});
