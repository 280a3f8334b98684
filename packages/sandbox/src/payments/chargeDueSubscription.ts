import type { Deps } from '../Deps';
import { CHANNEL, SERVICE_CODES } from '@pasarela/core';
import { findPlan, type SubscriptionRow } from '../store/catalog';
import { insertTransaction, newCodOper, type TransactionRow } from '../store/transactions';

/** Days per SPEC 9 period code, for the next charge date. */
export const PERIOD_DAYS: Readonly<Record<string, number>> = { DA: 1, WE: 7, BW: 14, TE: 28, MO: 30, BM: 60, QU: 91, EF: 84, OS: 168, HA: 182, BA: 182, AN: 365 };

export function nextChargeDate(period: string, from: number = Date.now()): Date {
  return new Date(from + (PERIOD_DAYS[period] ?? 30) * 24 * 3600 * 1000);
}

export interface DueSubscription extends SubscriptionRow {
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payer_name: string;
}

/**
 * Issue 4 "subscriptions charging at once when due": an active subscription whose next charge
 * date has passed is charged with its saved card token when it is next read. The date moves
 * first, in the same statement, so two readers at once charge it once.
 */
export async function chargeIfDue(deps: Pick<Deps, 'db'>, sub: DueSubscription): Promise<TransactionRow | undefined> {
  if (sub.status !== 1 || !sub.card_token || !sub.next_charge_at || sub.next_charge_at.getTime() > Date.now()) return undefined;
  const plan = await findPlan(deps.db, sub.plan_id);
  if (!plan) return undefined;
  const [claimed] = await deps.db.query(
    'update subscriptions set next_charge_at = $2 where id = $1 and next_charge_at <= now() returning id',
    [sub.id, nextChargeDate(plan.period)],
  );
  if (!claimed) return undefined;
  return insertTransaction(deps.db, {
    track_id: null, link_code: null, merchant_id: plan.merchant_id, method: 'card', amount_cents: plan.amount_cents, tax_cents: 0,
    status: 1, auth_status: 'APPROVED', message_key: 'approved', tx_type: SERVICE_CODES.subscription, card_brand: sub.card_brand, card_last4: sub.card_last4,
    card_token: sub.card_token, card_fingerprint: null, payer_name: sub.payer_name, email: sub.email, phone: '', concept: plan.name,
    description: plan.description, lang: 'es', tx_channel: CHANNEL.subscription, redirect_url: null, expires_at: null, reference: null,
    // The server charges a renewal itself: no caller, so neither a user nor a guest service id.
    user_id: null, anonymous_user_service_id: null, details: { idSubscription: sub.id, subscriptionKey: sub.subscription_key, renewal: true }, campaign_bridge_id: null, campaign_cents: 0,
  }, newCodOper());
}

/** How many due subscriptions one sweep charges at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Charges every active subscription whose date has passed, each through chargeIfDue (the read
 * path's function), so a sweep and a reader at the same moment still charge it once. The server
 * runs it on a timer; subscriptions nobody reads are charged too.
 */
export async function chargeDueSubscriptions(deps: Pick<Deps, 'db'>): Promise<TransactionRow[]> {
  const due = await deps.db.query<DueSubscription>(
    'select * from subscriptions where status = 1 and card_token is not null and next_charge_at <= now() order by next_charge_at limit $1',
    [SWEEP_BATCH],
  );
  const charged: TransactionRow[] = [];
  for (const sub of due) {
    const tx = await chargeIfDue(deps, sub);
    if (tx) charged.push(tx);
  }
  return charged;
}
