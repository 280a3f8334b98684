import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { createSessionStore } from '../services/session';
import { scriptedApi } from '../testing/fakePaymentContext';
import { createLoginStore } from './loginStore';

const answer = { sessionId: 's1', token: 'tok', expiresAt: '2026-11-21T18:00:00.000Z', user: { idUsr: 7, login: 'demo' } };

describe('SPEC 4 "Login: loading, then success (session stored) or error"', () => {
  it('stores sessionId, token and user.idUsr, with the expiry for the refresh', async () => {
    const { api, calls } = scriptedApi({ 'users/login': answer });
    const session = createSessionStore(null);
    const store = createLoginStore({ api, session });
    expect(await store.getState().submit(' demo ', 'Demo#2026pass')).toBe(true);
    expect(calls[0]?.body).toEqual({ login: 'demo', password: 'Demo#2026pass' });
    expect(session.getState().login).toEqual({ session: { sessionId: 's1', token: 'tok', user: { idUsr: 7 } }, expiresAt: Date.parse(answer.expiresAt) });
    expect(store.getState().login.status).toBe('success');
  });

  it.each([
    ['invalid_credentials', 'wallet_login_failed'],
    ['account_temp_suspended', 'account_temp_suspended'],
    ['Invalid User', 'wallet_invalid_user'],
  ])('a %s answer keeps its message in the login state (%s) and stores nothing', async (code, key) => {
    const { api } = scriptedApi({ 'users/login': new PasarelaError({ code, category: 'api', status: 400 }) });
    const session = createSessionStore(null);
    const store = createLoginStore({ api, session });
    expect(await store.getState().submit('demo', 'x')).toBe(false);
    expect(store.getState().login).toEqual({ status: 'error', session: null, error: key });
    expect(session.getState().login).toBeNull();
  });
});
