import { Hono } from 'hono';
import * as v from 'valibot';
import { centsToAmount, freeText } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { originOf } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { idSchema } from '../../http/idSchema';
import { parseOr400 } from '../../payments/validatePayload';
import { findPlan } from '../../store/catalog';
import { listRecentTransactions, type TransactionWithValidation } from '../../store/transactions';
import { listMerchants } from '../../store/merchants';
import { shownWebhookUrl } from '../webhookUrlRule';
import { refundsOfPayments, type RefundRow } from '../../store/refunds';
import { disputesOfPayments, type DisputeRow } from '../../store/disputes';
import { capturableCentsOfRow, capturedCentsOfRow } from '../../merchantView/paymentHold';
import { cryptoOverpaymentOfRow } from '../../payments/cryptoOverpayment';
import { findLinkByCode, listLinks } from '../../store/links';
import { findLinkInAnyCase } from '../../store/findLinkInAnyCase';
import { createSubscription } from '../../store/catalog';
import { merchantResultOf, type MerchantResult } from '../../merchantView/merchantResultOf';
import { transactionSummary } from './adminLinks';
import { requireOwn, scopedMerchant } from '../../auth/adminAccess';

const METHODS = ['card', 'nequi', 'yappy', 'clave', 'cash', 'crypto', 'balance'] as const;
const OUTCOMES = ['APPROVED', 'PENDING', 'DECLINED'] as const;
const MAX_LISTED = 200;

const RecentQuerySchema = v.object({
  code: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'code must be a link code'))),
  method: v.optional(v.picklist(METHODS, `method must be one of ${METHODS.join(', ')}`)),
  outcome: v.optional(v.picklist(OUTCOMES, `outcome must be one of ${OUTCOMES.join(', ')}`)),
});
const NewSubscriptionSchema = v.strictObject({
  planId: idSchema('planId must be a number', 'planId must be a whole number from 1 to 2147483647'),
  email: v.optional(v.pipe(freeText(254, { missingMessage: 'email must be a string', tooLongMessage: 'email is too long', charactersMessage: 'email must not hold control or bidi characters' }), v.email('email is not an e-mail address')), 'payer@example.com'),
});

function overpaymentOf(row: TransactionWithValidation) {
  const over = cryptoOverpaymentOfRow(row);
  return over ? { amount: over.amount, coin: over.coin, network: over.network, to: over.to ?? null, status: over.status } : null;
}

/** What the console shows of a payment: enough to pick the calls that settle it. */
function listedTransaction(row: TransactionWithValidation, refunds: readonly RefundRow[], disputes: readonly DisputeRow[]) {
  const subscriptionKey = row.details['subscriptionKey'];
  const cryptoDue = Number(row.details['amountCrypto']);
  const outcome: MerchantResult = merchantResultOf({ method: row.method, status: row.status, authStatus: row.auth_status });
  return {
    ...transactionSummary(row),
    outcome,
    linkCode: row.link_code,
    merchantId: row.merchant_id,
    // The merchant's (issue 93): every amount here is in it.
    currency: row.currency,
    reference: row.reference,
    subscriptionKey: typeof subscriptionKey === 'string' ? subscriptionKey : null,
    underpaid: row.details['underpaid'] === true,
    // The coin amount quoted, so an under-payment can be played below it.
    cryptoDue: row.method === 'crypto' && row.details['amountCrypto'] !== undefined && Number.isFinite(cryptoDue) ? cryptoDue : null,
    validationState: row.validation_state,
    // What the merchant's refunds gave back (migration 017), and what was paid and each refund with
    // its state, so the console's refund form works out what remains as the server does (core's rule).
    refundedAmount: centsToAmount(row.refunded_cents),
    // Of a manual-capture payment, what was captured: refunds give back at most that.
    paidAmount: centsToAmount(capturedCentsOfRow(row)),
    capturableAmount: centsToAmount(capturableCentsOfRow(row)),
    // Coins sent beyond a crypto quote: the payer's, owed back or sent back, never the merchant's money.
    overpayment: overpaymentOf(row),
    refunds: refunds.map((r) => ({ id: r.id, amount: centsToAmount(r.amount_cents), status: r.state, createdAt: r.created_at.toISOString() })),
    // Its disputes as the books hold them: an open one, or what a lost one took, is not refundable (core refundCheck).
    disputes: disputes.map((d) => ({ stage: d.stage, status: d.status, taken: centsToAmount(d.taken_cents), feeCharged: d.fee_charged })),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Admin lists for the sandbox console: every payment, merchants, links; a subscription to a plan. */
export function adminListRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // Newest first, filtered; the outcome is the webhook's, so both views agree.
  app.get('/transactions/recent', async (c) => {
    const q = parseOr400(RecentQuerySchema, { code: c.req.query('code') || undefined, method: c.req.query('method') || undefined, outcome: c.req.query('outcome') || undefined });
    const linkCode = q.code && ((await findLinkInAnyCase(q.code, (code) => findLinkByCode(deps.db, code)))?.code ?? q.code);
    const rows = await listRecentTransactions(deps.db, { linkCode, method: q.method, merchantId: scopedMerchant(c), limit: q.outcome ? MAX_LISTED * 5 : MAX_LISTED });
    const opers = rows.map((r) => r.cod_oper);
    const [refunds, disputes] = await Promise.all([refundsOfPayments(deps.db, opers), disputesOfPayments(deps.db, opers)]);
    const listed = rows.map((row) => listedTransaction(row, refunds.filter((r) => r.cod_oper === row.cod_oper), disputes.filter((d) => d.cod_oper === row.cod_oper)))
      .filter((t) => !q.outcome || t.outcome === q.outcome).slice(0, MAX_LISTED);
    return c.json({ transactions: listed }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/merchants', async (c) => {
    const rows = await listMerchants(deps.db, scopedMerchant(c));
    return c.json({ merchants: rows.map((m) => ({ id: m.id, name: m.name, webhookUrl: shownWebhookUrl(m.webhook_url), captchaRequired: m.captcha_required, currency: m.currency })) }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/links', async (c) => {
    const rows = await listLinks(deps.db, scopedMerchant(c), MAX_LISTED);
    const origin = originOf(deps, c.req.url);
    return c.json({
      links: rows.map((l) => ({ code: l.code, slug: l.slug, description: l.description, amount: centsToAmount(l.amount_cents), merchantId: l.merchant_id, url: `${origin}/${l.slug}` })),
    }, 200, { 'cache-control': 'no-store' });
  });
  // A payer's subscription to a plan, ready to pay at its checkout URL (what the widget's POST /api/v1/subscriptions does).
  app.post('/subscriptions', async (c) => {
    const b = parseOr400(NewSubscriptionSchema, await readObjectBody(c));
    const plan = await findPlan(deps.db, b.planId);
    const notFound = () => new ApiError(404, 'plan_not_found', 'planId names no plan');
    if (!plan) throw notFound();
    requireOwn(c, plan.merchant_id, notFound);
    const { key } = await createSubscription(deps.db, plan.id, b.email);
    return c.json({ subscriptionKey: key, planId: plan.id, url: `${originOf(deps, c.req.url)}/pf/widget?type=subs&code=${key}` }, 201);
  });
  return app;
}
