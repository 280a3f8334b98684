import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { ADMIN_CHANNEL_SQL } from '../changes/adminChanges';
import { giveBackWindowCount, takeWindowCount } from './windowCounts';

export type MailKind = 'registration_code' | 'recovery_code' | 'email_payment' | 'receipt' | 'refund' | 'voucher' | 'validation';

/** `merchantId`: the merchant it was sent for; the wallet's own e-mails (codes) have none. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
  html?: string | null | undefined;
  kind: MailKind;
  merchantId?: number | null;
}

/**
 * CTEs that insert an e-mail (from $at.., once, or once per row of `from`) and tell every node, so the
 * console's mailbox updates by itself; the statement must read `mail_notice` for it to run.
 */
export function mailCtes(at: number, from?: string): string {
  return `mail as (
       insert into mailbox (to_email, subject, body, kind, merchant_id, html)
       select $${at}::text, $${at + 1}::text, $${at + 2}::text, $${at + 3}::text, $${at + 4}::int, $${at + 5}::text${from ? ` from ${from}` : ''}
       returning id, merchant_id
     ), mail_notice as (
       select pg_notify(${ADMIN_CHANNEL_SQL}, json_build_object('type', 'mail', 'id', mail.id, 'merchantId', mail.merchant_id)::text) from mail
     )`;
}

export const mailParams = (mail: Mail): unknown[] => [mail.to, mail.subject, mail.body, mail.kind, mail.merchantId ?? null, mail.html ?? null];

/**
 * An e-mail written in its caller's transaction, told to every node by the caller after the commit
 * (announceAdminChange), as an outcome's e-mail is (transactionUpdates' WRITE_OUTCOME).
 */
export async function insertMail(db: Queryable, mail: Mail): Promise<{ id: number; merchantId: number | null }> {
  const [row] = await db.query<{ id: number; merchant_id: number | null }>(
    'insert into mailbox (to_email, subject, body, kind, merchant_id, html) values ($1, $2, $3, $4, $5, $6) returning id, merchant_id', mailParams(mail),
  );
  if (!row) throw new Error('insertMail wrote no e-mail');
  return { id: row.id, merchantId: row.merchant_id };
}

/** Stands in for the SMTP relay: GET /sandbox/mailbox reads the table. */
export async function sendMail(db: Queryable, mail: Mail): Promise<void> {
  await db.query(`with ${mailCtes(1)} select count(*)::int as mails from mail_notice`, mailParams(mail));
}

export async function listMail(db: Queryable, to: string | undefined, merchantId?: number) {
  return db.query<{ id: number; to_email: string; subject: string; body: string; html: string | null; kind: string; created_at: Date }>(
    `select * from mailbox where ($1::text is null or lower(to_email) = lower($1)) and ($2::int is null or merchant_id = $2) order by id desc limit 50`,
    [to ?? null, merchantId ?? null],
  );
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Issue 8: e-mailed codes are 6 digits, valid for 10 minutes, single use. */
const CODE_TTL_MS = 10 * 60 * 1000;

/**
 * With `matchable: false` the row is stored as a code's (ending the older ones, as a new code does)
 * but holds no code that any guess matches: a recovery asked for an account nobody has.
 */
export async function issueCode(db: Queryable, args: { purpose: 'register' | 'recovery'; email: string; userId?: number; payload?: unknown; matchable?: boolean }): Promise<string> {
  const code = args.matchable === false ? '' : sixDigitCode();
  // Matched as findCode matches, so a new code replaces every older one for this address (any case) or user.
  await db.query(
    'update verification_codes set used = true where purpose = $2 and not used and (lower(email) = lower($1) or user_id = $3)',
    [args.email, args.purpose, args.userId ?? null],
  );
  await db.query(
    'insert into verification_codes (purpose, email, user_id, code, payload, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [args.purpose, args.email, args.userId ?? null, code, JSON.stringify(args.payload ?? {}), new Date(Date.now() + CODE_TTL_MS)],
  );
  return code;
}

/** A new code does not reset them. */
export const MAX_CODE_TRIES = 5;

interface CodeCheck {
  purpose: string;
  email?: string;
  userId?: number;
  /**
   * A recovery's or a sign-up's handle (store/recoveryHandles.ts, store/pendingRegistrations.ts): without `email`, its
   * tries count for the account, or the text asked when no account has it; with it, for the address.
   */
  handle?: number | string;
  code: string;
  consume: boolean;
}

/**
 * The live code when it matches; with consume, only one caller gets it. A try is taken before the
 * compare, so a burst of guesses gets MAX_CODE_TRIES compared whatever the concurrency; a right code
 * gives its try back.
 */
/** Too many wrong codes for this address within the code's time: every code is refused until the window ends. */
export const CODE_TRIES_EXCEEDED = 'tries_exceeded';

export async function checkCode(db: Queryable, args: CodeCheck) {
  if (args.email === undefined && args.userId === undefined && args.handle === undefined) throw new Error('checkCode needs an e-mail, a user id or a handle');
  const who = args.email === undefined && args.handle !== undefined ? await handleOwner(db, args.purpose, args.handle) : (args.email ?? `user:${args.userId}`).toLowerCase();
  if ((await takeWindowCount(db, args.purpose, who, CODE_TTL_MS)).count > MAX_CODE_TRIES) return CODE_TRIES_EXCEEDED;
  const row = await findCode(db, args);
  if (!row) return undefined;
  await giveBackWindowCount(db, args.purpose, who);
  if (!args.consume) return row;
  const [consumed] = await db.query('update verification_codes set used = true where id = $1 and not used returning id', [row.id]);
  return consumed ? row : undefined;
}

/** Whose tries a handle's guesses take: its account's (whatever handle or spelling), else the text asked, else the handle's own. */
async function handleOwner(db: Queryable, purpose: string, handle: number | string): Promise<string> {
  const [row] = await db.query<{ user_id: number | null; asked: string | null }>(
    `select user_id, payload->>'asked' as asked from verification_codes where purpose = $1 and payload->>'handle' = $2 order by id desc limit 1`,
    [purpose, String(handle)],
  );
  if (row?.user_id != null) return `user:${row.user_id}`;
  return row ? `asked:${row.asked ?? ''}` : `handle:${handle}`;
}

/** Every live code is compared, in constant time. */
async function findCode(db: Queryable, args: CodeCheck) {
  const rows = await db.query<{ id: number; email: string; user_id: number | null; code: string; payload: unknown }>(
    `select id, email, user_id, code, payload from verification_codes
     where purpose = $1 and not used and expires_at > now()
       and ($2::text is null or lower(email) = lower($2)) and ($3::int is null or user_id = $3)
       and ($4::text is null or payload->>'handle' = $4)
     order by id desc`,
    [args.purpose, args.email ?? null, args.userId ?? null, args.handle === undefined ? null : String(args.handle)],
  );
  const [found] = rows.filter((row) => sameCode(row.code, args.code));
  if (!found) return undefined;
  const { code: _compared, ...row } = found;
  return row;
}

/** Codes have a public length (six digits); only their digits must not show in the timing. */
function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
