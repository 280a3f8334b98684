import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { ADMIN_CHANNEL_SQL } from '../push/adminChanges';

/** What an e-mail is: a wallet code, a payment request, a receipt, a cash voucher to pay, a random-charge validation. */
export type MailKind = 'registration_code' | 'recovery_code' | 'email_payment' | 'receipt' | 'voucher' | 'validation';

/** One e-mail. `merchantId` is the merchant it was sent for (a receipt, a payment request); the wallet's own e-mails (codes) have none. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
  kind: MailKind;
  merchantId?: number | null;
}

/**
 * The common table expressions that write an e-mail to the mailbox and tell every node (an
 * AdminChange { type: 'mail', id, merchantId }, so the sandbox console's mailbox updates by itself):
 * `mail` inserts it from the parameters $at..$at+4 (mailParams), once, or once per row of `from`
 * (a table expression of the same statement); `mail_notice` sends the notice, and the statement
 * must read it for it to run.
 */
export function mailCtes(at: number, from?: string): string {
  return `mail as (
       insert into mailbox (to_email, subject, body, kind, merchant_id)
       select $${at}::text, $${at + 1}::text, $${at + 2}::text, $${at + 3}::text, $${at + 4}::int${from ? ` from ${from}` : ''}
       returning id, merchant_id
     ), mail_notice as (
       select pg_notify(${ADMIN_CHANNEL_SQL}, json_build_object('type', 'mail', 'id', mail.id, 'merchantId', mail.merchant_id)::text) from mail
     )`;
}

/** The parameters mailCtes reads, in its order. */
export const mailParams = (mail: Mail): unknown[] => [mail.to, mail.subject, mail.body, mail.kind, mail.merchantId ?? null];

/**
 * Stands in for the SMTP relay: the e-mail lands in the table GET /sandbox/mailbox reads, and that
 * merchant's key reads it (the operator reads all), in one round trip.
 */
export async function sendMail(db: Queryable, mail: Mail): Promise<void> {
  await db.query(`with ${mailCtes(1)} select count(*)::int as mails from mail_notice`, mailParams(mail));
}

/** The latest 50 e-mails, to one address when `to` is set, of one merchant when `merchantId` is. */
export async function listMail(db: Queryable, to: string | undefined, merchantId?: number) {
  return db.query<{ id: number; to_email: string; subject: string; body: string; kind: string; created_at: Date }>(
    `select * from mailbox where ($1::text is null or lower(to_email) = lower($1)) and ($2::int is null or merchant_id = $2) order by id desc limit 50`,
    [to ?? null, merchantId ?? null],
  );
}

/** A six-digit code for e-mail verification. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Issue 8: e-mailed codes are 6 digits, valid for 10 minutes, single use. */
const CODE_TTL_MS = 10 * 60 * 1000;

export async function issueCode(db: Queryable, args: { purpose: 'register' | 'recovery'; email: string; userId?: number; payload?: unknown }): Promise<string> {
  const code = sixDigitCode();
  await db.query('update verification_codes set used = true where email = $1 and purpose = $2 and not used', [args.email, args.purpose]);
  await db.query(
    'insert into verification_codes (purpose, email, user_id, code, payload, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [args.purpose, args.email, args.userId ?? null, code, JSON.stringify(args.payload ?? {}), new Date(Date.now() + CODE_TTL_MS)],
  );
  return code;
}

/** Wrong codes allowed per address and purpose within CODE_TTL_MS; a new code does not reset them. */
export const MAX_CODE_TRIES = 5;

/**
 * The live code row for email+purpose when code matches; marks it used when consume is true.
 * After MAX_CODE_TRIES wrong codes in CODE_TTL_MS every code is refused, the right one too.
 */
export async function checkCode(db: Queryable, args: { purpose: string; email?: string; userId?: number; code: string; consume: boolean }) {
  const who = (args.email ?? `user:${args.userId ?? ''}`).toLowerCase();
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    'select count(*)::int as n from code_failures where purpose = $1 and who = $2 and created_at > $3',
    [args.purpose, who, new Date(Date.now() - CODE_TTL_MS)],
  );
  if (n >= MAX_CODE_TRIES) return undefined;
  const row = await findCode(db, args);
  if (!row) await db.query('insert into code_failures (purpose, who) values ($1, $2)', [args.purpose, who]);
  return row;
}

async function findCode(db: Queryable, args: { purpose: string; email?: string; userId?: number; code: string; consume: boolean }) {
  const [row] = await db.query<{ id: number; email: string; user_id: number | null; payload: unknown }>(
    `select id, email, user_id, payload from verification_codes
     where purpose = $1 and code = $2 and not used and expires_at > now()
       and ($3::text is null or lower(email) = lower($3)) and ($4::int is null or user_id = $4)
     order by id desc limit 1`,
    [args.purpose, args.code, args.email ?? null, args.userId ?? null],
  );
  if (row && args.consume) await db.query('update verification_codes set used = true where id = $1', [row.id]);
  return row;
}
