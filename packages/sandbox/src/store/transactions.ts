import { randomBytes } from 'node:crypto';
import { DUPLICATE_COUNTED_STATUSES, duplicateStateOf, ENDED_UNPAID_AUTH_STATUSES, type DuplicateCheck, type DuplicateState } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { recordPaymentInBooks } from './balanceTransactions';
import { PaymentError } from '../errors/PaymentError';
import { mailCtes, mailParams, type Mail } from './mailbox';

export interface TransactionRow {
  id: number;
  cod_oper: string;
  track_id: string | null;
  link_code: string | null;
  merchant_id: number;
  method: string;
  amount_cents: number;
  tax_cents: number;
  status: number;
  auth_status: string;
  message_key: string;
  tx_type: string;
  card_brand: string | null;
  card_last4: string | null;
  card_token: string | null;
  /** The card processor's customer the saved card (card_token) belongs to, when it has one. */
  card_customer: string | null;
  card_fingerprint: string | null;
  payer_name: string;
  email: string;
  phone: string;
  concept: string;
  description: string;
  lang: string;
  tx_channel: string;
  redirect_url: string | null;
  expires_at: Date | null;
  /** Voucher number, Nequi/Yappy phone key, crypto address: what the payer quotes. */
  reference: string | null;
  user_id: number | null;
  /** SPEC 6: the anonymous user service id a guest paid under; null for a wallet user. */
  anonymous_user_service_id: number | null;
  details: Record<string, unknown>;
  campaign_bridge_id: number | null;
  campaign_cents: number;
  /** HMAC of what defines the charge (core chargeIdentityText): a repeated trackId must make the same one. */
  request_fingerprint: string | null;
  /** The processor's own id of the charge (a card's), as its answer gave it; null until it answered. */
  gateway_reference: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewTransaction = Omit<TransactionRow, 'id' | 'cod_oper' | 'gateway_reference' | 'card_customer' | 'created_at' | 'updated_at'>
  & { card_customer?: string | null };

/** An operation code: 'PP' and twelve hex digits (SPEC 7: sandbox receipts may add SANDBOX_ in front). */
export function newCodOper(): string {
  return `PP${randomBytes(6).toString('hex').toUpperCase()}`;
}

const COLUMNS = [
  'track_id', 'link_code', 'merchant_id', 'method', 'amount_cents', 'tax_cents', 'status', 'auth_status',
  'message_key', 'tx_type', 'card_brand', 'card_last4', 'card_token', 'card_customer', 'card_fingerprint', 'payer_name',
  'email', 'phone', 'concept', 'description', 'lang', 'tx_channel', 'redirect_url', 'expires_at', 'reference',
  'user_id', 'anonymous_user_service_id', 'details', 'campaign_bridge_id', 'campaign_cents', 'request_fingerprint',
] as const satisfies ReadonlyArray<keyof NewTransaction>;

/**
 * Inserts a transaction unless one with the same trackId exists; returns the new row, or
 * undefined when another request with that trackId got there first (exactly-once by trackId).
 * On a paid single-use link it records nothing and throws conflict request_already_paid (the link's
 * guard in insertUnlessDuplicate). Every node hears of it through migration 006's trigger
 * (changes/transactionEvents.ts).
 */
export async function insertTransaction(db: Queryable, tx: NewTransaction, codOper = newCodOper()): Promise<TransactionRow | undefined> {
  const result = await insertUnlessDuplicate(db, tx, codOper, null);
  if (result.kind !== 'inserted') return undefined;
  // Paid as it is recorded (the wallet's balance, in the caller's transaction): into the books with it.
  await recordPaymentInBooks(db, result.row);
  return result.row;
}

export async function findTransactionByTrackId(db: Queryable, trackId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where track_id = $1', [trackId]);
  return row;
}

export async function findTransaction(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where cod_oper = $1', [codOper]);
  return row;
}

/** The card payment the processor knows by this reference (its charge id). */
export async function findTransactionByGatewayReference(db: Queryable, reference: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>("select * from transactions where gateway_reference = $1 and method = 'card'", [reference]);
  return row;
}

export async function listTransactionsForLink(db: Queryable, linkCode: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>('select * from transactions where link_code = $1 order by id', [linkCode]);
}

/** Each column's SQL type, for inserts whose values come through a select (no VALUES to infer them from). */
const COLUMN_TYPES: Record<(typeof COLUMNS)[number], string> = {
  track_id: 'text', link_code: 'text', merchant_id: 'integer', method: 'text', amount_cents: 'integer', tax_cents: 'integer',
  status: 'integer', auth_status: 'text', message_key: 'text', tx_type: 'text', card_brand: 'text', card_last4: 'text',
  card_token: 'text', card_customer: 'text', card_fingerprint: 'text', payer_name: 'text', email: 'text', phone: 'text', concept: 'text',
  description: 'text', lang: 'text', tx_channel: 'text', redirect_url: 'text', expires_at: 'timestamptz', reference: 'text',
  user_id: 'integer', anonymous_user_service_id: 'integer', details: 'jsonb', campaign_bridge_id: 'integer', campaign_cents: 'integer',
  request_fingerprint: 'text',
};

/**
 * insertUnlessDuplicate's statement, with the e-mail's or without: the same two texts every time,
 * built once (each payment would otherwise build and hash a text of 2 KB).
 */
function insertUnlessDuplicateSql(withMail: boolean): string {
  const casts = ['$1::text', ...COLUMNS.map((c, i) => `$${i + 2}::${COLUMN_TYPES[c]}`)].join(', ');
  const d = COLUMNS.length + 1;
  const mailSql = withMail ? `, ${mailCtes(d + 5, 'inserted')}` : '';
  // The single-use link the attempt pays ($3, link_code), locked as settlePayment locks it before a
  // payment claims it: an attempt is recorded before that lock is taken (and the winner's call-off
  // sees it) or after the claim commits (and finds the link paid: nothing is recorded).
  // core duplicateStateOf in SQL; a null window start (tryAgain) matches nothing.
  return `with single_use_link as materialized (
       select paid_cod_oper from payment_links where code = $3::text and single_use for update
     ), link_paid as (
       select 1 from single_use_link where paid_cod_oper is not null
     ), duplicate as (
       select track_id, cod_oper, method, status, auth_status from transactions where card_fingerprint = $${d + 1} and amount_cents = $${d + 2} and created_at >= $${d + 3}::timestamptz
         and merchant_id = $${d + 4}::integer and status in (${DUPLICATE_COUNTED_STATUSES.join(', ')})
         and upper(auth_status) not in (${ENDED_UNPAID_AUTH_STATUSES.map((a) => `'${a}'`).join(', ')})
       order by (status = -1), id desc limit 1
     ), inserted as (
       insert into transactions (cod_oper, ${COLUMNS.join(', ')}) select ${casts}
        where not exists (select 1 from duplicate) and not exists (select 1 from link_paid)
       on conflict (track_id) do nothing returning *
     )${mailSql}
     select (select count(*) from link_paid)::int as link_paid, (select count(*) from duplicate)::int as duplicates, (select track_id from duplicate) as duplicate_track_id, (select cod_oper from duplicate) as duplicate_cod_oper, (select method from duplicate) as duplicate_method, (select status from duplicate) as duplicate_status, (select auth_status from duplicate) as duplicate_auth_status,${withMail ? ' (select count(*) from mail_notice)::int as mails,' : ''} inserted.*
     from (select 1) as one left join inserted on true`;
}
const INSERT_UNLESS_DUPLICATE = insertUnlessDuplicateSql(false);
const INSERT_UNLESS_DUPLICATE_WITH_MAIL = insertUnlessDuplicateSql(true);

/** What insertUnlessDuplicate did. */
export type DuplicateCheckedInsert =
  | { kind: 'inserted'; row: TransactionRow }
  /**
   * A recent payment of the same card and amount: its trackId (the same one when this is a retry),
   * and its operation and method, where the payer holding that card can go back to it.
   */
  | { kind: 'duplicate'; trackId: string | null; codOper: string; method: string; state: DuplicateState }
  /** No duplicate, but a row with this trackId exists (another request with it got there first). */
  | { kind: 'track_id_taken' };

/** The advisory lock key that serialises the duplicate check of one card and amount at one merchant. */
export function duplicateLockKey(check: Pick<DuplicateCheck, 'merchantId' | 'cardFingerprint' | 'amountCents'>): string {
  return `duplicate:${check.merchantId}:${check.cardFingerprint}:${check.amountCents}`;
}

/**
 * SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes" at the same merchant
 * (core duplicateCheckOf and duplicateStateOf), whatever link or station of it was paid, counting
 * only payments that went through or may still (approved, captured or pending, not ended unpaid): a
 * decline, a 3DS challenge the payer called off, is no charge. A charged one is named before a waiting one. A
 * null check (SPEC 3 tryAgain: the payer confirmed a second purchase) inserts without looking.
 * Looks for such a payment and, when there is none, inserts tx (once per trackId, as
 * insertTransaction does), in one statement. Two payments of one card at the same moment must run
 * it in transactions holding one advisory lock (duplicateLockKey), taken in a statement before this one:
 * a statement sees only what was committed before it started.
 * With `mail`, the same statement writes that e-mail to the mailbox (and tells every node, as
 * sendMail does) when, and only when, it inserts the row: one statement, one commit.
 * On a single-use link the statement first locks the link, as settlePayment does before it claims
 * it: once the link is paid nothing is inserted and it throws conflict request_already_paid (a retry of
 * a trackId already recorded answers track_id_taken instead, so the caller answers that attempt).
 */
export async function insertUnlessDuplicate(
  db: Queryable,
  tx: NewTransaction,
  codOper: string,
  duplicate: DuplicateCheck | null,
  mail?: Mail,
): Promise<DuplicateCheckedInsert> {
  const values = [codOper, ...COLUMNS.map((c) => (c === 'details' ? JSON.stringify(tx.details) : tx[c] ?? null))];
  const mailValues = mail ? mailParams(mail) : [];
  const [result] = await db.query<Partial<TransactionRow> & { link_paid: number; duplicates: number; duplicate_track_id: string | null; duplicate_cod_oper: string | null; duplicate_method: string | null; duplicate_status: number | null; duplicate_auth_status: string | null }>(
    mail ? INSERT_UNLESS_DUPLICATE_WITH_MAIL : INSERT_UNLESS_DUPLICATE,
    [...values, duplicate?.cardFingerprint ?? null, duplicate?.amountCents ?? null, duplicate?.since ?? null, duplicate?.merchantId ?? null, ...mailValues],
  );
  if (!result) throw new Error('insertUnlessDuplicate returned no row');
  const { link_paid: linkPaid, duplicates, duplicate_track_id: duplicateTrackId, duplicate_cod_oper: duplicateCodOper, duplicate_method: duplicateMethod, duplicate_status: duplicateStatus, duplicate_auth_status: duplicateAuth, mails: _mails, ...row } = result as typeof result & { mails?: number };
  if (linkPaid > 0) {
    // A retry of an attempt already recorded (the one that paid, say) answers as that one did.
    if (tx.track_id && (await findTransactionByTrackId(db, tx.track_id))) return { kind: 'track_id_taken' };
    throw new PaymentError('conflict', 'request_already_paid', 'This single-use link was paid by another payment');
  }
  if (duplicates > 0) return { kind: 'duplicate', trackId: duplicateTrackId, codOper: duplicateCodOper ?? '', method: duplicateMethod ?? 'card', state: duplicateStateOf({ status: duplicateStatus ?? 1, authStatus: duplicateAuth }) ?? 'charged' };
  if (row.id === null || row.id === undefined) return { kind: 'track_id_taken' };
  return { kind: 'inserted', row: row as TransactionRow };
}

/** What a gateway's answer makes of a payment: its status, auth status and message, and details to add. */
export interface PaymentOutcome {
  status: number;
  authStatus: string;
  messageKey: string;
  details?: Record<string, unknown> | undefined;
  /** Where the payer goes next (a 3DS challenge); cleared by any other outcome. */
  redirectUrl?: string | null | undefined;
  /** What the payer quotes (a voucher's number, a crypto address), when the gateway gives one. */
  reference?: string | undefined;
  /** The processor's own id of the charge, when its answer gave one (kept once known). */
  gatewayReference?: string | undefined;
}

/** Writes a payment's outcome (payments/settlePayment.ts decides whether it may). */
export async function writeOutcome(db: Queryable, codOper: string, outcome: PaymentOutcome): Promise<TransactionRow> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set status = $2, auth_status = $3, message_key = $4, details = details || $5::jsonb, redirect_url = $6,
       reference = coalesce($7, reference), gateway_reference = coalesce($8, gateway_reference), updated_at = now()
     where cod_oper = $1 returning *`,
    [codOper, outcome.status, outcome.authStatus, outcome.messageKey, JSON.stringify(outcome.details ?? {}), outcome.redirectUrl ?? null, outcome.reference ?? null, outcome.gatewayReference ?? null],
  );
  if (!row) throw new Error(`writeOutcome found no payment ${codOper}`);
  // An approval enters the merchant's books in the transaction that records it (settlePayment's).
  await recordPaymentInBooks(db, row);
  return row;
}

/** A payment, locked until the caller's transaction ends. */
export async function lockTransaction(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where cod_oper = $1 for update', [codOper]);
  return row;
}

/**
 * The other payments of a link that may still be waiting (a pending code of some method, not ended
 * unpaid), locked; the caller tells which are pending by core's rule.
 */
export async function lockOtherOpenAttempts(db: Queryable, linkCode: string, codOper: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    'select * from transactions where link_code = $1 and cod_oper <> $2 and status in (-1, 0) and auth_status <> all($3::text[]) order by id for update',
    [linkCode, codOper, ENDED_UNPAID_AUTH_STATUSES],
  );
}

/** Records a gateway event once: false when its id was seen (delivered twice, or by two nodes). */
export async function recordGatewayEvent(db: Queryable, event: { id: string; key: string; kind: string }): Promise<boolean> {
  const rows = await db.query('insert into gateway_events (id, attempt_key, kind, body) values ($1, $2, $3, $4) on conflict (id) do nothing returning id',
    [event.id, event.key, event.kind, JSON.stringify(event)]);
  return rows.length > 0;
}

/**
 * Forgets an attempt its gateway never took on (the processor failed before deciding, or has no
 * record of its key): nothing was charged, and while in doubt it was never announced (no push
 * notice, no webhook). Its trackId is free again, so the payer's retry is a new attempt.
 */
export async function dropUnsentAttempt(db: Queryable, codOper: string): Promise<boolean> {
  const rows = await db.query("delete from transactions where cod_oper = $1 and auth_status = 'PROCESSING' returning cod_oper", [codOper]);
  return rows.length > 0;
}

/** The card an attempt in doubt charges, as the card processor saved it (its token and customer). */
export async function keepAttemptCard(db: Queryable, codOper: string, card: { token: string; customer: string | null }): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    "update transactions set card_token = $2, card_customer = $3 where cod_oper = $1 and auth_status = 'PROCESSING' returning *", [codOper, card.token, card.customer]);
  return row;
}

/** A crypto payment's new quote (coin, network, price, until when) and the address to pay it at. */
export async function updateQuote(db: Queryable, codOper: string, details: Record<string, unknown>, address: string | null): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('update transactions set details = $2, reference = $3, updated_at = now() where cod_oper = $1 and status <> 1 returning *',
    [codOper, JSON.stringify(details), address]);
  return row;
}

/** The newest Nequi payment of a link (SPEC 7 "load last code"). */
export async function latestNequiPayment(db: Queryable, linkCode: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>("select * from transactions where link_code = $1 and method = 'nequi' order by id desc limit 1", [linkCode]);
  return row;
}

/** A cash voucher by its 12-digit number or its codOper, of one merchant when merchantId is set. */
export async function findCashVoucher(db: Queryable, reference: string, merchantId: number | undefined): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>("select * from transactions where method = 'cash' and (reference = $1 or cod_oper = $1) and ($2::int is null or merchant_id = $2)", [reference, merchantId ?? null]);
  return row;
}

/** Records a crypto refund as sent, once: only while the refund it owes is still pending. What it owed the payer is given back. */
export async function markCryptoRefundSent(db: Queryable, codOper: string, details: Record<string, unknown>): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = $2::jsonb || case when details -> 'owedToPayer' is null then '{}'::jsonb
         else jsonb_build_object('owedToPayer', (details -> 'owedToPayer') || jsonb_build_object('state', 'given_back', 'settledAt', now())) end,
       message_key = 'crypto_refunded', updated_at = now()
      where cod_oper = $1 and details -> 'refund' ->> 'status' = 'pending' returning *`,
    [codOper, JSON.stringify(details)],
  );
  return row;
}

/**
 * Money a gateway took for a payment Pasarela had called off (`details.owedToPayer`): being given
 * back through the gateway's port, given back, or owed to the payer (the port cannot give it back,
 * or failed to): the merchant's verify call and webhooks show it while it is not given back.
 */
export type OwedState = 'giving_back' | 'given_back' | 'owed';
export interface OwedToPayer {
  amountCents: number;
  state: OwedState;
  takenAt: string;
  settledAt?: string;
}

/**
 * Records what a gateway took for a payment that had been called off (its late answer's details,
 * and details.owedToPayer), once: a second answer saying the same changes nothing. Undefined then.
 */
export async function recordMoneyTaken(db: Queryable, codOper: string, details: Record<string, unknown>, messageKey?: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || $2::jsonb, message_key = coalesce($3, message_key), updated_at = now()
      where cod_oper = $1 and details -> 'owedToPayer' is null returning *`,
    [codOper, JSON.stringify(details), messageKey ?? null],
  );
  return row;
}

/** Ends a give-back, once: given back through the port, or owed to the payer. Undefined when it was not being given back. */
export async function endGiveBack(db: Queryable, codOper: string, state: 'given_back' | 'owed'): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = jsonb_set(details, '{owedToPayer}', (details -> 'owedToPayer') || jsonb_build_object('state', $2::text, 'settledAt', now())),
       updated_at = now()
      where cod_oper = $1 and details -> 'owedToPayer' ->> 'state' = 'giving_back' returning *`,
    [codOper, state],
  );
  return row;
}

/** A wallet user's own payments, newest first: all, of one method, or of one link. */
export async function listUserTransactions(
  db: Queryable, userId: number, filter: { limit: number; method?: string; linkCode?: string | null },
): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    `select * from transactions where user_id = $1 and ($2::text is null or method = $2) and ($3::text is null or link_code = $3)
      order by id desc limit $4`,
    [userId, filter.method ?? null, filter.linkCode ?? null, filter.limit],
  );
}

/** A payment with the state of its validation charge, if one was asked, and what was refunded of it (the console's list). */
export type TransactionWithValidation = TransactionRow & { validation_state: number | null; refunded_cents: number };

/** Payments newest first, filtered by link, method and merchant (undefined: any). */
export async function listRecentTransactions(
  db: Queryable, filter: { linkCode?: string; method?: string; merchantId?: number; limit: number },
): Promise<TransactionWithValidation[]> {
  return db.query<TransactionWithValidation>(
    `select t.*, v.state as validation_state from transactions t left join validations v on v.cod_oper = t.cod_oper
      where ($1::text is null or t.link_code = $1) and ($2::text is null or t.method = $2) and ($4::int is null or t.merchant_id = $4)
      order by t.id desc limit $3`,
    [filter.linkCode ?? null, filter.method ?? null, filter.limit, filter.merchantId ?? null],
  );
}
