/** While a fault is set, every call through the global `fetch` gets it; counts the calls, so a rule knows the adapter used fetch. */
export interface FetchFaults {
  calls: number;
  set(fault: { kind: 'hold' } | { kind: 'loseAnswers'; times: number } | undefined): void;
  restore(): void;
}

export function interceptFetch(): FetchFaults {
  const original = globalThis.fetch;
  let fault: { kind: 'hold' } | { kind: 'loseAnswers'; times: number } | undefined;
  const state: FetchFaults = {
    calls: 0,
    set: (next) => void ((fault = next), (state.calls = 0)),
    restore: () => void (globalThis.fetch = original),
  };
  globalThis.fetch = async (input, init) => {
    state.calls += 1;
    const now = fault;
    if (now?.kind === 'hold') {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        signal?.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), { once: true });
      });
    }
    const response = await original(input, init);
    if (now?.kind === 'loseAnswers' && now.times > 0) {
      now.times -= 1;
      await response.arrayBuffer().catch(() => undefined);
      throw Object.assign(new TypeError('fetch failed: the answer was lost on the way back'), { cause: { code: 'ECONNRESET' } });
    }
    return response;
  };
  return state;
}
