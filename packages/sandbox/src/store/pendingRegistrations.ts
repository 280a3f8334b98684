import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { issueCode } from './mailbox';
import type { Registration } from './users';

// Step 1 of a sign-up keeps the registration waiting for its code here, in the register code's row
// (verification_codes.payload: the password as its hash, never as typed), and answers a handle of it,
// registrationId: a random text that confirms nothing without the code mailed to the address. Step 2
// sends the handle and the code alone, so the widget can keep the handle in the tab and go on at the
// code step after a reload without keeping the password anywhere. "Send the code again" sends the
// handle alone: a new code for the same waiting registration, under the same handle.
// A registered e-mail gets a handle too, of a row no code matches (its owner is mailed a notice), so the
// answer does not tell a registered address from a new one.

export type PendingRegistration = Omit<Registration, 'login'> & { login?: string };

interface PendingPayload {
  handle: string;
  asked: string;
  registration?: PendingRegistration;
}

export const newRegistrationHandle = (): string => randomBytes(18).toString('base64url');

/** A waiting registration for `email`: its handle and, for a new address, the code to mail. */
export async function startRegistration(db: Queryable, email: string, registration: PendingRegistration | undefined): Promise<{ handle: string; code?: string }> {
  const handle = newRegistrationHandle();
  const payload: PendingPayload = { handle, asked: email.toLowerCase(), ...(registration ? { registration } : {}) };
  const code = await issueCode(db, { purpose: 'register', email, payload, matchable: registration !== undefined });
  return registration ? { handle, code } : { handle };
}

/** The address a handle's registration is waiting on (its latest code's), and whether its code is still live. */
export async function registrationEmail(db: Queryable, handle: string): Promise<{ email: string; live: boolean } | undefined> {
  const [row] = await db.query<{ email: string; live: boolean }>(
    `select email, not used and expires_at > now() as live from verification_codes where purpose = 'register' and payload->>'handle' = $1 order by id desc limit 1`,
    [handle],
  );
  return row;
}

/**
 * A new code for the registration waiting under `handle`: its live code is ended by one conditional
 * write, so only a live registration (not confirmed, not expired, not replaced by a newer sign-up of
 * its address) is sent again, and only once when two calls race. Undefined when none is waiting.
 */
export async function renewRegistration(db: Queryable, handle: string): Promise<{ email: string; code?: string } | undefined> {
  const [row] = await db.query<{ email: string; payload: PendingPayload; matchable: boolean }>(
    `update verification_codes set used = true
     where id = (select id from verification_codes where purpose = 'register' and payload->>'handle' = $1 and not used and expires_at > now() order by id desc limit 1)
       and not used
     returning email, payload, code <> '' as matchable`,
    [handle],
  );
  if (!row) return undefined;
  const code = await issueCode(db, { purpose: 'register', email: row.email, payload: row.payload, matchable: row.matchable });
  return row.matchable ? { email: row.email, code } : { email: row.email };
}

/** The registration a confirmed code was waiting with (checkCode's row), none for a registered address's. */
export function pendingRegistrationOf(row: { payload: unknown }): PendingRegistration | undefined {
  return (row.payload as Partial<PendingPayload> | null)?.registration;
}
