import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';
import { CARD_AUTH_STATUS, CARD_RESULT_STATUS, CHANNEL, SERVICE_CODES, recordedLanguage, renewedSubscriptionChargeDate } from '@pasarela/core';
import { PaymentError } from '../errors/PaymentError';
import { findPlan, type SubscriptionRow } from '../store/catalog';
import { findMerchant } from '../store/merchants';
import { claimDueSubscription, dueSubscriptionIds, sendClaimedRenewal, setNextCharge } from '../store/subscriptions';
import { insertTransaction, newCodOper } from '../store/insertTransaction';
import { type TransactionRow } from '../store/transactions';
import { dropUnsentAttempt } from '../store/transactionUpdates';
import { processorOfMethod } from '../gateways/processors';
import { chargeCard } from './chargeCard';

/**
 * The date moves on (the subscription's next date after the one it was due, counted from its start) and the renewal attempt is recorded in one
 * transaction, so a crash loses neither; in its payer's language (migration 192), its receipt to the
 * e-mail its payer gave at the first payment (migration 207).
 */
async function claimRenewal(tx: Queryable, sub: SubscriptionRow, processor: string | null): Promise<TransactionRow | undefined> {
  const plan = await findPlan(tx, sub.plan_id);
  if (!plan) return undefined;
  const due = sub.next_charge_at ?? new Date();
  const codOper = newCodOper();
  await setNextCharge(tx, sub.id, renewedSubscriptionChargeDate(plan.period, due.getTime(), Date.now(), sub.charge_anchor_at?.getTime()), due, codOper);
  return insertTransaction(tx, {
    track_id: null, link_code: null, merchant_id: plan.merchant_id, method: 'card', amount_cents: plan.amount_cents, tax_cents: 0,
    status: CARD_RESULT_STATUS.processing, auth_status: CARD_AUTH_STATUS.processing, message_key: 'processing', tx_type: SERVICE_CODES.subscription,
    card_brand: sub.card_brand, card_last4: sub.card_last4, card_token: sub.card_token, card_customer: sub.card_customer, card_fingerprint: null, payer_name: sub.payer_name, email: sub.payer_email ?? sub.email,
    phone: '', concept: plan.name, description: plan.description, lang: sub.lang, tx_channel: CHANNEL.subscription, redirect_url: null, expires_at: null, reference: null,
    user_id: null, anonymous_user_service_id: null, details: { idSubscription: sub.id, subscriptionKey: sub.subscription_key, renewal: true }, campaign_bridge_id: null, campaign_cents: 0,
    request_fingerprint: null, processor,
  }, codOper);
}

/** The checkout's public origin, when known, is where a renewal's receipt links to. */
type RenewalDeps = Pick<Deps, 'db' | 'gateways' | 'processors'> & Partial<Pick<Deps, 'publicOrigin'>>;

/**
 * Sent only if its merchant's cancel has not called it off since the claim (sendClaimedRenewal, right
 * before the processor's call; undefined when called off). No answer leaves it to the reconciler; a
 * processor that could not decide is recorded (no payer retries a renewal).
 */
async function chargeRenewal(deps: RenewalDeps, attempt: TransactionRow): Promise<TransactionRow | undefined> {
  const merchant = await findMerchant(deps.db, attempt.merchant_id);
  const subscriptionId = Number(attempt.details['idSubscription']);
  if (!(await sendClaimedRenewal(deps.db, subscriptionId, attempt.cod_oper))) {
    await dropUnsentAttempt(deps.db, attempt.cod_oper);
    return undefined;
  }
  try {
    return (await chargeCard(deps, attempt, {
      card: { token: attempt.card_token ?? '', customer: attempt.card_customer }, lang: recordedLanguage(attempt.lang), capture: true, merchant: { name: merchant?.name ?? '', logo: merchant?.logo || null },
      calledOff: 'This subscription renewal was called off',
      // Each period's "Comprobante de pago" to the subscriber, mailed with its approval, once.
      receipt: deps.publicOrigin !== undefined ? { origin: deps.publicOrigin } : undefined,
    })).row;
  } catch (error) {
    if (error instanceof PaymentError && (error.kind === 'in_doubt' || error.kind === 'conflict')) return attempt;
    throw error;
  }
}

/** Charged when next read once due; `for update skip locked` charges it once across readers and sweeps on any nodes. */
export async function chargeIfDue(deps: RenewalDeps, sub: SubscriptionRow): Promise<TransactionRow | undefined> {
  if (sub.status !== 1 || !sub.card_token || !sub.next_charge_at || sub.next_charge_at.getTime() > Date.now()) return undefined;
  const attempt = await deps.db.transaction(async (tx) => {
    const claimed = await claimDueSubscription(tx, sub.id);
    return claimed ? claimRenewal(tx, claimed, processorOfMethod(deps.processors, 'card')) : undefined;
  });
  return attempt && chargeRenewal(deps, attempt);
}

const SWEEP_BATCH = 100;

/**
 * Every node's timer: each due subscription is claimed (`for update skip locked`, so sweeps and readers
 * on several nodes charge it once) just before its renewal goes to the processor, one at a time. A
 * batch claimed up front would send, minutes later, the renewal of one its merchant cancelled in between.
 */
export async function chargeDueSubscriptions(deps: RenewalDeps): Promise<TransactionRow[]> {
  const charged: TransactionRow[] = [];
  for (const id of await dueSubscriptionIds(deps.db, SWEEP_BATCH)) {
    const attempt = await deps.db.transaction(async (tx) => {
      const claimed = await claimDueSubscription(tx, id);
      return claimed ? claimRenewal(tx, claimed, processorOfMethod(deps.processors, 'card')) : undefined;
    });
    const renewal = attempt && (await chargeRenewal(deps, attempt));
    if (renewal) charged.push(renewal);
  }
  return charged;
}
