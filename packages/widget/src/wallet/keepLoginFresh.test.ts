import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../services/session';
import { scriptedApi } from '../testing/fakePaymentContext';
import { keepLoginFresh, REFRESH_CHECK_MS } from './keepLoginFresh';

const MIN = 60_000;
const fresh = { sessionId: 's2', token: 'tok2', expiresAt: new Date(Date.now() + 30 * MIN).toISOString(), user: { idUsr: 7 } };

describe('SPEC 7 "GET refresh login" while the payer is active', () => {
  afterEach(() => vi.useRealTimers());

  function setUp(minutesLeft: number) {
    vi.useFakeTimers();
    const { api, calls } = scriptedApi({ 'users/refresh-login': fresh });
    const session = createSessionStore(null);
    session.getState().set({ session: { sessionId: 's1', token: 'tok1', user: { idUsr: 7 } }, expiresAt: Date.now() + minutesLeft * MIN });
    const stop = keepLoginFresh({ api, session });
    return { calls, session, stop };
  }

  it('renews a login about to lapse for a payer who is typing', async () => {
    const { calls, session, stop } = setUp(1);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS);
    expect(calls.map((c) => c.path)).toEqual(['users/refresh-login']);
    expect(session.getState().login?.session.token).toBe('tok2');
    stop();
  });

  it('leaves a login with time to spare alone', async () => {
    const { calls, stop } = setUp(20);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS * 3);
    expect(calls).toEqual([]);
    stop();
  });
});
