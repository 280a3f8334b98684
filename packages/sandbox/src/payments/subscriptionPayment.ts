import {
  activationChargeCents, amountToCents, CHANNEL, isCardExpiryValid, isSubscriptionActive, processingFailureKey, SERVICE_CODES, subscriptionPasses,
  type CardPaymentPayload, type Language,
} from '@pasarela/core';
import type { Deps } from '../Deps';
import type { Queryable } from '../db/Database';
import { ApiError } from '../http/ApiError';
import { AUTH_STATUS, CARD_STATUS, cardOutcomeFor, outcomeKey } from '../gateways/testCards';
import { findMerchant } from '../store/merchants';
import { findPlan, findSubscription, type SubscriptionRow } from '../store/catalog';
import { insertTransaction, newCodOper, type TransactionRow } from '../store/transactions';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { cardFingerprintOf, storedCard } from './cardFingerprint';
import { checkGuestAllowed } from './cardChecks';
import { attemptThatWon, chargeFingerprint, earlierAttempt, identityOf } from './chargeAttempt';
import { nextChargeDate } from './chargeDueSubscription';

/** One payment that activates a subscription: the card, whom it charges, and the checks the caller made. */
export interface SubscriptionCardPayment {
  subscriptionKey: string;
  /** SPEC 7 activateSubscription.idSubscription: must name the same subscription as the key. */
  idSubscription?: number | undefined;
  /** SPEC 7 process tx idMerchant: must be the plan's merchant. */
  idMerchant?: number | undefined;
  /** The amount the checkout showed (requestPay.amount): must be the plan's. */
  amount?: number | undefined;
  /** SPEC 3 isOldVersion: picks SPEC 8's key for a gateway failure. */
  isOldVersion?: boolean | undefined;
  cardInformation: CardPaymentPayload['cardInformation'];
  email: string;
  trackId: string;
  lang: Language;
  anonymousUserServiceId: number | undefined;
}

export type SubscriptionAnswer = CardAnswer & { subscriptionKey: string; appliedNow: boolean };

/**
 * SPEC 7 "POST subscription payment via process tx"; SPEC 4 "Subscription: status 1 or -1 passes"
 * (core subscriptionPasses): the payment activates the subscription. A plan that charges at once is
 * charged now; otherwise the card is validated (amount 0) and charged when due. A repeat of the
 * activating payment (same trackId) answers what it did; any other payment of an active one is 409
 * request_already_paid. The caller checked the captcha.
 */
export async function payAndActivateSubscription(deps: Deps, p: SubscriptionCardPayment): Promise<SubscriptionAnswer> {
  const sub = await findSubscription(deps.db, p.subscriptionKey);
  const plan = sub && (await findPlan(deps.db, sub.plan_id));
  if (!sub || !plan) throw new ApiError(404, 'error_to_load');
  if (p.idSubscription !== undefined && p.idSubscription !== sub.id) throw new ApiError(400, 'invalid_arguments', 'activateSubscription.idSubscription is not this subscription');
  if (p.idMerchant !== undefined && p.idMerchant !== plan.merchant_id) throw new ApiError(400, 'invalid_arguments', 'idMerchant is not the merchant of this subscription');
  if (p.amount !== undefined && amountToCents(p.amount) !== plan.amount_cents) throw new ApiError(400, 'invalid_amount', 'requestPay.amount is not the plan amount');
  const card = p.cardInformation;
  const fingerprint = chargeFingerprint(deps.cardFingerprintKey, identityOf({
    method: 'card', target: sub.subscription_key, card: cardFingerprintOf(card.cardNumber, deps.cardFingerprintKey), variant: 'subscription',
  }));
  const answer = (tx: TransactionRow): SubscriptionAnswer => ({ ...cardAnswerOf(tx, p.lang), subscriptionKey: sub.subscription_key, appliedNow: plan.charge_now });
  const earlier = await earlierAttempt(deps.db, p.trackId, fingerprint);
  if (earlier) return answer(earlier);
  if (isSubscriptionActive(sub.status)) throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
  const merchant = await findMerchant(deps.db, plan.merchant_id);
  if (!merchant) throw new ApiError(404, 'Merchant Not Found');
  checkGuestAllowed(merchant, p.anonymousUserServiceId);
  if (!isCardExpiryValid(card.expMonth, card.expYear, Date.now())) throw new ApiError(400, 'expired', 'cardInformation.expYear is in the past');
  const outcome = cardOutcomeFor(card.cardNumber);
  // The gateway failed before deciding: nothing is recorded (SPEC 8 error_processing_request for an old-version tx).
  if (outcome.kind === 'processing_error') throw new ApiError(502, processingFailureKey(p.isOldVersion ?? false));
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
      track_id: p.trackId, link_code: null, merchant_id: plan.merchant_id, method: 'card', amount_cents: chargeNow, tax_cents: 0,
      status: CARD_STATUS[key], auth_status: AUTH_STATUS[key], message_key: key, tx_type: SERVICE_CODES.subscription, card_brand: stored.brand, card_last4: stored.last4,
      card_token: stored.token, card_fingerprint: stored.fingerprint, payer_name: payerName, email: p.email || sub.email,
      phone: '', concept: plan.name, description: plan.description, lang: p.lang, tx_channel: CHANNEL.subscription, redirect_url: null, expires_at: null,
      reference: null, user_id: null, anonymous_user_service_id: p.anonymousUserServiceId ?? null,
      // A plan that does not charge at once: this row is the card's validation, no charge (amount 0).
      details: { idSubscription: sub.id, subscriptionKey: sub.subscription_key, ...(plan.charge_now ? {} : { validationOnly: true }) },
      campaign_bridge_id: null, campaign_cents: 0, request_fingerprint: fingerprint,
    }, newCodOper());
    if (row && subscriptionPasses(row.status)) await activate(tx, sub.id, plan.period, { ...stored, payerName });
    return row;
  });
  // Another payment activated it meanwhile, or this trackId's first request got there first.
  if (inserted === 'active') {
    const won = await earlierAttempt(deps.db, p.trackId, fingerprint);
    if (won) return answer(won);
    throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
  }
  return answer(inserted ?? (await attemptThatWon(deps.db, p.trackId, fingerprint)));
}

/** The card a subscription is charged with from now on. */
interface ActivatingCard { token: string; brand: string; last4: string; payerName: string }

/** Marks the subscription active, charged next on its period's next date with this card. False when it already was. */
async function activate(db: Queryable, subscriptionId: number, period: string, card: ActivatingCard): Promise<boolean> {
  const rows = await db.query(
    'update subscriptions set status = 1, next_charge_at = $2, card_token = $3, card_brand = $4, card_last4 = $5, payer_name = $6 where id = $1 and status <> 1 returning id',
    [subscriptionId, nextChargeDate(period), card.token, card.brand, card.last4, card.payerName],
  );
  return rows.length > 0;
}

/**
 * A link payment that activates the link's subscription (SPEC 7 "POST activity pay (...
 * activateSubscription)" with a saved card): the subscription named must be the link's own
 * (payment_links.id_subscription), its id and key must agree, and it must not be active yet (409
 * request_already_paid). Returns what to activate once the payment passes.
 */
export async function subscriptionOfLink(db: Queryable, linkCode: string, asked: { idSubscription: number; subscriptionKey: string }): Promise<{ id: number; period: string }> {
  const [row] = await db.query<{ id: number; status: number; period: string }>(
    `select s.id, s.status, p.period from payment_links l join subscriptions s on s.id = l.id_subscription join plans p on p.id = s.plan_id
      where l.code = $1 and s.id = $2 and s.subscription_key = $3`,
    [linkCode, asked.idSubscription, asked.subscriptionKey],
  );
  if (!row) throw new ApiError(400, 'invalid_arguments', 'activateSubscription names no subscription of this link');
  if (isSubscriptionActive(row.status)) throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
  return { id: row.id, period: row.period };
}

/** Activates the link's subscription with the payment's card when the payment passes (SPEC 4 "status 1 or -1 passes"). */
export async function activateWithPayment(db: Queryable, sub: { id: number; period: string }, payment: TransactionRow): Promise<boolean> {
  if (!subscriptionPasses(payment.status) || !payment.card_token) return false;
  return activate(db, sub.id, sub.period, { token: payment.card_token, brand: payment.card_brand ?? '', last4: payment.card_last4 ?? '', payerName: payment.payer_name });
}
