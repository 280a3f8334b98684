import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { balanceOf, centsToAmount, localDateTimeOf, timeZoneOfCountry } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { BALANCE_TRANSACTION_TYPES, balanceLinesOf, listBalanceTransactions, type BalanceTransactionFilters, type BalanceTransactionRow } from '../../store/balanceTransactions';
import { findMerchant } from '../../store/merchants';
import { findMerchantPayout, listMerchantPayouts } from '../../store/payouts';
import { merchantPayoutOf } from '../../merchantView/merchantPayout';
import { pageOf } from './merchantAnswers';
import { requireMerchantKey } from './merchantAuth';
import { cursorOf, idOfCursor, page, parseInput } from './merchantSchemas';

const NO_STORE = { 'cache-control': 'no-store' };
/** Narrow createdFrom/createdTo (or name a payout) for more. */
export const CSV_MAX_LINES = 10_000;

const PAYOUT_ID = /^po_[0-9a-f]{32}$/;
const payoutId = (field: string) => v.pipe(v.string(), v.regex(PAYOUT_ID, `${field} must be a payout id (po_...)`));

export const ListBalanceTransactionsQuery = v.strictObject({
  ...page,
  type: v.optional(v.picklist(BALANCE_TRANSACTION_TYPES, `type must be one of ${BALANCE_TRANSACTION_TYPES.join(', ')}`)),
  payout: v.optional(payoutId('payout')),
});
export const ListPayoutsQuery = v.strictObject({
  limit: page.limit, cursor: page.cursor,
  status: v.optional(v.picklist(['pending', 'paid', 'failed'], 'status must be pending, paid or failed')),
});

/** gross = fee + net to the cent. */
export function balanceTransactionAnswer(row: BalanceTransactionRow) {
  return {
    id: row.id,
    type: row.type,
    amount: centsToAmount(row.amount_cents),
    fee: centsToAmount(row.fee_cents),
    net: centsToAmount(row.net_cents),
    currency: row.currency,
    availableOn: new Date(row.available_on).toISOString(),
    payoutId: row.payout_id,
    codOper: row.cod_oper,
    refundId: row.refund_id,
    disputeId: row.dispute_id,
    sourcePayoutId: row.source_payout_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The first seven are the ones PRODUCT.md names. */
const CSV_COLUMNS = ['id', 'type', 'amount', 'fee', 'net', 'currency', 'created', 'available_on', 'payout_id', 'cod_oper', 'refund_id', 'dispute_id', 'source_payout_id'] as const;
const dollars = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** RFC 4180 quoting; ids and codes never need it. */
const field = (value: string | null) => (value === null ? '' : /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Times as wall clock in the merchant's time zone. */
function csvOf(rows: readonly BalanceTransactionRow[], timeZone: string): string {
  const lines = rows.map((r) => [r.id, r.type, dollars(r.amount_cents), dollars(r.fee_cents), dollars(r.net_cents), r.currency,
    localDateTimeOf(new Date(r.created_at), timeZone), localDateTimeOf(new Date(r.available_on), timeZone), r.payout_id, r.cod_oper, r.refund_id, r.dispute_id, r.source_payout_id].map(field).join(','));
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

const wantsCsv = (c: Context<AppEnv>) => /(^|,)\s*text\/csv\b/i.test(c.req.header('accept') ?? '');

/** docs/merchant-api.md "Books"; `merchantOf`: the secret key's merchant, or the admin path's (the console). */
export function merchantBookRoutes(deps: Deps, merchantOf: (c: Context<AppEnv>) => Promise<number> = (c) => requireMerchantKey(deps, c.req.header('authorization'))) {
  const app = new Hono<AppEnv>();

  app.get('/balance', async (c) => {
    const merchantId = await merchantOf(c);
    const { availableCents, pendingCents } = balanceOf(await balanceLinesOf(deps.db, merchantId), new Date());
    return c.json({ currency: 'USD', available: centsToAmount(availableCents), pending: centsToAmount(pendingCents) }, 200, NO_STORE);
  });

  app.get('/balance-transactions', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListBalanceTransactionsQuery, c.req.query(), 'query');
    const filters: BalanceTransactionFilters = { type: q.type, payoutId: q.payout, createdFrom: q.createdFrom, createdTo: q.createdTo, beforeSeq: idOfCursor(q.cursor) };
    if (wantsCsv(c)) {
      const rows = await listBalanceTransactions(deps.db, merchantId, filters, CSV_MAX_LINES + 1);
      if (rows.length > CSV_MAX_LINES) throw new ApiError(400, 'report_too_large', `more than ${CSV_MAX_LINES} lines`);
      const merchant = await findMerchant(deps.db, merchantId);
      return c.body(csvOf(rows, timeZoneOfCountry(merchant?.country ?? 'PA')), 200, { ...NO_STORE, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="balance-transactions.csv"' });
    }
    const rows = await listBalanceTransactions(deps.db, merchantId, filters, q.limit + 1);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(balanceTransactionAnswer), rows.length > q.limit && last ? cursorOf(last.seq) : null), 200, NO_STORE);
  });

  app.get('/payouts', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListPayoutsQuery, c.req.query(), 'query');
    const rows = await listMerchantPayouts(deps.db, merchantId, { status: q.status, beforeSeq: idOfCursor(q.cursor) }, q.limit + 1);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(merchantPayoutOf), rows.length > q.limit && last ? cursorOf(last.seq) : null), 200, NO_STORE);
  });

  app.get('/payouts/:id', async (c) => {
    const merchantId = await merchantOf(c);
    const id = c.req.param('id');
    const payout = PAYOUT_ID.test(id) ? await findMerchantPayout(deps.db, merchantId, id) : undefined;
    if (!payout) throw new ApiError(404, 'payout_not_found', 'No such payout for this merchant');
    const lines = await listBalanceTransactions(deps.db, merchantId, { payoutId: payout.id }, CSV_MAX_LINES);
    return c.json({ ...merchantPayoutOf(payout), balanceTransactions: lines.map(balanceTransactionAnswer) }, 200, NO_STORE);
  });

  return app;
}
