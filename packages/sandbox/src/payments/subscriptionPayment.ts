import type { CardToken, MerchantDescriptor } from '@pasarela/gateways';
import { processorOfMethod } from '../gateways/processors';
import {
  activationChargeCents, amountToCents, CANCELLED_AUTH_STATUS, customFieldAnswersOf, processorName, recordedCardOutcomeOf, CARD_AUTH_STATUS, CARD_RESULT_STATUS, CHANNEL, isCardExpiryValid, isSubscriptionActive, isSubscriptionCancelled, processingFailureKey, SERVICE_CODES,
  type CardPaymentPayload, type Language,
} from '@pasarela/core';
import type { Deps } from '../Deps';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { findMerchant } from '../store/merchants';
import { findPlan, findSubscription } from '../store/catalog';
import { findLinkSubscription, lockSubscription } from '../store/subscriptions';
import { insertUnlessDuplicate, newCodOper } from '../store/insertTransaction';
import { cardTokenHash } from '../store/cardTokenUses';
import { findTransactionByTrackId, type TransactionRow } from '../store/transactions';
import { keepAttemptCard } from '../store/transactionUpdates';
import { chargeCard, stillInDoubt } from './chargeCard';
import { checkPaymentCaptcha } from './captchaVerdict';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { cardTokenOf, chargeOrDecided, dropCvcAfterOutcome, outcomeFinal, refuseSpentCvc, spentCvcError, vaultCardOf, vaultExpiry } from './vaultCard';
import { saveAtProcessor } from './savedCard';
import { subscriptionStartOfSettled, type ReceiptTo } from './receiptMail';
import { settlePayment, type JustRecorded } from './settlePayment';
import { checkGuestAllowed } from './cardChecks';
import { attemptThatWon, chargeFingerprint, earlierAttempt, identityOf } from './chargeAttempt';

export interface SubscriptionCardPayment {
  subscriptionKey: string;
  /** Must name the same subscription as the key. */
  idSubscription?: number | undefined;
  /** Must be the plan's merchant. */
  idMerchant?: number | undefined;
  /** Must be the plan's amount. */
  amount?: number | undefined;
  /** Picks SPEC 8's key for a gateway failure. */
  isOldVersion?: boolean | undefined;
  cardInformation: CardPaymentPayload['cardInformation'];
  email: string;
  trackId: string;
  captchaToken: string | undefined;
  lang: Language;
  anonymousUserServiceId: number | undefined;
  origin?: string | undefined;
  /** The answers to the checkout's custom fields (CustomFieldValuesSchema), kept with the attempt as a link payment's are. */
  customFieldValues?: unknown[] | undefined;
}

export type SubscriptionAnswer = CardAnswer & { subscriptionKey: string; appliedNow: boolean };

/**
 * SPEC 7 subscription payment via process tx: a plan charging at once is charged now, else the card is
 * validated (amount 0). A repeat (same trackId) answers what it did; another payment of an active one
 * is request_already_paid.
 */
export async function payAndActivateSubscription(deps: Deps, p: SubscriptionCardPayment): Promise<SubscriptionAnswer> {
  await checkPaymentCaptcha(deps, p.captchaToken, { subscriptionKey: p.subscriptionKey }, p.trackId);
  const sub = await findSubscription(deps.db, p.subscriptionKey);
  const plan = sub && (await findPlan(deps.db, sub.plan_id));
  if (!sub || !plan) throw new PaymentError('not_found', 'error_to_load');
  if (p.idSubscription !== undefined && p.idSubscription !== sub.id) throw new PaymentError('invalid', 'invalid_arguments', 'activateSubscription.idSubscription is not this subscription');
  if (p.idMerchant !== undefined && p.idMerchant !== plan.merchant_id) throw new PaymentError('invalid', 'invalid_arguments', 'idMerchant is not the merchant of this subscription');
  if (p.amount !== undefined && amountToCents(p.amount) !== plan.amount_cents) throw new PaymentError('invalid', 'invalid_amount', 'requestPay.amount is not the plan amount');
  const card = p.cardInformation;
  const cardField = 'requestPay.cardInformation.cardNumber';
  // The card as the vault holds it (issue 90): its brand, expiry and fingerprint (the attempt spends the token).
  const vaultCard = await vaultCardOf(deps, card.cardNumber, cardField, async () => p.trackId ? findTransactionByTrackId(deps.db, p.trackId) : undefined);
  const fingerprint = chargeFingerprint(identityOf({
    method: 'card', target: sub.subscription_key, card: vaultCard.fingerprint, variant: 'subscription',
  }));
  const answer = (tx: TransactionRow): SubscriptionAnswer => ({ ...cardAnswerOf(tx, p.lang), subscriptionKey: sub.subscription_key, appliedNow: plan.charge_now });
  // The merchant's cancel overtook this payment (its activation found the subscription cancelled, the
  // attempt was called off and what the card gave is given back): the payer hears that the shop cancelled
  // it, as its checkout says (docs/api.md 409 subscription_cancelled_by_shop), never that it is active.
  const cancelledMeanwhile = async (): Promise<PaymentError | undefined> => {
    const now = await findSubscription(deps.db, sub.subscription_key);
    return now && isSubscriptionCancelled(now.status) ? new PaymentError('conflict', 'subscription_cancelled_by_shop') : undefined;
  };
  const answered = async (tx: TransactionRow): Promise<SubscriptionAnswer> => {
    if (tx.auth_status === CANCELLED_AUTH_STATUS) {
      const cancelled = await cancelledMeanwhile();
      if (cancelled) throw cancelled;
    }
    return answer(tx);
  };
  const merchant = await findMerchant(deps.db, plan.merchant_id);
  if (!merchant) throw new PaymentError('not_found', 'Merchant Not Found');
  const payerName = `${card.firstName} ${card.lastName}`;
  const details: CardToken = cardTokenOf(vaultCard, processorName(payerName));
  // The card saved at the processor first (renewals charge its token); no answer is in_doubt, left
  // for the reconciler and this trackId's retry.
  const settledRow = async (attempt: TransactionRow, firstCall: boolean): Promise<TransactionRow> => {
    // Its charge follows: that charge's challenge or pending answer is the card's, as for any payment.
    const saved = await saveAtProcessor(deps, `save-card:${attempt.cod_oper}`, details, null, true);
    // A processor that still would not keep it unconfirmed: renewals need a kept card, so it is refused.
    if (saved.status !== 'saved') return (await settlePayment(deps, attempt.cod_oper, recordedCardOutcomeOf(saved.status === 'declined' ? saved.reason : 'generic')))?.row ?? attempt;
    const kept = (await keepAttemptCard(deps.db, attempt.cod_oper, saved)) ?? attempt;
    if (kept.amount_cents === 0) {
      // Nothing charged today: the payer's e-mail says the card is kept, and when the first charge comes.
      const mailOf = p.origin !== undefined ? subscriptionStartOfSettled({ origin: p.origin, shop: merchant, plan: { name: plan.name, amountCents: plan.amount_cents, period: plan.period } }) : undefined;
      return (await settlePayment(deps, kept.cod_oper, recordedCardOutcomeOf('approved'), { mailOf }))?.row ?? kept;
    }
    return (await chargeCard(deps, kept, {
      card: details, merchant: { name: merchant.name, logo: merchant.logo || null }, lang: p.lang, capture: true, origin: p.origin,
      failureKey: processingFailureKey(p.isOldVersion ?? false), firstCall,
      // Another payment activated it meanwhile (a cancel meanwhile is told as such: cancelledMeanwhile).
      calledOff: 'This subscription is already active',
      // The payer's "Comprobante de pago", mailed with the approval (a card validated, charging nothing, has none).
      receipt: p.origin !== undefined ? { origin: p.origin } : undefined,
    })).row;
  };
  // The save and the first charge both carry the CVC: it is dropped once the payment's outcome is final.
  const charged = async (attempt: TransactionRow, firstCall = false) => {
    const charge = await chargeOrDecided(deps, vaultCard, attempt.cod_oper, () => settledRow(attempt, firstCall)).catch(async (error: unknown) => {
      const cancelled = error instanceof PaymentError && error.code === 'request_already_paid' ? await cancelledMeanwhile() : undefined;
      throw cancelled ?? error;
    });
    if ('decided' in charge) return answered(charge.decided);
    if (outcomeFinal(charge.charged)) dropCvcAfterOutcome(deps, vaultCard);
    return answered(charge.charged);
  };
  const earlier = await earlierAttempt(deps.db, p.trackId, fingerprint);
  if (earlier) return stillInDoubt(earlier) ? charged(earlier) : answered(earlier);
  if (isSubscriptionActive(sub.status)) throw new PaymentError('conflict', 'request_already_paid', 'This subscription is already active');
  // Its merchant cancelled it: its checkout is as an unknown one's, and takes no payment.
  if (isSubscriptionCancelled(sub.status)) throw new PaymentError('not_found', 'error_to_load');
  checkGuestAllowed(merchant, p.anonymousUserServiceId);
  refuseSpentCvc(vaultCard, cardField);
  const expiry = vaultExpiry(vaultCard);
  if (!isCardExpiryValid(expiry.expMonth, expiry.expYear, Date.now())) throw new PaymentError('invalid', 'expired', 'cardInformation.expYear is in the past');
  const chargeNow = activationChargeCents({ amountCents: plan.amount_cents, chargeNow: plan.charge_now });
  // The subscription row locked while the attempt is recorded; of payments racing on any nodes one
  // activates and charges it (settlePayment). The attempt spends the card's token, as a link payment's does.
  const inserted = await deps.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || isSubscriptionActive(locked.status)) return 'active' as const;
    if (isSubscriptionCancelled(locked.status)) return 'cancelled' as const;
    const result = await insertUnlessDuplicate(tx, {
      track_id: p.trackId, link_code: null, merchant_id: plan.merchant_id, method: 'card', amount_cents: chargeNow, tax_cents: 0,
      status: CARD_RESULT_STATUS.processing, auth_status: CARD_AUTH_STATUS.processing, message_key: 'processing', tx_type: SERVICE_CODES.subscription,
      card_brand: vaultCard.brand, card_last4: vaultCard.last4, card_token: null, card_fingerprint: vaultCard.fingerprint, payer_name: payerName, email: p.email || sub.email,
      phone: '', concept: plan.name, description: plan.description, lang: p.lang, tx_channel: CHANNEL.subscription, redirect_url: null, expires_at: null,
      reference: null, user_id: null, anonymous_user_service_id: p.anonymousUserServiceId ?? null,
      details: { idSubscription: sub.id, subscriptionKey: sub.subscription_key, activates: true, ...(plan.charge_now ? {} : { validationOnly: true }) },
      campaign_bridge_id: null, campaign_cents: 0, request_fingerprint: fingerprint, processor: processorOfMethod(deps.processors, 'card'),
      custom_field_values: customFieldAnswersOf(p.customFieldValues),
    }, newCodOper(), null, { cardTokenHash: cardTokenHash(vaultCard.token) });
    return result.kind === 'inserted' ? result.row : result.kind === 'card_token_spent' ? result.kind : undefined;
  });
  if (inserted === 'card_token_spent') throw spentCvcError(cardField);
  if (inserted === 'cancelled') throw new PaymentError('not_found', 'error_to_load');
  // Another payment activated it meanwhile, or this trackId's first request got there first.
  if (inserted === 'active') {
    const won = await earlierAttempt(deps.db, p.trackId, fingerprint);
    if (won) return answered(won);
    throw new PaymentError('conflict', 'request_already_paid', 'This subscription is already active');
  }
  if (!inserted) return answered(await attemptThatWon(deps.db, p.trackId, fingerprint));
  return charged(inserted, true);
}

/** A link payment that activates the link's own subscription (id and key agree, not active yet); what to activate once it passes. */
export async function subscriptionOfLink(db: Queryable, linkCode: string, asked: { idSubscription: number; subscriptionKey: string }): Promise<{ id: number; key: string; period: string }> {
  const row = await findLinkSubscription(db, linkCode, asked.idSubscription, asked.subscriptionKey);
  if (!row) throw new PaymentError('invalid', 'invalid_arguments', 'activateSubscription names no subscription of this link');
  if (isSubscriptionActive(row.status)) throw new PaymentError('conflict', 'request_already_paid', 'This subscription is already active');
  if (isSubscriptionCancelled(row.status)) throw new PaymentError('not_found', 'error_to_load');
  return { id: row.id, key: row.subscription_key, period: row.period };
}

/**
 * A wallet user's saved card charges an attempt recorded in doubt, by its token; recording its outcome
 * claims the link and, when it pays, mails the user's receipt.
 */
export async function chargeSavedCard(
  deps: Deps, attempt: TransactionRow, merchant: MerchantDescriptor, lang: Language,
  { receipt, justRecorded, firstCall = false }: { receipt: ReceiptTo; justRecorded?: Omit<JustRecorded, 'row'> | undefined; firstCall?: boolean },
): Promise<TransactionRow> {
  const charged = await chargeCard(deps, attempt, {
    card: { token: attempt.card_token ?? '', customer: attempt.card_customer }, merchant, lang, capture: true,
    failureKey: 'payment_error_try_again', calledOff: 'This payment was paid by another payment', justRecorded, firstCall, receipt,
  });
  return charged.row;
}
