import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@pasarela/core';
import { clearSession, createSessionStore } from './session';

const login = { session: { sessionId: 's1', token: 'tok', user: { idUsr: 7 } }, expiresAt: 1_700_000_000_000 };

describe('SPEC 3 "Session (local storage under a widget key): sessionId, token, user.idUsr"', () => {
  afterEach(() => localStorage.clear());

  it('is written under the widget key and read back by the next frame', () => {
    createSessionStore(localStorage).getState().set(login);
    // The key itself, written out: a login kept under another key is lost to the next frame of an older widget.
    expect(localStorage.key(0)).toBe('pasarela.widget.session');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual({ sessionId: 's1', token: 'tok', user: { idUsr: 7 }, expiresAt: login.expiresAt });
    expect(createSessionStore(localStorage).getState().login).toEqual(login);
  });

  it('an unreadable stored value is no login', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"token":');
    expect(createSessionStore(localStorage).getState().login).toBeNull();
  });

  it('without storage (blocked or partitioned) the login lives in memory', () => {
    const store = createSessionStore(null);
    store.getState().set(login);
    expect(store.getState().login).toEqual(login);
  });

  it('storage that throws on write still keeps the login in memory', () => {
    const broken = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined } as unknown as Storage;
    const store = createSessionStore(broken);
    store.getState().set(login);
    expect(store.getState().login).toEqual(login);
  });

  it('a session-type error clears it and says so; logout clears it quietly', () => {
    const store = createSessionStore(localStorage);
    store.getState().set(login);
    store.getState().clear('expired');
    expect(store.getState()).toMatchObject({ login: null, expired: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    store.getState().set(login);
    store.getState().clear();
    expect(store.getState()).toMatchObject({ login: null, expired: false });
  });

  it('SPEC 3 "On success in the widget the stored session is cleared": the next frame is a guest, this one reads its receipt', () => {
    const store = createSessionStore(localStorage);
    store.getState().set(login);
    clearSession(localStorage);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(store.getState().login).toEqual(login);
    expect(createSessionStore(localStorage).getState().login).toBeNull();
  });
});
