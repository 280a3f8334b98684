import { shouldRefreshLogin } from '@pasarela/core';
import type { Services } from '../services/services';
import { refreshLogin } from './api';

export const REFRESH_CHECK_MS = 20_000;

/** A refused renewal is a session-type error: the API client then clears the login (SPEC 8). */
export function keepLoginFresh(services: Pick<Services, 'api' | 'session'>, clock: { now(): number } = Date): () => void {
  let lastActivityAt = clock.now();
  let refreshing = false;
  const mark = () => {
    lastActivityAt = clock.now();
  };
  const events = ['pointerdown', 'keydown', 'input'] as const;
  events.forEach((name) => document.addEventListener(name, mark, { passive: true, capture: true }));
  const check = () => {
    const login = services.session.getState().login;
    if (!login || refreshing || !shouldRefreshLogin(login.expiresAt, clock.now(), lastActivityAt)) return;
    refreshing = true;
    refreshLogin(services.api)
      .then((fresh) => {
        // A logout while the call was out wins.
        if (services.session.getState().login) services.session.getState().set(fresh);
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = false;
      });
  };
  const timer = setInterval(check, REFRESH_CHECK_MS);
  return () => {
    clearInterval(timer);
    events.forEach((name) => document.removeEventListener(name, mark, { capture: true }));
  };
}
