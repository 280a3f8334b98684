import { describe, expect, it } from 'vitest';
import { catalogs } from './i18n';
import { LOGIN_LOCK_MS, LOGIN_TRIES_WINDOW_MS, loginRefusal, loginTriesKey, MAX_FAILED_LOGINS } from './loginTries';

describe('docs/api.md "5 failures lock 15 min; each try is counted before the password is checked"', () => {
  it.each([
    // [try number (null: locked), password matches (null: not checked yet), answer]
    [null, null, 'account_temp_suspended'],
    [null, true, 'account_temp_suspended'],
    [1, null, null],
    [1, false, 'invalid_credentials'],
    [1, true, null],
    [MAX_FAILED_LOGINS - 1, false, 'invalid_credentials'],
    [MAX_FAILED_LOGINS, false, 'account_temp_suspended'],
    [MAX_FAILED_LOGINS, true, null],
    [MAX_FAILED_LOGINS + 1, null, 'account_temp_suspended'],
    [MAX_FAILED_LOGINS + 1, true, 'account_temp_suspended'],
  ] as const)('try %j, password %j -> %j', (tryNumber, matches, answer) => {
    expect(loginRefusal(tryNumber, matches)).toBe(answer);
  });
});

describe('PRODUCT.md "a login answers alike for unknown and real accounts, lockout included": one count per account, or per unknown login', () => {
  it.each([
    // [the account the login or e-mail found (none: unknown), as typed, the count it takes]
    [{ id: 7 }, 'demo', 'account:7'],
    [{ id: 7 }, 'demo@pasarela.test', 'account:7'],
    [{ id: 7 }, '  DEMO ', 'account:7'],
    [undefined, 'Ana', 'login:ana'],
    [undefined, '  ana ', 'login:ana'],
    [undefined, 'ANA@Example.com', 'login:ana@example.com'],
    [undefined, 'ａｎａ', 'login:ana'],
  ] as const)('account %j, typed %j -> %j', (account, typed, key) => {
    expect(loginTriesKey(account, typed)).toBe(key);
  });
});

describe('docs/api.md "5 failures within 15 min of the first lock 15 min"', () => {
  it.each([
    ['failures a lock needs', MAX_FAILED_LOGINS, 5],
    ['the window they count in (ms)', LOGIN_TRIES_WINDOW_MS, 15 * 60 * 1000],
    ['the lock (ms)', LOGIN_LOCK_MS, 15 * 60 * 1000],
  ])('%s: %j', (_what, value, documented) => {
    expect(value).toBe(documented);
  });
});

describe('docs/wallet.md "Five wrong passwords lock the account for 15 minutes": the lock says how long to wait', () => {
  it.each([
    ['es', 'espera 15 minutos'],
    ['en', 'wait 15 minutes'],
  ] as const)('%s says "%s", the server\'s lock (LOGIN_LOCK_MS) in minutes', (lang, wait) => {
    expect(LOGIN_LOCK_MS / 60_000).toBe(15);
    expect(catalogs[lang].account_temp_suspended).toContain(wait);
  });
});
