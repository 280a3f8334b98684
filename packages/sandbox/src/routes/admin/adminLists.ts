import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { centsToAmount, freeText } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { originOf } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { idSchema } from '../../http/idSchema';
import { parseOr400 } from '../../payments/validatePayload';
import { findPlan } from '../../store/catalog';
import type { TransactionRow } from '../../store/transactions';
import { merchantResultOf, type MerchantResult } from '../../webhooks/merchantResultOf';
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
const NewSubscriptionSchema = v.object({
  planId: idSchema('planId must be a number', 'planId must be a whole number from 1 to 2147483647'),
  email: v.optional(v.pipe(freeText(254, { missingMessage: 'email must be a string', tooLongMessage: 'email is too long', charactersMessage: 'email must not hold control or bidi characters' }), v.email('email is not an e-mail address')), 'payer@example.com'),
});

type ListedRow = TransactionRow & { validation_state: number | null; refunded_cents: number };

/** What the console shows of a payment: enough to pick the calls that settle it. */
function listedTransaction(row: ListedRow) {
  const subscriptionKey = row.details['subscriptionKey'];
  const cryptoDue = Number(row.details['amountCrypto']);
  const outcome: MerchantResult = merchantResultOf({ method: row.method, status: row.status, authStatus: row.auth_status });
  return {
    ...transactionSummary(row),
    outcome,
    linkCode: row.link_code,
    merchantId: row.merchant_id,
    reference: row.reference,
    subscriptionKey: typeof subscriptionKey === 'string' ? subscriptionKey : null,
    underpaid: row.details['underpaid'] === true,
    // The coin amount quoted, so an under-payment can be played below it.
    cryptoDue: row.method === 'crypto' && row.details['amountCrypto'] !== undefined && Number.isFinite(cryptoDue) ? cryptoDue : null,
    validationState: row.validation_state,
    // What the merchant's refunds gave back (migration 017), for the console's refund button.
    refundedAmount: centsToAmount(row.refunded_cents),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Admin lists for the sandbox console: every payment, merchants, links; a subscription to a plan. */
export function adminListRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // Newest first, filtered; the outcome is the webhook's, so both views agree.
  app.get('/transactions/recent', async (c) => {
    const q = parseOr400(RecentQuerySchema, { code: c.req.query('code') || undefined, method: c.req.query('method') || undefined, outcome: c.req.query('outcome') || undefined });
    const rows = await deps.db.query<ListedRow>(
      `select t.*, v.state as validation_state from transactions t left join validations v on v.cod_oper = t.cod_oper
        where ($1::text is null or t.link_code = $1) and ($2::text is null or t.method = $2) and ($4::int is null or t.merchant_id = $4)
        order by t.id desc limit $3`,
      [q.code ?? null, q.method ?? null, q.outcome ? MAX_LISTED * 5 : MAX_LISTED, scopedMerchant(c) ?? null],
    );
    const listed = rows.map(listedTransaction).filter((t) => !q.outcome || t.outcome === q.outcome).slice(0, MAX_LISTED);
    return c.json({ transactions: listed }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/merchants', async (c) => {
    const rows = await deps.db.query<{ id: number; name: string; webhook_url: string | null; captcha_required: boolean }>(
      'select id, name, webhook_url, captcha_required from merchants where ($1::int is null or id = $1) order by id', [scopedMerchant(c) ?? null]);
    return c.json({ merchants: rows.map((m) => ({ id: m.id, name: m.name, webhookUrl: m.webhook_url, captchaRequired: m.captcha_required })) }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/links', async (c) => {
    const rows = await deps.db.query<{ code: string; slug: string; description: string; amount_cents: number; merchant_id: number }>(
      'select code, slug, description, amount_cents, merchant_id from payment_links where ($2::int is null or merchant_id = $2) order by id desc limit $1', [MAX_LISTED, scopedMerchant(c) ?? null]);
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
    const key = `SUB${randomBytes(6).toString('hex').toUpperCase()}`;
    await deps.db.query('insert into subscriptions (subscription_key, plan_id, email) values ($1, $2, $3)', [key, plan.id, b.email]);
    return c.json({ subscriptionKey: key, planId: plan.id, url: `${originOf(deps, c.req.url)}/pf/widget?type=subs&code=${key}` }, 201);
  });
  return app;
}
