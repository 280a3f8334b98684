import { isStationId, isStrongPassword, isWalletLogin } from '@pasarela/core';
import { FieldError, WordedError } from './FieldError';

/** What a field holds, read by `read`; its refusal is the field's (FieldError), so the focus goes there. */
export function inField<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof FieldError || !(e instanceof WordedError)) throw e;
    throw new FieldError(field, e.wording);
  }
}

// The admin API's rules for these fields (core's, as routes/admin adminCatalog.ts and adminUsers.ts
// read them), checked before the save so a refusal is worded in the console's language and names the field.

/** A station's id as the admin API takes it: 3-40 letters, digits or dashes. */
export function checkedStationId(text: string): string {
  if (!isStationId(text)) throw new FieldError('stationId', { key: 'stationId.invalid' });
  return text;
}

/** A wallet user's login, trimmed, or undefined when empty (the server makes one up). */
export function checkedLogin(text: string): string | undefined {
  const login = text.trim();
  if (login === '') return undefined;
  if (!isWalletLogin(login)) throw new FieldError('login', { key: 'login.invalid' });
  return login;
}

/** A wallet user's password under core's policy (isStrongPassword), as the wallet's signup asks. */
export function checkedPassword(text: string): string {
  if (!isStrongPassword(text)) throw new FieldError('password', { key: 'password.weak' });
  return text;
}
