import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';
import { CHANNEL, SERVICE_CODES, SUBSCRIPTION_PERIOD_DAYS, nextSubscriptionChargeDate } from '@pasarela/core';
import { findPlan, type SubscriptionRow } from '../store/catalog';
import { insertTransaction, newCodOper, type TransactionRow } from '../store/transactions';

/** Days per SPEC 9 period code, for the next charge date (core, next to the period labels). */
export const PERIOD_DAYS: Readonly<Record<string, number>> = SUBSCRIPTION_PERIOD_DAYS;
export const nextChargeDate = nextSubscriptionChargeDate;

export interface DueSubscription extends SubscriptionRow {
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payer_name: string;
}

const DUE = 'status = 1 and card_token is not null and next_charge_at <= now()';

/**
 * Charges one locked, due subscription inside tx: its date moves a period on and the renewal is
 * recorded in the same transaction, so a crash between the two loses neither.
 */
async function chargeLocked(tx: Queryable, sub: DueSubscription): Promise<TransactionRow | undefined> {
  const plan = await findPlan(tx, sub.plan_id);
  if (!plan) return undefined;
  await tx.query('update subscriptions set next_charge_at = $2 where id = $1', [sub.id, nextChargeDate(plan.period)]);
  return insertTransaction(tx, {
    track_id: null, link_code: null, merchant_id: plan.merchant_id, method: 'card', amount_cents: plan.amount_cents, tax_cents: 0,
    status: 1, auth_status: 'APPROVED', message_key: 'approved', tx_type: SERVICE_CODES.subscription, card_brand: sub.card_brand, card_last4: sub.card_last4,
    card_token: sub.card_token, card_fingerprint: null, payer_name: sub.payer_name, email: sub.email, phone: '', concept: plan.name,
    description: plan.description, lang: 'es', tx_channel: CHANNEL.subscription, redirect_url: null, expires_at: null, reference: null,
    // The server charges a renewal itself: no caller, so neither a user nor a guest service id.
    user_id: null, anonymous_user_service_id: null, details: { idSubscription: sub.id, subscriptionKey: sub.subscription_key, renewal: true }, campaign_bridge_id: null, campaign_cents: 0,
    request_fingerprint: null,
  }, newCodOper());
}

/**
 * Issue 4 "subscriptions charging at once when due": an active subscription whose next charge
 * date has passed is charged with its saved card token when it is next read. The row is claimed
 * with `for update skip locked`, so two readers, or a reader and a sweep, on any nodes, charge it once.
 */
export async function chargeIfDue(deps: Pick<Deps, 'db'>, sub: DueSubscription): Promise<TransactionRow | undefined> {
  if (sub.status !== 1 || !sub.card_token || !sub.next_charge_at || sub.next_charge_at.getTime() > Date.now()) return undefined;
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx.query<DueSubscription>(`select * from subscriptions where id = $1 and ${DUE} for update skip locked`, [sub.id]);
    return claimed ? chargeLocked(tx, claimed) : undefined;
  });
}

/** How many due subscriptions one sweep charges at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Charges every active subscription whose date has passed, in one transaction that claims them with
 * `for update skip locked`: sweeps on several nodes at once share the due rows instead of charging
 * them twice, and a reader charging one at the same moment is skipped. Every node runs it on a timer.
 */
export async function chargeDueSubscriptions(deps: Pick<Deps, 'db'>): Promise<TransactionRow[]> {
  return deps.db.transaction(async (tx) => {
    const due = await tx.query<DueSubscription>(`select * from subscriptions where ${DUE} order by next_charge_at limit $1 for update skip locked`, [SWEEP_BATCH]);
    const charged: TransactionRow[] = [];
    for (const sub of due) {
      const row = await chargeLocked(tx, sub);
      if (row) charged.push(row);
    }
    return charged;
  });
}
