import { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import {
  freeText, PaymentSecurityEntries, CardInformationSchema, isCardExpiryValid, type Language, CHANNEL, SERVICE_CODES, activationChargeCents, isSubscriptionActive, subscriptionPasses,
} from '@pasarela/core';
import type { Deps } from '../Deps';
import { ApiError } from '../http/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { readObjectBody } from '../http/readBody';
import { idSchema } from '../http/idSchema';
import { reply } from '../http/reply';
import { AUTH_STATUS, CARD_STATUS, cardOutcomeFor, outcomeKey } from '../gateways/testCards';
import { cardAnswerOf } from '../payments/cardAnswer';
import { cardFingerprintOf, storedCard } from '../payments/cardFingerprint';
import { attemptThatWon, chargeFingerprint, earlierAttempt, identityOf } from '../payments/chargeAttempt';
import { parseOr400 } from '../payments/validatePayload';
import { checkPaymentCaptcha } from '../payments/captchaVerdict';
import { findPlan, findSubscription, planOf, type SubscriptionRow } from '../store/catalog';
import { insertTransaction, newCodOper, type TransactionRow } from '../store/transactions';
import { idParam } from './merchants';
import { nextChargeDate } from '../payments/chargeDueSubscription';
import { checkGuestAllowed } from '../payments/cardChecks';
import { guestServiceIdOf } from '../auth/callerAuth';
import { findMerchant } from '../store/merchants';


const CustomerSubscriptionSchema = v.object({
  idPlan: idSchema(),
  email: v.pipe(freeText(254, { tooLongMessage: 'invalid_email' }), v.email('invalid_email')),
}, 'missing_arguments');
const SubscriptionPaySchema = v.object({
  cardInformation: CardInformationSchema,
  email: v.optional(v.pipe(freeText(254, { tooLongMessage: 'invalid_email' })), ''),
  trackId: v.pipe(freeText(64, { tooLongMessage: 'missing_arguments' }), v.minLength(1, 'missing_arguments')),
  lang: v.optional(v.picklist(['es', 'en'], 'missing_arguments')),
  ...PaymentSecurityEntries,
}, 'missing_arguments');

export function subscriptionRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET merchant plans (or by idPlan)".
  app.get('/merchants/:idMerchant/plans', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    const idPlan = Number(c.req.query('idPlan'));
    const rows = await deps.db.query<Parameters<typeof planOf>[0]>(
      'select * from plans where merchant_id = $1 and ($2::int is null or id = $2) order by id', [id, Number.isSafeInteger(idPlan) && idPlan > 0 ? idPlan : null]);
    return reply(c, { plans: rows.map(planOf) });
  });
  // SPEC 7 "POST customer subscription".
  app.post('/subscriptions', async (c) => {
    const body = parseOr400(CustomerSubscriptionSchema, await readObjectBody(c));
    const plan = await findPlan(deps.db, body.idPlan);
    if (!plan) throw new ApiError(404, 'error_to_load', 'idPlan names no plan');
    const key = `SUB${randomBytes(6).toString('hex').toUpperCase()}`;
    const [row] = await deps.db.query<{ id: number }>('insert into subscriptions (subscription_key, plan_id, email) values ($1, $2, $3) returning id', [key, plan.id, body.email]);
    return reply(c, { idSubscription: row?.id, subscriptionKey: key, status: 0, plan: planOf(plan) });
  });
  // SPEC 7 "POST subscription payment via process tx"; SPEC 4: status 1 or -1 passes. A plan that
  // charges at once is charged now; otherwise the card is validated and charged when due.
  app.post('/subscriptions/:key/pay', async (c) => {
    const body = parseOr400(SubscriptionPaySchema, await readObjectBody(c));
    await checkPaymentCaptcha(deps, body.captchaToken, { subscriptionKey: c.req.param('key') });
    const lang: Language = body.lang ?? c.get('lang');
    const sub = await findSubscription(deps.db, c.req.param('key'));
    const plan = sub && (await findPlan(deps.db, sub.plan_id));
    if (!sub || !plan) throw new ApiError(404, 'error_to_load');
    const card = body.cardInformation;
    const fingerprint = chargeFingerprint(deps.cardFingerprintKey, identityOf({
      method: 'card', target: sub.subscription_key, card: cardFingerprintOf(card.cardNumber, deps.cardFingerprintKey), variant: 'subscription',
    }));
    const answer = (tx: TransactionRow) => reply(c, { ...cardAnswerOf(tx, lang), subscriptionKey: sub.subscription_key, appliedNow: plan.charge_now });
    // A repeat of the payment that activated it answers what it did; any other payment is refused.
    const earlier = await earlierAttempt(deps.db, body.trackId, fingerprint);
    if (earlier) return answer(earlier);
    if (isSubscriptionActive(sub.status)) throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
    const merchant = await findMerchant(deps.db, plan.merchant_id);
    if (!merchant) throw new ApiError(404, 'Merchant Not Found');
    const anonymousUserServiceId = guestServiceIdOf(c);
    checkGuestAllowed(merchant, anonymousUserServiceId);
    if (!isCardExpiryValid(card.expMonth, card.expYear, Date.now())) throw new ApiError(400, 'expired', 'cardInformation.expYear is in the past');
    const outcome = cardOutcomeFor(card.cardNumber);
    if (outcome.kind === 'processing_error') throw new ApiError(502, 'payment_error_try_again');
    const key = outcomeKey(outcome);
    const stored = storedCard(card.cardNumber, card.cardType, deps.cardFingerprintKey);
    const payerName = `${card.firstName} ${card.lastName}`;
    const chargeNow = activationChargeCents({ amountCents: plan.amount_cents, chargeNow: plan.charge_now });
    // The subscription row is locked while it is checked and activated: two payments at once (any
    // nodes, different trackIds) activate and charge it once; the other is refused.
    const inserted = await deps.db.transaction(async (tx) => {
      const [locked] = await tx.query<SubscriptionRow>('select * from subscriptions where id = $1 for update', [sub.id]);
      if (!locked || isSubscriptionActive(locked.status)) return 'active' as const;
      const row = await insertTransaction(tx, {
        track_id: body.trackId, link_code: null, merchant_id: plan.merchant_id, method: 'card', amount_cents: chargeNow, tax_cents: 0,
        status: CARD_STATUS[key], auth_status: AUTH_STATUS[key], message_key: key, tx_type: SERVICE_CODES.subscription, card_brand: stored.brand, card_last4: stored.last4,
        card_token: stored.token, card_fingerprint: stored.fingerprint, payer_name: payerName, email: body.email || sub.email,
        phone: '', concept: plan.name, description: plan.description, lang, tx_channel: CHANNEL.subscription, redirect_url: null, expires_at: null,
        reference: null, user_id: null, anonymous_user_service_id: anonymousUserServiceId ?? null,
        // A plan that does not charge at once: this row is the card's validation, no charge (amount 0).
        details: { idSubscription: sub.id, subscriptionKey: sub.subscription_key, ...(plan.charge_now ? {} : { validationOnly: true }) },
        campaign_bridge_id: null, campaign_cents: 0, request_fingerprint: fingerprint,
      }, newCodOper());
      if (row && subscriptionPasses(row.status)) {
        await tx.query(
          'update subscriptions set status = 1, next_charge_at = $2, card_token = $3, card_brand = $4, card_last4 = $5, payer_name = $6 where id = $1',
          [sub.id, nextChargeDate(plan.period), stored.token, stored.brand, stored.last4, payerName],
        );
      }
      return row;
    });
    // Another payment activated it meanwhile, or this trackId's first request got there first.
    if (inserted === 'active') {
      const won = await earlierAttempt(deps.db, body.trackId, fingerprint);
      if (won) return answer(won);
      throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
    }
    return answer(inserted ?? (await attemptThatWon(deps.db, body.trackId, fingerprint)));
  });
  return app;
}
