import type { MethodPrice } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { paymentBooksLine, pricesOf, type MerchantPriceRow } from './balanceTransactions';
import type { TransactionRow } from './transactions';
import { mailParams, type Mail } from './mailbox';
import type { ShopOfOperation } from './merchantBrand';

// A hold's steps (core paymentHolds), each a conditional write: of two captures or voids at once,
// on any node, one finds the hold open and the other finds it taken.

const OPEN_HOLD = "tx_type = 'AUTH' and hold_state is null";

/** A hold's deadline, and its merchant's prices as they stood when the payer paid: its capture's price. */
export async function setCaptureDeadline(db: Queryable, codOper: string, afterMs: number, prices: Record<string, MethodPrice>): Promise<void> {
  await db.query(`update transactions set capture_before = now() + make_interval(secs => $2::double precision / 1000), hold_prices = $3::jsonb where cod_oper = $1`,
    [codOper, afterMs, JSON.stringify(prices)]);
}

/**
 * A hold a capture starts from, unlocked (startCapture writes only while it is as read), and its
 * prices: the merchant's when the payer paid (a price changed since is not the hold's); a hold made
 * before those were kept, the merchant's prices now. With its shop, which the capture's receipt names.
 */
export async function readHold(db: Queryable, codOper: string): Promise<{ row: TransactionRow; prices: Record<string, MethodPrice>; shop: ShopOfOperation | undefined } | undefined> {
  const [found] = await db.query<TransactionRow & { hold_prices: Record<string, MethodPrice> | null; prices_now: MerchantPriceRow[]; shop_of_hold: ShopOfOperation | null }>(
    `select t.*, (select coalesce(json_agg(json_build_object('method', m.method, 'percent_bps', m.percent_bps, 'fixed_cents', m.fixed_cents)), '[]'::json)
        from merchant_prices m where m.merchant_id = t.merchant_id and t.hold_prices is null) as prices_now,
       (select json_build_object('name', s.name, 'logo', s.logo, 'brand_color', s.brand_color, 'display_name', s.display_name, 'logo_sha256', s.logo_sha256)
          from merchants s where s.id = t.merchant_id) as shop_of_hold
       from transactions t where t.cod_oper = $1`, [codOper]);
  if (!found) return undefined;
  const { hold_prices: kept, prices_now: now, shop_of_hold: shop, ...row } = found;
  return { row, prices: kept ?? pricesOf(now), shop: shop ?? undefined };
}

/**
 * The capture is asked of the processor: no other capture or void may start meanwhile. Written only
 * while the hold is open, before its `capture_before`, and the payment's result as `read` (a change meanwhile is waited for and
 * the condition checked again on the new row): what the capture's check was made on.
 */
export async function startCapture(db: Queryable, read: Pick<TransactionRow, 'cod_oper' | 'status' | 'auth_status'>, cents: number): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set hold_state = 'capturing', captured_cents = $2, updated_at = clock_timestamp()
      where cod_oper = $1 and ${OPEN_HOLD} and status = $3 and auth_status = $4 and (capture_before is null or capture_before > now()) returning *`, [read.cod_oper, cents, read.status, read.auth_status]);
  return row;
}

/**
 * Captured, the part `capturing` asked for (its key names it): it enters the books at the merchant's
 * prices with the hold's change, and the payer's `receipt` of the part is mailed (one statement, so
 * once, on whichever node records it; the caller tells every node after the commit), and
 * `transaction.captured` is recorded after it, in this transaction (the event's own trigger reads the hold as captured).
 */
export async function finishCapture(db: Queryable, capturing: TransactionRow, prices: Record<string, MethodPrice>, receipt: Mail | undefined): Promise<{ row: TransactionRow; mailed: { id: number; merchantId: number | null } | undefined } | undefined> {
  const line = paymentBooksLine({ ...capturing, hold_state: 'captured' }, prices);
  const [found] = await db.query<TransactionRow & { receipt_mail_id: number | null; receipt_mail_merchant_id: number | null }>(
    `with done as (
       update transactions set hold_state = 'captured', updated_at = clock_timestamp() where cod_oper = $1 and hold_state = 'capturing' and captured_cents = $6::int returning *
     ), books as (
       insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, cod_oper)
       select d.merchant_id, 'payment', $2::int, $3::int, $4::int, now() + make_interval(days => $5::int), d.cod_oper from done d
        where $2::int is not null
       on conflict (cod_oper) where type = 'payment' do nothing
     ), mail as (
       insert into mailbox (to_email, subject, body, kind, merchant_id, html)
       select $7::text, $8::text, $9::text, $10::text, $11::int, $12::text from done where $7::text is not null
       returning id, merchant_id
     )
     select d.*, (select id from mail) as receipt_mail_id, (select merchant_id from mail) as receipt_mail_merchant_id from done d`,
    [capturing.cod_oper, line?.grossCents ?? null, line?.feeCents ?? null, line?.netCents ?? null, line?.availableAfterDays ?? null, capturing.captured_cents ?? 0,
      ...(receipt ? mailParams(receipt) : [null, null, null, null, null, null])]);
  if (!found) return undefined;
  const { receipt_mail_id: mailId, receipt_mail_merchant_id: mailMerchantId, ...row } = found;
  await recordTransactionEvent(db, row.cod_oper, 'transaction.captured');
  return { row, mailed: mailId === null ? undefined : { id: mailId, merchantId: mailMerchantId } };
}

/**
 * The processor refused the capture or the release: the hold is open again as it was. Only while
 * that same step is recorded (`refused` as read when it was asked): a refusal that comes late, after
 * another capture started, leaves the newer one alone.
 */
export async function reopenHold(db: Queryable, refused: Pick<TransactionRow, 'cod_oper' | 'hold_state' | 'captured_cents'>): Promise<void> {
  await db.query(
    `update transactions set hold_state = null, captured_cents = 0, updated_at = clock_timestamp()
      where cod_oper = $1 and hold_state = $2 and hold_state in ('capturing', 'releasing') and (hold_state = 'releasing' or captured_cents = $3)`,
    [refused.cod_oper, refused.hold_state, refused.captured_cents ?? 0]);
}

/** The release is asked of the processor: no capture or other release may start meanwhile. */
export async function startRelease(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set hold_state = 'releasing', updated_at = clock_timestamp() where cod_oper = $1 and ${OPEN_HOLD} and status = 1 returning *`, [codOper]);
  return row;
}

/**
 * Released by the merchant (`transaction.voided`) or lapsed (`transaction.declined`, cancelReason
 * hold_expired): the payment becomes DECLINED / CANCELLED, and the outbox trigger records the event.
 */
export async function finishRelease(db: Queryable, codOper: string, how: 'released' | 'expired'): Promise<TransactionRow | undefined> {
  const reason = how === 'released' ? 'merchant' : 'hold_expired';
  const [row] = await db.query<TransactionRow>(
    `update transactions set hold_state = $2, status = 0, auth_status = 'CANCELLED', message_key = 'cancelled', updated_at = clock_timestamp(),
        details = details || jsonb_build_object('cancelledAt', now(), 'cancelReason', $3::text)
      where cod_oper = $1 and hold_state = 'releasing' returning *`,
    [codOper, how, reason],
  );
  return row;
}

/** Open holds past their deadline, and captures and releases whose answer was lost, for the reconciler. */
export async function holdsToReconcile(db: Queryable, limit: number): Promise<Array<Pick<TransactionRow, 'cod_oper' | 'hold_state'>>> {
  return db.query(
    `select cod_oper, hold_state from transactions
      where tx_type = 'AUTH' and method = 'card' and status = 1
        and ((hold_state is null and capture_before <= now()) or (hold_state in ('capturing', 'releasing') and updated_at < now() - interval '1 minute'))
      order by capture_before limit $1`,
    [limit],
  );
}

/** An event about the transaction that its status does not say (a capture), with the same snapshot as the outbox trigger's. */
async function recordTransactionEvent(db: Queryable, codOper: string, type: string): Promise<void> {
  await db.query(
    `insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
       event_type, order_reference, metadata, refunded_cents, state)
     select t.merchant_id, t.cod_oper, t.method, t.status, t.auth_status, t.amount_cents, t.tax_cents, t.link_code, t.details -> 'refund',
       $2, l.order_reference, l.metadata, t.refunded_cents,
       case when exists (select 1 from webhook_endpoints p where p.merchant_id = t.merchant_id and p.is_primary) then 'pending' else 'none' end
       from transactions t left join payment_links l on l.code = t.link_code
      where t.cod_oper = $1`,
    [codOper, type],
  );
}
