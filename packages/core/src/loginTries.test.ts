import { describe, expect, it } from 'vitest';
import { loginRefusal, loginTryKey, MAX_FAILED_LOGINS } from './loginTries';

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

describe('PRODUCT.md "a login answers alike for unknown and real accounts, lockout included": one count per login', () => {
  it.each([
    ['Ana', 'ana'],
    ['  ana ', 'ana'],
    ['ANA@Example.com', 'ana@example.com'],
    ['ａｎａ', 'ana'],
  ])('%j counts as %j', (typed, key) => {
    expect(loginTryKey(typed)).toBe(key);
  });
});
