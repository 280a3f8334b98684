import { linesForOnePayout } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { merchantPayoutOf } from '../merchantView/merchantPayout';
import { recordObjectEvent } from './merchantEvents';

export interface PayoutRow {
  id: string;
  seq: number;
  merchant_id: number;
  period: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  destination: string;
  reference: string | null;
  failure: string | null;
  arrival_date: string;
  checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface PayableMerchant {
  id: number;
  payout_schedule: 'daily' | 'weekly' | 'manual';
  payout_account: string;
  country: string;
}

export async function merchantsWithAvailableMoney(db: Queryable, onlyMerchant?: number): Promise<PayableMerchant[]> {
  return db.query<PayableMerchant>(
    `select m.id, m.payout_schedule, m.payout_account, m.country from merchants m
      where ($1::int is null or m.id = $1) and (select coalesce(sum(b.net_cents), 0) from balance_transactions b where b.merchant_id = m.id and b.payout_id is null and b.available_on <= now()) > 0
      order by m.id`,
    [onlyMerchant ?? null],
  );
}

/** The sandbox's rehearsal. */
export async function makePendingAvailable(db: Queryable, onlyMerchant?: number): Promise<number> {
  const rows = await db.query('update balance_transactions set available_on = now() where payout_id is null and available_on > now() and ($1::int is null or merchant_id = $1) returning id',
    [onlyMerchant ?? null]);
  return rows.length;
}

/**
 * In the caller's transaction: available lines locked and summed into the period's payout, inserted
 * unless one exists (once per merchant and period, on any node). Undefined when nothing to pay;
 * `more` when lines past PAYOUT_MAX_CENTS are left for a further payout.
 */
export async function createPayout(db: Queryable, merchant: Pick<PayableMerchant, 'id' | 'payout_account'>, period: string, arrivalDate: string): Promise<{ payout: PayoutRow; more: boolean } | undefined> {
  const lines = await db.query<{ id: string; net_cents: number }>(
    'select id, net_cents from balance_transactions where merchant_id = $1 and payout_id is null and available_on <= now() order by seq for update',
    [merchant.id],
  );
  const { taken, more } = linesForOnePayout(lines);
  const amountCents = taken.reduce((sum, line) => sum + line.net_cents, 0);
  if (amountCents <= 0) return undefined;
  const [payout] = await db.query<PayoutRow>(
    `insert into payouts (merchant_id, period, amount_cents, destination, arrival_date) values ($1, $2, $3, $4, $5)
     on conflict (merchant_id, period) do nothing returning *`,
    [merchant.id, period, amountCents, merchant.payout_account, arrivalDate],
  );
  if (!payout) return undefined;
  await db.query('update balance_transactions set payout_id = $2 where id = any($1::text[])', [taken.map((l) => l.id), payout.id]);
  await db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, payout_id, source_payout_id)
     values ($1, 'payout', $2, 0, $2, now(), $3, $3)`,
    [merchant.id, -amountCents, payout.id],
  );
  return { payout, more };
}

export async function recordPayoutReference(db: Queryable, id: string, reference: string): Promise<void> {
  await db.query('update payouts set reference = $2, updated_at = now() where id = $1 and reference is null', [id, reference]);
}

/** Once, whichever node hears it. */
export async function markPayoutPaid(db: Queryable, id: string, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>(
    "update payouts set status = 'paid', reference = coalesce(reference, $2), updated_at = now() where id = $1 and status = 'pending' returning *", [id, reference]);
  if (row) await recordPayoutEvent(db, row, 'payout.paid');
  return row;
}

/**
 * The money returns to the balance once (conditional write, unique line per payout): the lines the
 * payout took are freed for the next payout, which then names them, and the payout keeps its own
 * line and the failure's, which cancel out.
 */
export async function markPayoutFailed(db: Queryable, id: string, failure: string): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>(
    "update payouts set status = 'failed', failure = $2, updated_at = now() where id = $1 and status = 'pending' returning *", [id, failure]);
  if (!row) return undefined;
  await db.query('update balance_transactions set payout_id = null where payout_id = $1 and source_payout_id is distinct from $1', [row.id]);
  await db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, payout_id, source_payout_id)
     values ($1, 'payout_failure', $2, 0, $2, now(), $3, $3)
     on conflict (source_payout_id, type) where type in ('payout', 'payout_failure') do nothing`,
    [row.merchant_id, row.amount_cents, row.id],
  );
  await recordPayoutEvent(db, row, 'payout.failed');
  return row;
}

function recordPayoutEvent(db: Queryable, payout: PayoutRow, type: 'payout.paid' | 'payout.failed'): Promise<void> {
  return recordObjectEvent(db, payout.merchant_id, type, merchantPayoutOf(payout));
}

/** Each claimed by one node (skip locked, then checked_at). */
export async function claimPendingPayouts(db: Queryable, options: { claimMs: number; limit: number }): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `with due as (
       select id from payouts where status = 'pending' and (checked_at is null or checked_at <= now() - make_interval(secs => $1 / 1000.0))
        order by created_at limit $2 for update skip locked)
     update payouts p set checked_at = now() from due where p.id = due.id returning p.*`,
    [options.claimMs, options.limit],
  );
}

export async function findPayout(db: Queryable, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>('select * from payouts where id = $1', [id]);
  return row;
}

export async function findMerchantPayout(db: Queryable, merchantId: number, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>('select * from payouts where id = $1 and merchant_id = $2', [id, merchantId]);
  return row;
}

interface PayoutFilters {
  status?: string | undefined;
  beforeSeq?: number | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  /** Calendar days (YYYY-MM-DD, compared as text as arrival_date is kept), both ends included. */
  arrivalFrom?: string | undefined;
  arrivalTo?: string | undefined;
}

export async function listMerchantPayouts(db: Queryable, merchantId: number, f: PayoutFilters, count: number): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `select * from payouts where merchant_id = $1 and ($2::text is null or status = $2) and ($3::int is null or seq < $3)
        and ($5::timestamptz is null or created_at >= $5) and ($6::timestamptz is null or created_at < $6)
        and ($7::text is null or arrival_date >= $7) and ($8::text is null or arrival_date <= $8)
      order by seq desc limit $4`,
    [merchantId, f.status ?? null, f.beforeSeq ?? null, count, f.createdFrom ?? null, f.createdTo ?? null, f.arrivalFrom ?? null, f.arrivalTo ?? null],
  );
}

export async function merchantBooksSettings(db: Queryable, merchantId: number): Promise<Pick<PayableMerchant, 'payout_schedule' | 'payout_account'> | undefined> {
  const [row] = await db.query<Pick<PayableMerchant, 'payout_schedule' | 'payout_account'>>('select payout_schedule, payout_account from merchants where id = $1', [merchantId]);
  return row;
}

export async function setMerchantPayoutSettings(db: Queryable, merchantId: number, settings: { schedule?: string | undefined; account?: string | undefined }): Promise<void> {
  await db.query('update merchants set payout_schedule = coalesce($2, payout_schedule), payout_account = coalesce($3, payout_account) where id = $1',
    [merchantId, settings.schedule ?? null, settings.account ?? null]);
}
