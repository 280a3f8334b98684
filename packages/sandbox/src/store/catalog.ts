import { centsToAmount, nextSubscriptionChargeDate } from '@pasarela/core';
import type { Queryable } from '../db/Database';

export interface StationRow { id: number; station_id: string; merchant_id: number; description: string; amount_cents: number; discount_cents: number; owner_user_id: number | null }
export interface PlanRow { id: number; merchant_id: number; name: string; description: string; amount_cents: number; period: string; charge_now: boolean }
export interface SubscriptionRow { id: number; subscription_key: string; plan_id: number; email: string; status: number; next_charge_at: Date | null }
export interface BridgeRow { id: number; campaign_id: number; status: number; start_date: Date; end_date: Date | null; merchant_id: number; title: string; description: string; logo: string; min_cents: number; max_cents: number; default_values: unknown }

export async function findStation(db: Queryable, stationId: string): Promise<StationRow | undefined> {
  const [row] = await db.query<StationRow>('select * from payment_stations where station_id = $1', [stationId]);
  return row;
}

export async function findPlan(db: Queryable, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.query<PlanRow>('select * from plans where id = $1', [id]);
  return row;
}

export async function findSubscription(db: Queryable, key: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>('select * from subscriptions where subscription_key = $1', [key]);
  return row;
}

export async function bridgesOf(db: Queryable, merchantId: number): Promise<BridgeRow[]> {
  return db.query<BridgeRow>(
    `select b.*, c.merchant_id, c.title, c.description, c.logo, c.min_cents, c.max_cents, c.default_values
     from campaign_bridges b join campaigns c on c.id = b.campaign_id where c.merchant_id = $1 order by b.id`,
    [merchantId],
  );
}

/** SPEC 3 "Payment-station record" (idUsrOwner loaded). */
export const stationOf = (s: StationRow) => ({
  idMerchant: s.merchant_id, stationId: s.station_id, description: s.description,
  amount: centsToAmount(s.amount_cents), discount: centsToAmount(s.discount_cents), idUsrOwner: s.owner_user_id,
});

export const planOf = (p: PlanRow) => ({ idPlan: p.id, idMerchant: p.merchant_id, name: p.name, description: p.description, amount: centsToAmount(p.amount_cents), period: p.period, chargeNow: p.charge_now });

/** SPEC 3 "Campaign bridge". */
export const bridgeOf = (b: BridgeRow) => ({
  idBridge: b.id, status: b.status, startDate: b.start_date.toISOString(), endDate: b.end_date?.toISOString() ?? null,
  campaign: { title: b.title, description: b.description, logo: b.logo, minAmount: centsToAmount(b.min_cents), maxAmount: centsToAmount(b.max_cents), defaultValues: b.default_values },
});

/** The card a subscription is charged with from now on. */
export interface ActivatingCard {
  token: string;
  brand: string;
  last4: string;
  payerName: string;
}

/**
 * Marks a subscription active, charged next on its period's next date with this card: a
 * conditional write, so of payments racing to activate it one does. False when it already was.
 */
export async function activateSubscription(db: Queryable, subscriptionId: number, card: ActivatingCard): Promise<boolean> {
  const [plan] = await db.query<{ period: string }>('select p.period from subscriptions s join plans p on p.id = s.plan_id where s.id = $1', [subscriptionId]);
  if (!plan) return false;
  const rows = await db.query(
    'update subscriptions set status = 1, next_charge_at = $2, card_token = $3, card_brand = $4, card_last4 = $5, payer_name = $6 where id = $1 and status <> 1 returning id',
    [subscriptionId, nextSubscriptionChargeDate(plan.period), card.token, card.brand, card.last4, card.payerName],
  );
  return rows.length > 0;
}
