// docs/api.md "POST login": 5 failures within 15 min lock 15 min, each try counted before the password is checked.
// PRODUCT.md: "a login answers alike for unknown and real accounts, lockout included", so tries are
// counted for an unknown login as typed, as they are for an account.

export const MAX_FAILED_LOGINS = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/**
 * "5 failures lock 15 min": the failures of 15 minutes, counted from the first of them. A try after
 * that starts a new count, so old mistakes never lock a payer out at the first wrong password of a
 * later day, and a count that has lapsed (and has no lock running) is kept for nothing.
 */
export const LOGIN_TRIES_WINDOW_MS = 15 * 60 * 1000;

/** One count per login however it is spelt: case, width and surrounding spaces do not start a new count. */
function loginTryKey(login: string): string {
  return login.normalize('NFKC').trim().toLowerCase();
}

/**
 * Whose count a login's try takes: the account's when one has this login or e-mail, so every
 * spelling of it (login, e-mail, any case) counts as one; else the text as typed, so an unknown
 * login is counted and locked as a real one is.
 */
export function loginTriesKey(account: { id: number } | undefined, login: string): string {
  return account ? `account:${account.id}` : `login:${loginTryKey(login)}`;
}

type LoginRefusal = 'invalid_credentials' | 'account_temp_suspended';

/**
 * The answer to a login whose try got `tryNumber` in its count (null while the login is locked).
 * `passwordMatches` is null when the password was not checked yet: a locked login, or one past its
 * tries, is refused before any password is checked.
 */
export function loginRefusal(tryNumber: number | null, passwordMatches: boolean | null): LoginRefusal | null {
  if (tryNumber === null || tryNumber > MAX_FAILED_LOGINS) return 'account_temp_suspended';
  if (passwordMatches === null || passwordMatches) return null;
  return tryNumber < MAX_FAILED_LOGINS ? 'invalid_credentials' : 'account_temp_suspended';
}
