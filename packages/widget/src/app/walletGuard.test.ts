import { describe, expect, it } from 'vitest';
import { parseRoute, screenEntry, type Route } from './routes';
import { createSessionStore } from '../services/session';
import type { Services } from '../services/services';

const login = { session: { sessionId: 's', token: 'tok', user: { idUsr: 7 } }, expiresAt: null };

function guard(path: string, loggedIn: boolean): string | null {
  const address = new URL(path, 'https://c.test');
  const session = createSessionStore(null);
  if (loggedIn) session.getState().set(login);
  const route = parseRoute(address) as Extract<Route, { name: 'wallet' }>;
  return screenEntry('wallet').guard?.(route, { session, address: () => new URL(address) } as unknown as Services) ?? null;
}

describe('SPEC 2 "Login-required routes redirect to /pf/widget/login, carrying the original location"', () => {
  it.each([
    ['/pf/widget/home?lang=en', false, `/pf/widget/login?next=${encodeURIComponent('/pf/widget/home?lang=en')}`],
    ['/pf/widget/addcard', false, `/pf/widget/login?next=${encodeURIComponent('/pf/widget/addcard')}`],
    ['/pf/widget/home', true, null],
    ['/pf/widget/signup', false, null],
    ['/pf/widget/recoverypassword', false, null],
    ['/pf/widget/login', false, null],
  ])('%s (logged in: %s) -> %s', (path, loggedIn, to) => {
    expect(guard(path, loggedIn)).toBe(to);
  });

  it('only an in-app address is a place to return to', () => {
    expect(parseRoute(new URL('https://c.test/pf/widget/login?next=/pf/widget/home'))).toMatchObject({ next: '/pf/widget/home' });
    expect(parseRoute(new URL('https://c.test/pf/widget/login?next=//evil.test/x'))).toMatchObject({ next: null });
    expect(parseRoute(new URL('https://c.test/pf/widget/login?next=https://evil.test/'))).toMatchObject({ next: null });
  });
});
