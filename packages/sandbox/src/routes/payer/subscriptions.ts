import { Hono } from 'hono';
import * as v from 'valibot';
import { freeText, isSubscriptionActive, isSubscriptionCancelled, payerEmail, PaymentSecurityEntries, CardInformationSchema } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { idSchema, MAX_DB_INTEGER } from '../../http/idSchema';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { payAndActivateSubscription } from '../../payments/subscriptionPayment';
import { createSubscription, findPlan, findSubscription, listPlans, planOf } from '../../store/catalog';
import { chargeIfDue } from '../../payments/chargeDueSubscription';
import { findCheckoutTarget } from '../../payments/checkoutTarget';
import { idParam } from './merchants';
import { guestServiceIdOf } from '../../auth/callerAuth';

const CustomerSubscriptionSchema = v.object({
  idPlan: idSchema(),
  // SPEC 5 invalid_email by the checkout's rule (core payerEmail), the support address included.
  email: v.pipe(freeText(254, { tooLongMessage: 'invalid_email' }), payerEmail()),
}, 'missing_arguments');
const SubscriptionPaySchema = v.object({
  cardInformation: CardInformationSchema,
  // Empty: the subscription's own e-mail.
  email: v.optional(v.pipe(freeText(254, { tooLongMessage: 'invalid_email' }), payerEmail({ emptyAllowed: true })), ''),
  trackId: v.pipe(freeText(64, { tooLongMessage: 'missing_arguments' }), v.minLength(1, 'missing_arguments')),
  lang: v.optional(v.picklist(['es', 'en'], 'missing_arguments')),
  ...PaymentSecurityEntries,
}, 'missing_arguments');

/**
 * `?idPlan=`: absent or empty, every plan of the merchant; an id (1 to MAX_DB_INTEGER, digits only),
 * that plan; anything else names no plan ('none'), never every plan nor an id past the column.
 */
function planFilterOf(raw: string | undefined): number | null | 'none' {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  return id >= 1 && id <= MAX_DB_INTEGER ? id : 'none';
}

export function subscriptionRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET merchant plans (or by idPlan)".
  app.get('/merchants/:idMerchant/plans', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    const idPlan = planFilterOf(c.req.query('idPlan'));
    const rows = idPlan === 'none' ? [] : await listPlans(deps.db, id, idPlan);
    return reply(c, { plans: rows.map(planOf) });
  });
  // SPEC 7 "POST customer subscription".
  app.post('/subscriptions', async (c) => {
    const body = parseOr400(CustomerSubscriptionSchema, await readObjectBody(c));
    const plan = await findPlan(deps.db, body.idPlan);
    if (!plan) throw new ApiError(404, 'error_to_load', 'idPlan names no plan');
    const { id: idSubscription, key } = await createSubscription(deps.db, plan.id, body.email);
    return reply(c, { idSubscription, subscriptionKey: key, status: 0, plan: planOf(plan) });
  });
  // SPEC 7 "GET by subscription" and "GET pending subscription by subscriptionKey".
  app.get('/subscriptions/:key', async (c) => {
    const target = await findCheckoutTarget(deps.db, { type: 'subs', code: c.req.param('key') });
    const found = target?.kind === 'subscription' ? target : undefined;
    // Read again only when a due charge changed it; its plan is the one found with it.
    const charged = found && (await chargeIfDue(deps, found.subscription));
    const sub = charged ? await findSubscription(deps.db, found.subscription.subscription_key) : found?.subscription;
    const plan = found?.plan;
    if (!sub || !plan) throw new ApiError(404, 'error_to_load');
    // One its merchant cancelled has ended: its checkout says so, takes no payment (pay answers 404 error_to_load), and nothing more is charged.
    if (isSubscriptionCancelled(sub.status)) throw new ApiError(409, 'subscription_cancelled_by_shop');
    // A pending subscription only: an active one is not offered (nor paid) again.
    if (isSubscriptionActive(sub.status)) throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
    return reply(c, { idSubscription: sub.id, subscriptionKey: sub.subscription_key, status: sub.status, email: sub.email, nextChargeAt: sub.next_charge_at?.toISOString() ?? null, plan: planOf(plan) });
  });
  // The subscription payment of SPEC 7 is a process tx with activateSubscription (routes/cards.ts);
  // this shorter address takes the card alone, for scripts and tests, and activates the same way.
  app.post('/subscriptions/:key/pay', async (c) => {
    const body = parseOr400(SubscriptionPaySchema, await readObjectBody(c));
    // Its refusals too are in the payer's language, as a process tx's are (routes/payer/cards.ts).
    if (body.lang) c.set('lang', body.lang);
    return reply(c, await payAndActivateSubscription(deps, {
      subscriptionKey: c.req.param('key'), cardInformation: body.cardInformation, email: body.email, trackId: body.trackId, captchaToken: body.captchaToken, lang: body.lang ?? c.get('lang'),
      anonymousUserServiceId: guestServiceIdOf(c), origin: originOf(deps, c.req.url),
    }));
  });
  return app;
}
