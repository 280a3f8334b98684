import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
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
// A new code ends the address's older ones (issueCode), and is written with its e-mail in one
// transaction under a lock of the address (any case): step 1 asked twice at once, or with a "send it
// again", on any node, leaves one live code, the one in the address's latest e-mail.

export type PendingRegistration = Omit<Registration, 'login'> & { login?: string };

interface PendingPayload {
  handle: string;
  asked: string;
  registration?: PendingRegistration;
}

export const newRegistrationHandle = (): string => randomBytes(18).toString('base64url');

/** What writes a code's e-mail (none for a registered address's notice), in the transaction that issues the code. */
export type MailCode = (tx: Queryable, to: string, code: string | undefined) => Promise<void>;

/** A database that runs a transaction: the codes of an address are issued one at a time. */
export type CodeDatabase = Queryable & Pick<Database, 'transaction'>;

/** Taken by every code issued for a sign-up of the address, whatever its case, on any node. */
const addressLock = (email: string): string => `pasarela.register_code:${email.toLowerCase()}`;

/** A waiting registration for `email`: its handle and, for a new address, the code, mailed by `mail`. */
export async function startRegistration(
  db: CodeDatabase, email: string, registration: PendingRegistration | undefined, mail?: MailCode,
): Promise<{ handle: string; code?: string }> {
  const handle = newRegistrationHandle();
  const payload: PendingPayload = { handle, asked: email.toLowerCase(), ...(registration ? { registration } : {}) };
  return db.transaction(async (tx) => {
    const code = await issueCode(tx, { purpose: 'register', email, payload, matchable: registration !== undefined });
    const sent = registration ? code : undefined;
    await mail?.(tx, email, sent);
    return sent === undefined ? { handle } : { handle, code: sent };
  }, { advisoryLock: addressLock(email) });
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
 * A new code for the registration waiting under `handle`, mailed by `mail`: its live code is ended by
 * one conditional write, so only a live registration (not confirmed, not expired, not replaced by a
 * newer sign-up of its address) is sent again, and only once when two calls race. Undefined when none
 * is waiting.
 */
export async function renewRegistration(db: CodeDatabase, handle: string, mail?: MailCode): Promise<{ email: string; code?: string } | undefined> {
  // A handle's rows all hold one address, so its lock is known before the transaction.
  const waiting = await registrationEmail(db, handle);
  if (!waiting) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ email: string; payload: PendingPayload; matchable: boolean }>(
      `update verification_codes set used = true
       where id = (select id from verification_codes where purpose = 'register' and payload->>'handle' = $1 and not used and expires_at > now() order by id desc limit 1)
         and not used
       returning email, payload, code <> '' as matchable`,
      [handle],
    );
    if (!row) return undefined;
    const code = await issueCode(tx, { purpose: 'register', email: row.email, payload: row.payload, matchable: row.matchable });
    const sent = row.matchable ? code : undefined;
    await mail?.(tx, row.email, sent);
    return sent === undefined ? { email: row.email } : { email: row.email, code: sent };
  }, { advisoryLock: addressLock(waiting.email) });
}

/** The registration a confirmed code was waiting with (checkCode's row), none for a registered address's. */
export function pendingRegistrationOf(row: { payload: unknown }): PendingRegistration | undefined {
  return (row.payload as Partial<PendingPayload> | null)?.registration;
}
