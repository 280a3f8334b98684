import { randomBytes } from 'node:crypto';
import { DUPLICATE_COUNTED_STATUSES, duplicateStateOf, isAbandonableChallenge, ENDED_UNPAID_AUTH_STATUSES, type DuplicateCheck, type DuplicateState } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { recordPaymentInBooks } from './balanceTransactions';
import { spendCaptchaTokenSql } from './captchaUses';
import { spendCardTokenSql } from './cardTokenUses';
import { findPaymentOfLink } from './links';
import { findTransactionByTrackId, type NewTransaction, type TransactionRow } from './transactions';

/** 'PP' and twelve hex digits (SPEC 7: sandbox receipts may add SANDBOX_ in front). */
export function newCodOper(): string {
  return `PP${randomBytes(6).toString('hex').toUpperCase()}`;
}

const COLUMNS = [
  'track_id', 'link_code', 'merchant_id', 'method', 'amount_cents', 'tax_cents', 'status', 'auth_status',
  'message_key', 'tx_type', 'card_brand', 'card_last4', 'card_token', 'card_customer', 'card_fingerprint', 'payer_name',
  'email', 'phone', 'concept', 'description', 'lang', 'tx_channel', 'redirect_url', 'expires_at', 'reference',
  'user_id', 'anonymous_user_service_id', 'details', 'campaign_bridge_id', 'campaign_cents', 'request_fingerprint', 'processor',
  'custom_field_values',
] as const satisfies ReadonlyArray<keyof NewTransaction>;

/**
 * Inserts unless the trackId exists (undefined: another request got there first); on a paid single-use
 * link it records nothing and throws conflict request_already_paid.
 */
export async function insertTransaction(db: Queryable, tx: NewTransaction, codOper = newCodOper()): Promise<TransactionRow | undefined> {
  const result = await insertUnlessDuplicate(db, tx, codOper, null);
  if (result.kind !== 'inserted') return undefined;
  // The wallet's balance is paid as it is recorded: into the books with it.
  await recordPaymentInBooks(db, result.row);
  return result.row;
}

const COLUMN_TYPES: Record<(typeof COLUMNS)[number], string> = {
  track_id: 'text', link_code: 'text', merchant_id: 'integer', method: 'text', amount_cents: 'integer', tax_cents: 'integer',
  status: 'integer', auth_status: 'text', message_key: 'text', tx_type: 'text', card_brand: 'text', card_last4: 'text',
  card_token: 'text', card_customer: 'text', card_fingerprint: 'text', payer_name: 'text', email: 'text', phone: 'text', concept: 'text',
  description: 'text', lang: 'text', tx_channel: 'text', redirect_url: 'text', expires_at: 'timestamptz', reference: 'text',
  user_id: 'integer', anonymous_user_service_id: 'integer', details: 'jsonb', campaign_bridge_id: 'integer', campaign_cents: 'integer',
  request_fingerprint: 'text', processor: 'text', custom_field_values: 'jsonb',
};

/** How an attempt's insert goes: its captcha token spent in the same statement; told to every node by the caller after the commit. */
interface InsertShape {
  /** The sha-256 of the payment's captcha token, spent for its merchant and trackId (store/captchaUses.ts's rule). */
  captchaTokenHash?: string | undefined;
  /** The sha-256 of a typed card's vault token, spent for the trackId the attempt records (migration 120). */
  cardTokenHash?: string | undefined;
  /** The caller announces the row after its commit (changes/announcements.ts): no NOTIFY in the statement (migration 085). */
  announcedByNode?: boolean;
}

// Fixed texts built once each: each payment would otherwise build and hash 2 KB of SQL.
function insertUnlessDuplicateSql(captcha: boolean, card: boolean, announced: boolean): string {
  const casts = ['$1::text', ...COLUMNS.map((c, i) => `$${i + 2}::${COLUMN_TYPES[c]}`)].join(', ');
  const d = COLUMNS.length + 1;
  // The token is spent whatever the payment's fate (a duplicate, a paid link): a token counts once.
  // The same request again (its merchant and trackId) keeps it (spendCaptchaTokenSql).
  const captchaSql = captcha
    ? `captcha as (
       ${spendCaptchaTokenSql(`$${d + 8}::text`, '$4::integer', "coalesce($2::text, '')")}
     ), `
    : '';
  const recordable = [
    'not exists (select 1 from duplicate)', 'not exists (select 1 from link_paid)', 'not exists (select 1 from link_ended)',
    ...(captcha ? ['exists (select 1 from captcha)'] : []),
  ];
  // A card token is spent only by an attempt that is recorded (a payment refused as a possible duplicate
  // leaves it to the payer's "yes", which comes with a new trackId). The same trackId again keeps it.
  const cardHash = `$${d + 8 + (captcha ? 1 : 0)}::text`;
  // Spent by another payment already: said before the duplicate rule or a paid link is (as the vault's
  // own word on the CVC would be, before anything is recorded).
  const cardSql = card
    ? `card_spent as (
       select 1 from card_token_uses where token_hash = ${cardHash} and track_id <> coalesce($2::text, '')
     ), card_use as (
       ${spendCardTokenSql(cardHash, "coalesce($2::text, '')", recordable.join(' and '))}
     ), `
    : '';
  const conditions = [
    ...recordable,
    ...(card ? ['exists (select 1 from card_use)'] : []),
    ...(announced ? ["set_config('pasarela.announced_by_node', 'on', true) = 'on'"] : []),
  ];
  // The single-use link is locked as settlePayment locks it before a claim: an attempt is recorded
  // before that lock (the winner's call-off sees it) or after the claim (finds the link paid).
  // A single-use link ended after the payment's check (a shop whose order changed ends its old link,
  // under this same lock) records nothing: the clock is read once the lock is held. Any other link's
  // end is read after a shared lock that ending it takes exclusively (migration 170).
  return `with ${captchaSql}single_use_link as materialized (
       select paid_cod_oper, expires_at from payment_links where code = $3::text and single_use for update
     ), link_paid as (
       select 1 from single_use_link where paid_cod_oper is not null
     ), link_ended as (
       select 1 from single_use_link where paid_cod_oper is null and expires_at <= clock_timestamp()
       union all select 1 where pasarela_link_ended_after_lock($3::text)
     ), duplicate as materialized (
       select * from pasarela_duplicate_after_lock($${d + 1}::text, $${d + 2}::text, $${d + 3}::integer, $${d + 4}::timestamptz, $${d + 5}::integer, $${d + 6}::integer[], $${d + 7}::text[])
     ), ${cardSql}inserted as (
       insert into transactions (cod_oper, ${COLUMNS.join(', ')}) select ${casts}
        where ${conditions.join(' and ')}
       on conflict (track_id) do nothing returning *
     )
     select (select count(*) from link_paid)::int as link_paid, (select count(*) from link_ended)::int as link_ended, (select count(*) from duplicate)::int as duplicates, (select track_id from duplicate) as duplicate_track_id, (select cod_oper from duplicate) as duplicate_cod_oper, (select method from duplicate) as duplicate_method, (select status from duplicate) as duplicate_status, (select auth_status from duplicate) as duplicate_auth_status, (select redirect_url from duplicate) as duplicate_redirect_url,${captcha ? ' (select count(*) from captcha)::int as captcha_spent,' : ''}${card ? ' (select count(*) from card_spent)::int as card_spent, (select count(*) from card_use)::int as card_use,' : ''} inserted.*
     from (select 1) as one left join inserted on true`;
}
const SHAPES = new Map<string, string>();
function sqlOf(captcha: boolean, card: boolean, announced: boolean): string {
  const key = `${captcha}:${card}:${announced}`;
  let sql = SHAPES.get(key);
  if (sql === undefined) {
    sql = insertUnlessDuplicateSql(captcha, card, announced);
    SHAPES.set(key, sql);
  }
  return sql;
}

export type DuplicateCheckedInsert =
  | { kind: 'inserted'; row: TransactionRow }
  /** A recent payment of the same card and amount, where its payer can go back to it (an open 3DS challenge's page too). */
  | { kind: 'duplicate'; trackId: string | null; codOper: string; method: string; state: DuplicateState; challengeUrl: string | null }
  | { kind: 'track_id_taken' }
  /** Another payment has the captcha token: nothing recorded. */
  | { kind: 'captcha_spent' }
  /** Another payment spent the typed card's vault token: nothing recorded. */
  | { kind: 'card_token_spent' };

export function duplicateLockKey(check: Pick<DuplicateCheck, 'merchantId' | 'cardFingerprint' | 'amountCents'>): string {
  return `duplicate:${check.merchantId}:${check.cardFingerprint}:${check.amountCents}`;
}

/**
 * SPEC 8 possible_duplicated_tx (same amount and card within 5 minutes at the merchant, counting only
 * payments that went through or may still) checked and tx inserted in one statement; a null check
 * (tryAgain) inserts without looking. The check takes the rule's advisory lock per (merchant, card,
 * amount) in this statement and reads after it (migration 105), so two payments of one card at the
 * same moment cannot both pass on any node; the lock is held until the statement commits. A paid single-use link
 * throws request_already_paid, one ended meanwhile 3000 (expired link); `shape` spends the captcha
 * token in the same statement (captcha_spent: another payment has it, nothing recorded).
 */
export async function insertUnlessDuplicate(
  db: Queryable,
  tx: NewTransaction,
  codOper: string,
  duplicate: DuplicateCheck | null,
  shape: InsertShape = {},
): Promise<DuplicateCheckedInsert> {
  const values = [codOper, ...COLUMNS.map((c) => (c === 'details' ? JSON.stringify(tx.details) : c === 'custom_field_values' ? JSON.stringify(tx.custom_field_values ?? []) : tx[c] ?? null))];
  const captcha = shape.captchaTokenHash !== undefined;
  const card = shape.cardTokenHash !== undefined;
  const [result] = await db.query<Partial<TransactionRow> & { link_paid: number; link_ended: number; duplicates: number; duplicate_track_id: string | null; duplicate_cod_oper: string | null; duplicate_method: string | null; duplicate_status: number | null; duplicate_auth_status: string | null; duplicate_redirect_url: string | null }>(
    sqlOf(captcha, card, shape.announcedByNode === true),
    [
      ...values, duplicate ? duplicateLockKey(duplicate) : null, duplicate?.cardFingerprint ?? null, duplicate?.amountCents ?? null, duplicate?.since ?? null,
      duplicate?.merchantId ?? null, DUPLICATE_COUNTED_STATUSES, ENDED_UNPAID_AUTH_STATUSES, ...(captcha ? [shape.captchaTokenHash] : []),
      ...(card ? [shape.cardTokenHash] : []),
    ],
  );
  if (!result) throw new Error('insertUnlessDuplicate returned no row');
  const { link_paid: linkPaid, link_ended: linkEnded, duplicates, duplicate_track_id: duplicateTrackId, duplicate_cod_oper: duplicateCodOper, duplicate_method: duplicateMethod, duplicate_status: duplicateStatus, duplicate_auth_status: duplicateAuth, duplicate_redirect_url: duplicateRedirect, captcha_spent: captchaSpent, card_spent: cardSpent, card_use: cardUse, ...row } = result as typeof result & { captcha_spent?: number; card_spent?: number; card_use?: number };
  if (captchaSpent === 0) return { kind: 'captcha_spent' };
  if (cardSpent !== undefined && cardSpent > 0) return { kind: 'card_token_spent' };
  if (linkPaid > 0) {
    if (tx.track_id && (await findTransactionByTrackId(db, tx.track_id))) return { kind: 'track_id_taken' };
    // Named, so the payer's page says how the order was paid and shows that receipt.
    const paid = tx.link_code ? await findPaymentOfLink(db, tx.link_code) : undefined;
    throw new PaymentError('conflict', 'request_already_paid', 'This single-use link was paid by another payment', paid ? { paidBy: paid.cod_oper, paidWith: paid.method } : {});
  }
  if (linkEnded > 0) {
    if (tx.track_id && (await findTransactionByTrackId(db, tx.track_id))) return { kind: 'track_id_taken' };
    throw new PaymentError('gone', 3000);
  }
  if (duplicates > 0) {
    const earlier = { method: duplicateMethod ?? 'card', status: duplicateStatus ?? 1, authStatus: duplicateAuth, redirectUrl: duplicateRedirect };
    return {
      kind: 'duplicate', trackId: duplicateTrackId, codOper: duplicateCodOper ?? '', method: earlier.method, state: duplicateStateOf(earlier) ?? 'charged',
      challengeUrl: isAbandonableChallenge(earlier) ? duplicateRedirect : null,
    };
  }
  if (cardUse === 0) return { kind: 'card_token_spent' };
  if (row.id === null || row.id === undefined) return { kind: 'track_id_taken' };
  return { kind: 'inserted', row: row as TransactionRow };
}
