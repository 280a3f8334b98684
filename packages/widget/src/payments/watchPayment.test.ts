import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { pushUrlFor } from './pushUrl';
import { watchPayment, type SocketLike } from './watchPayment';

class FakeSocket implements SocketLike {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  push(status: number) {
    this.onmessage?.({ data: JSON.stringify({ type: 'transaction', codOper: 'OP1', status }) });
  }
  drop() {
    this.onclose?.();
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('watchPayment (push socket, polling fallback)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(answers: Array<number | Error>) {
    const sockets: FakeSocket[] = [];
    const seen: number[] = [];
    const refused: unknown[] = [];
    const check = vi.fn(async () => {
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      return next ?? -1;
    });
    const stop = watchPayment<number>({
      pushUrl: 'ws://checkout.test/api/v1/push?codOper=OP1',
      check,
      isFinal: (status) => status !== -1,
      onAnswer: (status) => seen.push(status),
      onRefused: (error) => refused.push(error),
      pollIntervalsMs: [1_000, 2_000, 4_000],
      safetyIntervalMs: 30_000,
      reconnectDelaysMs: [500],
      openSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    return { sockets, seen, refused, check, stop };
  }

  /** The first look at once, the next 1 s later, the next 2 s after that (not a millisecond sooner), then 4 s twice. */
  async function looksAtGrowingIntervals(check: ReturnType<typeof setup>['check']) {
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    await vi.advanceTimersByTimeAsync(4_000);
  }

  it('looks at once, then polls with growing intervals while no socket is open', async () => {
    const { check } = setup([-1]);
    await flush();
    await looksAtGrowingIntervals(check);
    // The last interval repeats.
    expect(check).toHaveBeenCalledTimes(5);
  });

  it('with the socket open, a push makes it look now and a final state stops everything', async () => {
    const { sockets, seen, check } = setup([-1, -1, 1]);
    sockets[0]?.open();
    await flush();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(check).toHaveBeenCalledTimes(1); // no brisk polling while the socket is up
    sockets[0]?.push(1);
    await flush();
    expect(check).toHaveBeenCalledTimes(2);
    sockets[0]?.push(1);
    await flush();
    expect(seen).toEqual([-1, -1, 1]);
    expect(sockets[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('survives a dropped socket: polls again at once and briskly, and reopens the socket', async () => {
    const { sockets, check } = setup([-1]);
    sockets[0]?.open();
    await flush();
    sockets[0]?.drop();
    await flush();
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('keeps watching through a lost connection and ends on a refusal from the server', async () => {
    const refusal = new PasarelaError({ code: '619', category: 'api', status: 410 });
    const { refused, check, seen } = setup([new PasarelaError({ code: 'connection_error', category: 'network' }), -1, refusal]);
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen).toEqual([-1]);
    expect(refused).toEqual([refusal]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('a status call failing with 502/503/504 or a 500 never ends the wait: it looks again with growing delays, even with the socket up', async () => {
    const bad = (status: number) => new PasarelaError({ code: 'happen_error_try_again', category: status === 500 ? 'session' : 'api', status });
    const { sockets, refused, seen, check } = setup([bad(502), bad(503), bad(504), bad(500), 1]);
    sockets[0]?.open();
    await flush();
    await looksAtGrowingIntervals(check);
    expect(refused).toEqual([]);
    expect(seen).toEqual([1]);
    expect(sockets[0]?.closed).toBe(true);
  });

  it('a push socket the server refuses (error before it opens) falls back to polling until the end', async () => {
    const { sockets, seen, check } = setup([-1, -1, -1, 1]);
    sockets[0]?.onerror?.();
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    // Reopened once, refused again: polling alone carries the wait.
    sockets[1]?.onerror?.();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(check).toHaveBeenCalledTimes(4);
    expect(seen).toEqual([-1, -1, -1, 1]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('a socket that cannot even be made (a refused address) still polls', async () => {
    const check = vi.fn(async () => 1);
    const seen: number[] = [];
    watchPayment<number>({
      pushUrl: 'ws://checkout.test/api/v1/push?codOper=OP1',
      check,
      isFinal: () => true,
      onAnswer: (status) => seen.push(status),
      onRefused: () => undefined,
      openSocket: () => {
        throw new Error('refused');
      },
    });
    await flush();
    expect(seen).toEqual([1]);
  });

  it('stop() ends the watch', async () => {
    const { stop, check, sockets } = setup([-1]);
    await flush();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(sockets[0]?.closed).toBe(true);
  });
});

describe('pushUrlFor', () => {
  it.each([
    ['/api/v1', 'http://checkout.test/pf/widget', 'ws://checkout.test/api/v1/push?codOper=OP+1'],
    ['https://pay.example/api/v1/', 'https://pay.example/x', 'wss://pay.example/api/v1/push?codOper=OP+1'],
  ])('%s from %s', (base, page, url) => {
    expect(pushUrlFor(base, 'OP 1', page)).toBe(url);
  });
});
