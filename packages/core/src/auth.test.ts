import { describe, expect, it } from 'vitest';
import { authHeaders, initialLoginState, isEmployeeLoginRejected, loginReducer, shouldRefreshLogin } from './auth';
import type { LoginAction, LoginState } from './auth';

const keys = { clientKey: 'pk_guest', widgetKey: 'pk_widget' };
const session = { sessionId: 's', token: 'tok', user: { idUsr: 7 } };

describe('SPEC 7 "The auth header carries a fixed client key or, when logged in, the widget key plus the user\'s token."', () => {
  it.each([
    [null, { 'x-api-key': 'pk_guest' }],
    [undefined, { 'x-api-key': 'pk_guest' }],
    [{ token: '  ' }, { 'x-api-key': 'pk_guest' }],
    [{ token: 'tok' }, { 'x-api-key': 'pk_widget', Authorization: 'Bearer tok' }],
  ])('session %j -> %j', (s, headers) => {
    expect(authHeaders(s, keys)).toEqual(headers);
  });
});

describe('SPEC 4 "Login: loading, then success (session stored) or error."', () => {
  const run = (actions: LoginAction[], from: LoginState = initialLoginState) => actions.reduce(loginReducer, from);
  it.each([
    [[{ type: 'request' }], { status: 'loading', session: null, error: null }],
    [[{ type: 'request' }, { type: 'success', session }], { status: 'success', session, error: null }],
    [[{ type: 'request' }, { type: 'failure', error: 'Invalid User' }], { status: 'error', session: null, error: 'Invalid User' }],
    [[{ type: 'success', session }, { type: 'logout' }], initialLoginState],
    [[{ type: 'success', session }, { type: 'sessionExpired' }], { status: 'idle', session: null, error: 'session_expired' }],
  ] as Array<[LoginAction[], LoginState]>)('%j', (actions, state) => {
    expect(run(actions)).toEqual(state);
  });

  it('SPEC 6 "Login rejects employee accounts with the error Invalid User"', () => {
    expect(isEmployeeLoginRejected({ code: 'Invalid User' })).toBe(true);
    expect(isEmployeeLoginRejected({ code: 'x' })).toBe(false);
    expect(isEmployeeLoginRejected(null)).toBe(false);
  });
});

describe('SPEC 7 "GET refresh login": renew a login about to lapse while the payer is active', () => {
  const now = 1_000_000_000;
  const min = 60_000;
  it.each([
    ['no expiry known', null, now, false],
    ['already lapsed', now - 1, now, false],
    ['10 minutes left', now + 10 * min, now, false],
    ['1 minute left, active now', now + min, now, true],
    ['1 minute left, active 4 minutes ago', now + min, now - 4 * min, true],
    ['1 minute left, idle 6 minutes', now + min, now - 6 * min, false],
    ['lapsing this very moment', now, now, false],
    ['exactly 2 minutes left, active now', now + 2 * min, now, true],
    ['1 minute left, active exactly 5 minutes ago', now + min, now - 5 * min, true],
  ] as const)('%s', (_label, expiresAt, lastActivityAt, refresh) => {
    expect(shouldRefreshLogin(expiresAt, now, lastActivityAt)).toBe(refresh);
  });
});
