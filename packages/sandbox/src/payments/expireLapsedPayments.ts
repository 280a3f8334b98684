import type { Queryable } from '../db/Database';

/** How many lapsed payments one sweep settles at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Settles payments whose payer window has passed, as their status calls would when next read:
 * a cash voucher after 24 hours (status 3), a Nequi or Yappy payment nobody answered (status 0),
 * all EXPIRED. Run on a timer so a push socket hears of the timeout without anybody polling; the
 * rows are claimed with `for update skip locked`, so sweeps on several nodes expire each one once.
 * Nequi's test phones that answer (approved, declined) settle on their first read instead.
 */
export async function expireLapsedPayments(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ cod_oper: string }>(
    `update transactions t set status = case when t.method = 'cash' then 3 else 0 end, auth_status = 'EXPIRED',
       message_key = case when t.method = 'yappy' then 'pending' else 'generic' end, redirect_url = null, updated_at = now()
     from (
       select id from transactions
        where status in (0, -1) and expires_at is not null and expires_at <= now()
          and (method = 'cash' or (method in ('nequi', 'yappy') and status = -1))
          and not (method = 'nequi' and coalesce(details->>'outcome', '') in ('approved', 'declined'))
        order by expires_at limit $1 for update skip locked
     ) lapsed
     where t.id = lapsed.id returning t.cod_oper`,
    [SWEEP_BATCH],
  );
  return rows.map((r) => r.cod_oper);
}
