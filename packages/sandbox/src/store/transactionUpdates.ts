import { ENDED_UNPAID_AUTH_STATUSES, type MethodPrice, type OverpaymentSend } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { paymentBooksLine, pricesOf, recordPaymentInBooks, type MerchantPriceRow } from './balanceTransactions';
import { mailParams, type Mail } from './mailbox';
import type { TransactionRow } from './transactions';

export interface PaymentOutcome {
  status: number;
  authStatus: string;
  messageKey: string;
  details?: Record<string, unknown> | undefined;
  /** Where the payer goes next (a 3DS challenge); cleared by any other outcome. */
  redirectUrl?: string | null | undefined;
  reference?: string | undefined;
/** Kept once known. */
  gatewayReference?: string | undefined;
}

const WRITE_OUTCOME = `update transactions set status = $2, auth_status = $3, message_key = $4, details = details || $5::jsonb, redirect_url = $6,
       reference = coalesce($7, reference), gateway_reference = coalesce($8, gateway_reference), updated_at = clock_timestamp()
     where cod_oper = $1`;

/** settlePayment decides whether it may; migration 085's trigger tells every node of the change. */
export async function writeOutcome(db: Queryable, codOper: string, outcome: PaymentOutcome): Promise<TransactionRow> {
  const [row] = await db.query<TransactionRow>(
    `${WRITE_OUTCOME} returning *`,
    [codOper, outcome.status, outcome.authStatus, outcome.messageKey, JSON.stringify(outcome.details ?? {}), outcome.redirectUrl ?? null, outcome.reference ?? null, outcome.gatewayReference ?? null],
  );
  if (!row) throw new Error(`writeOutcome found no payment ${codOper}`);
  // An approval enters the merchant's books in the transaction that records it (settlePayment's).
  await recordPaymentInBooks(db, row);
  return row;
}

/** What settlePayment decides a payment's outcome on. */
export interface LockedForOutcome {
  row: TransactionRow;
  /** Its single-use link's code, locked before the payment (undefined: it has none). */
  singleUseLink: string | undefined;
  /** Its merchant's prices, for the books line an approval enters. */
  prices: Record<string, MethodPrice>;
}

// The single-use link is locked before the payment (its initplan is the scan's one-time filter,
// run before the row's lock), the order a card paying the link takes too (insertTransaction).
const LOCK_FOR_OUTCOME = `with single_use_link as materialized (
       select l.code from payment_links l join transactions p on p.link_code = l.code where p.cod_oper = $1 and l.single_use for update of l
     )
     select t.*, (select code from single_use_link) as outcome_single_use_link,
            (select coalesce(json_agg(json_build_object('method', m.method, 'percent_bps', m.percent_bps, 'fixed_cents', m.fixed_cents)), '[]'::json)
               from merchant_prices m where m.merchant_id = t.merchant_id) as outcome_prices
       from transactions t where t.cod_oper = $1 and (select count(*) from single_use_link) >= 0 for update of t`;

/** The payment, its single-use link and its merchant's prices: one statement, in settlePayment's transaction. */
export async function lockForOutcome(db: Queryable, codOper: string): Promise<LockedForOutcome | undefined> {
  const [found] = await db.query<TransactionRow & { outcome_single_use_link: string | null; outcome_prices: MerchantPriceRow[] }>(LOCK_FOR_OUTCOME, [codOper]);
  if (!found) return undefined;
  const { outcome_single_use_link: singleUseLink, outcome_prices: prices, ...row } = found;
  return { row, singleUseLink: singleUseLink ?? undefined, prices: pricesOf(prices) };
}

/** The row `outcome` makes of `row` (WRITE_OUTCOME's changes), known before it is written. */
export function rowWithOutcome(row: TransactionRow, outcome: PaymentOutcome): TransactionRow {
  return {
    ...row, status: outcome.status, auth_status: outcome.authStatus, message_key: outcome.messageKey,
    details: { ...row.details, ...outcome.details }, redirect_url: outcome.redirectUrl ?? null,
    reference: outcome.reference ?? row.reference, gateway_reference: outcome.gatewayReference ?? row.gateway_reference,
  };
}

// WRITE_OUTCOME told by the node after its commit, the books line and the e-mail in the same statement.
const writeSettledOutcomeSql = (guard: string) => `with settled as (
       ${WRITE_OUTCOME} ${guard}and set_config('pasarela.announced_by_node', 'on', true) = 'on' returning *
     ), books as (
       insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, cod_oper)
       select s.merchant_id, 'payment', $9::int, $10::int, $11::int, now() + make_interval(days => $12::int), s.cod_oper from settled s where $9::int is not null
       on conflict (cod_oper) where type = 'payment' do nothing
     ), mail as (
       insert into mailbox (to_email, subject, body, kind, merchant_id, html)
       select $13::text, $14::text, $15::text, $16::text, $17::int, $18::text from settled where $13::text is not null
       returning id, merchant_id
     )
     select s.*, (select id from mail) as settled_mail_id, (select merchant_id from mail) as settled_mail_merchant_id from settled s`;
const WRITE_LOCKED_OUTCOME = writeSettledOutcomeSql('');
// Unlocked: the row is written only while its result is still as recorded (a change meanwhile is
// waited for and the condition checked again on the new row), its link not a single-use one.
const WRITE_RECORDED_OUTCOME = writeSettledOutcomeSql(
  'and status = $19::int and auth_status = $20::text and not exists (select 1 from payment_links l where l.code = transactions.link_code and l.single_use) ',
);

/** The payment as its outcome is written over it: locked (lockForOutcome), or as recorded. */
type OutcomeBase = Pick<LockedForOutcome, 'row' | 'prices'>;
type WrittenOutcome = { row: TransactionRow; mailed: { id: number; merchantId: number | null } | undefined };

async function writeSettled(db: Queryable, base: OutcomeBase, outcome: PaymentOutcome, mail: Mail | undefined, asRecorded: boolean): Promise<WrittenOutcome | undefined> {
  const line = paymentBooksLine(rowWithOutcome(base.row, outcome), base.prices);
  const [found] = await db.query<TransactionRow & { settled_mail_id: number | null; settled_mail_merchant_id: number | null }>(asRecorded ? WRITE_RECORDED_OUTCOME : WRITE_LOCKED_OUTCOME, [
    base.row.cod_oper, outcome.status, outcome.authStatus, outcome.messageKey, JSON.stringify(outcome.details ?? {}), outcome.redirectUrl ?? null, outcome.reference ?? null, outcome.gatewayReference ?? null,
    line?.grossCents ?? null, line?.feeCents ?? null, line?.netCents ?? null, line?.availableAfterDays ?? null,
    ...(mail ? mailParams(mail) : [null, null, null, null, null, null]),
    ...(asRecorded ? [base.row.status, base.row.auth_status] : []),
  ]);
  if (!found) return undefined;
  const { settled_mail_id: mailId, settled_mail_merchant_id: mailMerchantId, ...row } = found;
  return { row, mailed: mailId === null ? undefined : { id: mailId, merchantId: mailMerchantId } };
}

/**
 * settlePayment's outcome of a payment it locked, the books line an approval enters at its merchant's
 * prices and its e-mail: one statement. The caller tells every node after the commit.
 */
export async function writeLockedOutcome(db: Queryable, locked: OutcomeBase, outcome: PaymentOutcome, mail: Mail | undefined): Promise<WrittenOutcome> {
  const written = await writeSettled(db, locked, outcome, mail, false);
  if (!written) throw new Error(`writeLockedOutcome found no payment ${locked.row.cod_oper}`);
  return written;
}

/**
 * The same, of an attempt as its caller recorded it, unlocked: one statement, its own commit, that
 * writes nothing (undefined) unless the row's result is still as recorded and its link not single-use.
 */
export function writeRecordedOutcome(db: Queryable, recorded: OutcomeBase, outcome: PaymentOutcome, mail: Mail | undefined): Promise<WrittenOutcome | undefined> {
  return writeSettled(db, recorded, outcome, mail, true);
}

export async function lockTransaction(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where cod_oper = $1 for update', [codOper]);
  return row;
}

/** The link's other payments that may still wait, locked; the caller tells which are pending by core's rule. */
export async function lockOtherOpenAttempts(db: Queryable, linkCode: string, codOper: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    'select * from transactions where link_code = $1 and cod_oper <> $2 and status in (-1, 0) and auth_status <> all($3::text[]) order by id for update',
    [linkCode, codOper, ENDED_UNPAID_AUTH_STATUSES],
  );
}

/** False when its id was seen (delivered twice, or by two nodes). */
export async function recordGatewayEvent(db: Queryable, event: { id: string; key: string; kind: string }): Promise<boolean> {
  const rows = await db.query('insert into gateway_events (id, attempt_key, kind, body) values ($1, $2, $3, $4) on conflict (id) do nothing returning id',
    [event.id, event.key, event.kind, JSON.stringify(event)]);
  return rows.length > 0;
}

/**
 * Forgets an attempt its gateway never took on: nothing was charged nor announced, and its trackId
 * is free again for the payer's retry.
 */
export async function dropUnsentAttempt(db: Queryable, codOper: string): Promise<boolean> {
  const rows = await db.query("delete from transactions where cod_oper = $1 and auth_status = 'PROCESSING' returning cod_oper", [codOper]);
  return rows.length > 0;
}

export async function keepAttemptCard(db: Queryable, codOper: string, card: { token: string; customer: string | null }): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    "update transactions set card_token = $2, card_customer = $3 where cod_oper = $1 and auth_status = 'PROCESSING' returning *", [codOper, card.token, card.customer]);
  return row;
}

/**
 * The address the payment moves from (its row's, read under the update's lock, so two changes at once
 * lose none), with the key, coin and network of its deposit: coins sent there are the payer's
 * (details.formerDeposits, merged into those before; the address moved back to is its own again).
 */
const FORMER_DEPOSIT = `case when reference is null or reference is not distinct from $3 then '{}'::jsonb
      else jsonb_build_object('formerDeposits', (coalesce(details -> 'formerDeposits', '{}'::jsonb) - coalesce($3::text, ''))
        || jsonb_build_object(reference, jsonb_build_object(
          'depositKey', coalesce(nullif(details ->> 'depositKey', ''), cod_oper || ':' || (details ->> 'network')),
          'coin', details ->> 'currency', 'network', details ->> 'network'))) end`;

/**
 * A crypto payment's new quote (and address) merged into what it holds, so coins counted meanwhile
 * stay counted. Only while it is neither paid nor cancelled, and for another coin or network only while
 * nothing arrived: coins that did are at the address of their own network. The condition is read
 * under the row's lock, so a cancel or a deposit that committed first wins. The address it moves from
 * is kept (FORMER_DEPOSIT); never back to one whose coins were recorded as the payer's. Undefined when refused.
 */
export async function updateQuote(db: Queryable, codOper: string, quote: Record<string, unknown> & { currency: string; network: string }, address: string | null): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || $2::jsonb || ${FORMER_DEPOSIT}, reference = $3, updated_at = clock_timestamp()
      where cod_oper = $1 and status <> 1 and auth_status is distinct from 'CANCELLED'
        and ((details ->> 'currency' = $4 and details ->> 'network' = $5) or coalesce((details ->> 'paidCrypto')::numeric, 0) = 0)
        and details -> 'strayDeposits' -> coalesce($3::text, '') is null
      returning *`,
    [codOper, JSON.stringify(quote), address, quote.currency, quote.network]);
  return row;
}

/** Money a gateway took for a called-off payment; the verify call and webhooks show it until given back. */
export type OwedState = 'giving_back' | 'given_back' | 'owed';
export interface OwedToPayer {
  amountCents: number;
  state: OwedState;
  takenAt: string;
  settledAt?: string;
}

/** Once: a second answer saying the same changes nothing (undefined). */
export async function recordMoneyTaken(db: Queryable, codOper: string, details: Record<string, unknown>, messageKey?: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || $2::jsonb, message_key = coalesce($3, message_key), updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'owedToPayer' is null returning *`,
    [codOper, JSON.stringify(details), messageKey ?? null],
  );
  return row;
}

/** Once: undefined when it was not being given back. */
export async function endGiveBack(db: Queryable, codOper: string, state: 'given_back' | 'owed'): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = jsonb_set(details, '{owedToPayer}', (details -> 'owedToPayer') || jsonb_build_object('state', $2::text, 'settledAt', now())),
       updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'owedToPayer' ->> 'state' = 'giving_back' returning *`,
    [codOper, state],
  );
  return row;
}

/**
 * An overpayment's send recorded before the processor is asked (core nextOverpaymentSend), while the
 * overpayment is pending at that starting point and no other send is recorded there: undefined when
 * something changed it meanwhile (another node marked it sent, or recorded another).
 */
export async function recordOverpaymentSend(db: Queryable, codOper: string, send: OverpaymentSend): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || jsonb_build_object('overpaymentSending', $2::jsonb), updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'overpayment' ->> 'status' = 'pending'
        and coalesce((details ->> 'overpaymentSent')::numeric, 0) = ($2::jsonb ->> 'from')::numeric
        and (details -> 'overpaymentSending' is null or details -> 'overpaymentSending' = $2::jsonb) returning *`,
    [codOper, JSON.stringify(send)],
  );
  return row;
}

/**
 * What went back of a crypto overpayment (`overpaymentSent`, migration 135), written once per send,
 * its recorded send cleared: only while nothing else was recorded sent since `sentBefore`. It is `refunded` once all of it went
 * back; coins that arrived meanwhile raised it, and it stays pending for them.
 */
export async function markCryptoOverpaymentReturned(db: Queryable, codOper: string, sentBefore: number, sentNow: number, refundedAt: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = (details - 'overpaymentSending') || jsonb_build_object('overpaymentSent', $3::numeric)
         || case when (details -> 'overpayment' ->> 'amount')::numeric <= $3::numeric
              then jsonb_build_object('overpayment', (details -> 'overpayment') || jsonb_build_object('status', 'refunded', 'refundedAt', $4::text)) else '{}'::jsonb end,
       updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'overpayment' ->> 'status' = 'pending' and coalesce((details ->> 'overpaymentSent')::numeric, 0) = $2::numeric returning *`,
    [codOper, sentBefore, sentNow, refundedAt],
  );
  return row;
}

/** Coins that reached an approved crypto payment's address after its approval: what arrived, and the overpayment they raise. */
export async function recordCoinsAfterApproval(db: Queryable, codOper: string, details: Record<string, unknown>): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || $2::jsonb, updated_at = clock_timestamp()
      where cod_oper = $1 and status = 1 and coalesce((details ->> 'paidCrypto')::numeric, 0) < ($2::jsonb ->> 'paidCrypto')::numeric returning *`,
    [codOper, JSON.stringify(details)],
  );
  return row;
}
