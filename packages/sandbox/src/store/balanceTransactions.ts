import { availabilityDelayDays, feeOf, isCurrency, priceOf, recordedPaymentResult, refundedFeeCents, type Currency, type MethodPrice } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { capturedCentsOfRow } from '../merchantView/paymentHold';

interface PaymentFacts {
  cod_oper: string;
  merchant_id: number;
  /** Its fee is rounded in it: whole pesos (core feeOf). */
  currency: Currency;
  method: string;
  status: number;
  auth_status: string;
  amount_cents: number;
  tax_cents: number;
  campaign_cents: number;
  tx_type?: string | null;
  hold_state?: string | null;
  captured_cents?: number | null;
}

interface RefundFacts {
  id: string;
  cod_oper: string;
  merchant_id: number;
  amount_cents: number;
}

export interface BalanceTransactionRow {
  id: string;
  seq: number;
  merchant_id: number;
  type: BalanceTransactionType;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  currency: string;
  available_on: Date;
  payout_id: string | null;
  cod_oper: string | null;
  refund_id: string | null;
  dispute_id: string | null;
  source_payout_id: string | null;
  created_at: Date;
  /** The payment's link's (null without a payment or link). */
  order_reference: string | null;
  metadata: Record<string, string> | null;
  /** The payout that took it to the bank: its payout when paid, else the one that settled the payout_failure of a returned one (the chain of sourcePayoutId); null until one is paid. */
  paid_by_payout_id: string | null;
}

/**
 * A returned payout's lines keep its id; its payout_failure line (sourcePayoutId: it) is settled by
 * a later payout, which may be returned too: followed to the end, the payout that finally paid.
 */
const PAID_BY = `left join lateral (
    with recursive chain(id, depth) as (
      select b.payout_id, 0
      union all
      select f.payout_id, c.depth + 1 from chain c
        join payouts p on p.id = c.id and p.status = 'failed'
        join balance_transactions f on f.type = 'payout_failure' and f.source_payout_id = c.id
       where f.payout_id is not null and c.depth < 50)
    select p.id as paid_by_payout_id from chain c join payouts p on p.id = c.id and p.status = 'paid' order by c.depth desc limit 1
  ) paid on true`;

export const BALANCE_TRANSACTION_TYPES = ['payment', 'refund', 'refund_failure', 'dispute', 'dispute_reversal', 'payout', 'payout_failure'] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export async function merchantPrices(db: Queryable, merchantId: number): Promise<Record<string, MethodPrice>> {
  return pricesOf(await db.query<MerchantPriceRow>('select method, percent_bps, fixed_cents from merchant_prices where merchant_id = $1', [merchantId]));
}

export interface MerchantPriceRow { method: string; percent_bps: number; fixed_cents: number }

export function pricesOf(rows: readonly MerchantPriceRow[]): Record<string, MethodPrice> {
  return Object.fromEntries(rows.map((r) => [r.method, { percentBps: r.percent_bps, fixedCents: r.fixed_cents }]));
}

/** For payments made from now on. */
export async function setMerchantPrice(db: Queryable, merchantId: number, method: string, price: MethodPrice): Promise<void> {
  await db.query(
    `insert into merchant_prices (merchant_id, method, percent_bps, fixed_cents) values ($1, $2, $3, $4)
     on conflict (merchant_id, method) do update set percent_bps = excluded.percent_bps, fixed_cents = excluded.fixed_cents`,
    [merchantId, method, price.percentBps, price.fixedCents],
  );
}

/** A payment's line in the books: its gross, fee and net, available after its method's delay. */
export interface PaymentBooksLine {
  grossCents: number;
  feeCents: number;
  netCents: number;
  availableAfterDays: number;
}

/** What an APPROVED payment enters the books with: what was captured (core capturedCentsOf); 0 for nothing. */
function grossCentsInBooks(row: PaymentFacts): number {
  if (recordedPaymentResult({ method: row.method, status: row.status, authStatus: row.auth_status }) !== 'APPROVED') return 0;
  return capturedCentsOfRow(row);
}

/** The line a payment enters the books with at its merchant's prices; undefined when it enters none. */
export function paymentBooksLine(row: PaymentFacts, prices: Record<string, MethodPrice>): PaymentBooksLine | undefined {
  const grossCents = grossCentsInBooks(row);
  if (grossCents <= 0) return undefined;
  const { feeCents, netCents } = feeOf(priceOf(row.method, prices, row.currency), grossCents, row.currency);
  return { grossCents, feeCents, netCents, availableAfterDays: availabilityDelayDays(row.method) };
}

/**
 * An APPROVED payment enters the books in the caller's transaction, once (a unique index), with what
 * was captured (core capturedCentsOf): a hold enters when, and as much as, the merchant captures it.
 */
export async function recordPaymentInBooks(db: Queryable, row: PaymentFacts): Promise<void> {
  if (grossCentsInBooks(row) <= 0) return;
  const line = paymentBooksLine(row, await merchantPrices(db, row.merchant_id));
  if (!line) return;
  await db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, cod_oper)
     values ($1, 'payment', $2, $3, $4, now() + make_interval(days => $5), $6)
     on conflict (cod_oper) where type = 'payment' do nothing`,
    [row.merchant_id, line.grossCents, line.feeCents, line.netCents, line.availableAfterDays, row.cod_oper],
  );
}

/**
 * A refunded payment's line in the books, and what its refund lines gave back before the refund (the
 * amount and the fee, net of refunds that failed later), read under the payment's lock.
 */
export interface RefundedPaymentInBooks {
  grossCents: number;
  feeCents: number;
  currency: string;
  refundedBeforeCents: number;
  feeBackBeforeCents: number;
}

/** A refund gives back its share of the fee (core refundedFeeCents); a payment recorded before the books (no line) gives none. */
export async function recordRefundInBooks(db: Queryable, refund: RefundFacts, payment: RefundedPaymentInBooks | undefined): Promise<void> {
  const feeBack = payment ? refundedFeeCents(payment, refund.amount_cents, isCurrency(payment.currency) ? payment.currency : 'USD') : 0;
  await db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, cod_oper, refund_id)
     values ($1, 'refund', $2, $3, $4, now(), $5, $6)
     on conflict (refund_id) where type = 'refund' do nothing`,
    [refund.merchant_id, -refund.amount_cents, -feeBack, -refund.amount_cents + feeBack, refund.cod_oper, refund.id],
  );
}

interface DisputeFacts {
  id: string;
  cod_oper: string;
  merchant_id: number;
}

/** A made refund failed later: its own line reversed (amount and fee back), once per refund (a unique index). */
export async function recordRefundFailureInBooks(db: Queryable, refundId: string): Promise<void> {
  await db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, cod_oper, refund_id)
     select merchant_id, 'refund_failure', -amount_cents, -fee_cents, -net_cents, now(), cod_oper, refund_id
       from balance_transactions where type = 'refund' and refund_id = $1
     on conflict (refund_id) where type = 'refund_failure' do nothing`,
    [refundId],
  );
}

/**
 * A dispute's move (core disputeMove) in the caller's transaction, which holds the payment's lock:
 * a `dispute` line for each change of what it took (with the fee the first time), a
 * `dispute_reversal` giving back what it took when it is won (once: a unique index).
 */
export async function recordDisputeMoveInBooks(db: Queryable, dispute: DisputeFacts, move: { takeCents: number; feeCents: number; reversalCents: number }): Promise<void> {
  const line = (type: 'dispute' | 'dispute_reversal', amount: number, fee: number, conflict: string) => db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, cod_oper, dispute_id)
     values ($1, $2, $3, $4, $5, now(), $6, $7) ${conflict}`,
    [dispute.merchant_id, type, amount, fee, amount - fee, dispute.cod_oper, dispute.id]);
  if (move.takeCents !== 0 || move.feeCents !== 0) await line('dispute', -move.takeCents, move.feeCents, '');
  if (move.reversalCents > 0) await line('dispute_reversal', move.reversalCents, 0, "on conflict (dispute_id) where type = 'dispute_reversal' do nothing");
}

export async function balanceLinesOf(db: Queryable, merchantId: number): Promise<Array<{ netCents: number; availableOn: Date }>> {
  const rows = await db.query<{ net: number; available_on: Date }>(
    'select sum(net_cents)::bigint as net, available_on from balance_transactions where merchant_id = $1 group by available_on',
    [merchantId],
  );
  return rows.map((r) => ({ netCents: Number(r.net), availableOn: new Date(r.available_on) }));
}

export interface BalanceTransactionFilters {
  type?: BalanceTransactionType | undefined;
  payoutId?: string | undefined;
  codOper?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  beforeSeq?: number | undefined;
}

export async function listBalanceTransactions(db: Queryable, merchantId: number, f: BalanceTransactionFilters, count: number): Promise<BalanceTransactionRow[]> {
  return db.query<BalanceTransactionRow>(
    `select b.*, l.order_reference, l.metadata, paid.paid_by_payout_id from balance_transactions b
       left join transactions t on t.cod_oper = b.cod_oper left join payment_links l on l.code = t.link_code
       ${PAID_BY}
      where b.merchant_id = $1 and ($2::int is null or b.seq < $2) and ($3::text is null or b.type = $3) and ($4::text is null or b.payout_id = $4)
        and ($5::timestamptz is null or b.created_at >= $5) and ($6::timestamptz is null or b.created_at < $6) and ($8::text is null or b.cod_oper = $8)
      order by b.seq desc limit $7`,
    [merchantId, f.beforeSeq ?? null, f.type ?? null, f.payoutId ?? null, f.createdFrom ?? null, f.createdTo ?? null, count, f.codOper ?? null],
  );
}

