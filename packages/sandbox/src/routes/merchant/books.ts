import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { balanceOf, centsToAmount, isCurrency, minorUnitsText, timeZoneOfCountry } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { BALANCE_TRANSACTION_TYPES, balanceLinesOf, listBalanceTransactions, type BalanceTransactionFilters, type BalanceTransactionRow } from '../../store/balanceTransactions';
import { findMerchant } from '../../store/merchants';
import { findMerchantPayout, listMerchantPayouts } from '../../store/payouts';
import { merchantPayoutOf } from '../../merchantView/merchantPayout';
import { pageOf } from './merchantAnswers';
import { requireMerchantKey } from './merchantAuth';
import { codOperQuery, dayQuery, listQuery, page, parseInput, queryOf } from './merchantSchemas';
import { cursorOf, positionOfCursor } from './listCursor';
import { csvFileName, localTimeWithOffset, prefersCsv } from './booksCsv';

const NO_STORE = { 'cache-control': 'no-store' };
/** Narrow createdFrom/createdTo (or name a payout) for more. */
export const CSV_MAX_LINES = 10_000;
/** The lines a payout's answer carries, newest first (its own payout line among them); past them, hasMore and the paged list. */
const PAYOUT_LINES_SHOWN = 10_000;

/** The OpenAPI document's `payout` parameter says the same. */
export const PAYOUT_ID_PATTERN = '^po_[0-9a-f]{32}$';
const PAYOUT_ID = new RegExp(PAYOUT_ID_PATTERN);
const payoutId = (field: string) => v.pipe(v.string(), v.regex(PAYOUT_ID, `${field} must be a payout id (po_...)`));

const balanceTransactionFilters = {
  type: v.optional(v.picklist(BALANCE_TRANSACTION_TYPES, `type must be one of ${BALANCE_TRANSACTION_TYPES.join(', ')}`)),
  payout: v.optional(payoutId('payout')),
  codOper: v.optional(codOperQuery),
};
export const ListBalanceTransactionsQuery = listQuery({ ...page, ...balanceTransactionFilters });
/** The CSV answers every matching line, no page: a `limit` or `cursor` given is a 400 naming it, never a part of the books passed off as all of them. */
const BalanceTransactionsCsvQuery = listQuery({ createdFrom: page.createdFrom, createdTo: page.createdTo, ...balanceTransactionFilters });
export const ListPayoutsQuery = listQuery({
  ...page,
  status: v.optional(v.picklist(['pending', 'paid', 'failed'], 'status must be pending, paid or failed')),
  arrivalFrom: v.optional(dayQuery('arrivalFrom')),
  arrivalTo: v.optional(dayQuery('arrivalTo')),
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
    paidByPayoutId: row.paid_by_payout_id,
    orderReference: row.order_reference,
    metadata: row.metadata ?? {},
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The first seven are the ones PRODUCT.md names. */
export const CSV_COLUMNS = ['id', 'type', 'amount', 'fee', 'net', 'currency', 'created', 'available_on', 'payout_id', 'cod_oper', 'refund_id', 'dispute_id', 'source_payout_id', 'order_reference'] as const;
/** RFC 4180 quoting; ids and codes never need it. */
const field = (value: string | null) => (value === null ? '' : /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function csvOf(rows: readonly BalanceTransactionRow[], timeZone: string): string {
  const lines = rows.map((r) => {
    // In its currency's words: dollars with two decimals (12.50), pesos whole (59500).
    const money = (cents: number) => minorUnitsText(cents, isCurrency(r.currency) ? r.currency : 'USD');
    return [r.id, r.type, money(r.amount_cents), money(r.fee_cents), money(r.net_cents), r.currency,
      localTimeWithOffset(new Date(r.created_at), timeZone), localTimeWithOffset(new Date(r.available_on), timeZone), r.payout_id, r.cod_oper, r.refund_id, r.dispute_id, r.source_payout_id,
      r.order_reference].map(field).join(',');
  });
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}


/** docs/merchant-api.md "Books"; `merchantOf`: the secret key's merchant, or the admin path's (the console). */
export function merchantBookRoutes(deps: Deps, merchantOf: (c: Context<AppEnv>) => Promise<number> = (c) => requireMerchantKey(deps, c.req.header('authorization'))) {
  const app = new Hono<AppEnv>();

  app.get('/balance', async (c) => {
    const merchantId = await merchantOf(c);
    const { availableCents, pendingCents } = balanceOf(await balanceLinesOf(deps.db, merchantId), new Date());
    const merchant = await findMerchant(deps.db, merchantId);
    return c.json({ currency: merchant?.currency ?? 'USD', available: centsToAmount(availableCents), pending: centsToAmount(pendingCents) }, 200, NO_STORE);
  });

  app.get('/balance-transactions', async (c) => {
    const merchantId = await merchantOf(c);
    if (prefersCsv(c.req.header('accept'))) {
      const q = parseInput(BalanceTransactionsCsvQuery, queryOf(c), 'query');
      const rows = await listBalanceTransactions(deps.db, merchantId, { type: q.type, payoutId: q.payout, codOper: q.codOper, createdFrom: q.createdFrom, createdTo: q.createdTo }, CSV_MAX_LINES + 1);
      if (rows.length > CSV_MAX_LINES) throw new ApiError(400, 'report_too_large', `more than ${CSV_MAX_LINES} lines`);
      const merchant = await findMerchant(deps.db, merchantId);
      return c.body(csvOf(rows, timeZoneOfCountry(merchant?.country ?? 'PA')), 200, { ...NO_STORE, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${csvFileName(q)}"` });
    }
    const q = parseInput(ListBalanceTransactionsQuery, queryOf(c), 'query');
    const filters: BalanceTransactionFilters = { type: q.type, payoutId: q.payout, codOper: q.codOper, createdFrom: q.createdFrom, createdTo: q.createdTo, beforeSeq: await positionOfCursor(deps.db, 'balance', merchantId, q.cursor) };
    const rows = await listBalanceTransactions(deps.db, merchantId, filters, q.limit + 1);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(balanceTransactionAnswer), rows.length > q.limit && last ? cursorOf('balance', last.id) : null), 200, NO_STORE);
  });

  app.get('/payouts', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListPayoutsQuery, queryOf(c), 'query');
    const rows = await listMerchantPayouts(deps.db, merchantId,
      { status: q.status, createdFrom: q.createdFrom, createdTo: q.createdTo, arrivalFrom: q.arrivalFrom, arrivalTo: q.arrivalTo, beforeSeq: await positionOfCursor(deps.db, 'payouts', merchantId, q.cursor) }, q.limit + 1);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(merchantPayoutOf), rows.length > q.limit && last ? cursorOf('payouts', last.id) : null), 200, NO_STORE);
  });

  app.get('/payouts/:id', async (c) => {
    const merchantId = await merchantOf(c);
    const id = c.req.param('id');
    const payout = PAYOUT_ID.test(id) ? await findMerchantPayout(deps.db, merchantId, id) : undefined;
    if (!payout) throw new ApiError(404, 'payout_not_found', 'No such payout for this merchant');
    const lines = await listBalanceTransactions(deps.db, merchantId, { payoutId: payout.id }, PAYOUT_LINES_SHOWN + 1);
    return c.json({
      ...merchantPayoutOf(payout),
      balanceTransactions: lines.slice(0, PAYOUT_LINES_SHOWN).map(balanceTransactionAnswer),
      balanceTransactionsHasMore: lines.length > PAYOUT_LINES_SHOWN,
    }, 200, NO_STORE);
  });

  return app;
}
