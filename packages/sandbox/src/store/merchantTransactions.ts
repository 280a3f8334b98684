import type { BookedDispute } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import type { RefundRow } from './refunds';
import type { TransactionRow } from './transactions';

export interface MerchantTransactionRow extends TransactionRow {
  refunded_cents: number;
  /** refundableAmount counts a pending refund's part as taken. */
  held_cents: number;
  disputes: BookedDispute[];
  order_reference: string | null;
  metadata: Record<string, string> | null;
  /** Sums and ids of its balance transactions; the sums null before it has any. */
  book_lines: { feeCents: number | null; netCents: number | null; ids: string[] | null };
}

const SELECT_TRANSACTION = `select t.*, l.order_reference, l.metadata,
    (select coalesce(sum(r.amount_cents), 0)::int from refunds r where r.cod_oper = t.cod_oper and r.state <> 'failed') as held_cents,
    (select coalesce(json_agg(json_build_object('stage', d.stage, 'status', d.status, 'takenCents', d.taken_cents, 'feeCharged', d.fee_charged) order by d.seq), '[]'::json)
       from gateway_disputes d where d.cod_oper = t.cod_oper) as disputes,
    (select json_build_object('feeCents', sum(b.fee_cents), 'netCents', sum(b.net_cents), 'ids', json_agg(b.id order by b.seq))
       from balance_transactions b where b.cod_oper = t.cod_oper) as book_lines
  from transactions t left join payment_links l on l.code = t.link_code`;

const REFUND_COLUMNS = ['id', 'cod_oper', 'merchant_id', 'amount_cents', 'state', 'failure', 'checked_at', 'gateway_reference', 'created_at', 'updated_at'] as const satisfies ReadonlyArray<keyof RefundRow>;
/** All null on the row of a payment without refunds. */
type RefundColumns = { refund_id: string | null } & { [K in Exclude<(typeof REFUND_COLUMNS)[number], 'id'> as `refund_${K}`]: RefundRow[K] };

// A row per refund (one with none), the refund's columns typed by the driver.
const SELECT_TRANSACTION_WITH_REFUNDS = `select x.*, ${REFUND_COLUMNS.map((c) => `r.${c} as refund_${c}`).join(', ')}
  from (${SELECT_TRANSACTION} where t.cod_oper = $1 and t.merchant_id = $2) x
  left join refunds r on r.cod_oper = x.cod_oper order by r.created_at, r.id`;

/** With its refunds, oldest first: one statement, one snapshot. Another merchant's is as absent as a missing one. */
export async function findMerchantTransactionWithRefunds(db: Queryable, merchantId: number, codOper: string): Promise<{ row: MerchantTransactionRow; refunds: RefundRow[] } | undefined> {
  const rows = await db.query<MerchantTransactionRow & RefundColumns>(SELECT_TRANSACTION_WITH_REFUNDS, [codOper, merchantId]);
  const [first] = rows;
  if (!first) return undefined;
  const row: Record<string, unknown> = { ...first };
  for (const c of REFUND_COLUMNS) delete row[`refund_${c}`];
  const refunds = rows.flatMap((r): RefundRow[] => (r.refund_id === null ? [] : [{
    id: r.refund_id, cod_oper: r.refund_cod_oper, merchant_id: r.refund_merchant_id, amount_cents: r.refund_amount_cents, state: r.refund_state, failure: r.refund_failure,
    checked_at: r.refund_checked_at, gateway_reference: r.refund_gateway_reference, created_at: r.refund_created_at, updated_at: r.refund_updated_at,
  }]));
  return { row: row as unknown as MerchantTransactionRow, refunds };
}

export interface TransactionFilters {
  linkCode?: string | undefined;
  trackId?: string | undefined;
  orderReference?: string | undefined;
  method?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  /** updated_at moves on every change a merchant sees (migration 025). */
  updatedFrom?: Date | undefined;
  updatedTo?: Date | undefined;
  beforeId?: number | undefined;
}

/** Attempts still in doubt (PROCESSING) are no payment yet and may be dropped: not shown. */
export async function listMerchantTransactions(db: Queryable, merchantId: number, f: TransactionFilters, count: number): Promise<MerchantTransactionRow[]> {
  return db.query<MerchantTransactionRow>(
    `${SELECT_TRANSACTION}
      where t.merchant_id = $1 and ($2::int is null or t.id < $2) and ($3::text is null or t.link_code = $3) and ($4::text is null or l.order_reference = $4)
        and ($5::text is null or t.method = $5) and ($6::timestamptz is null or t.created_at >= $6) and ($7::timestamptz is null or t.created_at < $7)
        and ($9::timestamptz is null or t.updated_at >= $9) and ($10::timestamptz is null or t.updated_at < $10)
        and ($11::text is null or t.track_id = $11)
        and t.auth_status <> 'PROCESSING'
      order by t.id desc limit $8`,
    [merchantId, f.beforeId ?? null, f.linkCode ?? null, f.orderReference ?? null, f.method ?? null, f.createdFrom ?? null, f.createdTo ?? null, count,
      f.updatedFrom ?? null, f.updatedTo ?? null, f.trackId ?? null],
  );
}
