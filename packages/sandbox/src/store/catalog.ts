import { randomBytes } from 'node:crypto';
import { centsToAmount, isSubscriptionCancelled, merchantTextIn, nextSubscriptionChargeDate, type Language, type MerchantTranslations } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';

export interface StationRow { id: number; station_id: string; merchant_id: number; description: string; amount_cents: number; discount_cents: number; owner_user_id: number | null }
export interface PlanRow { id: number; merchant_id: number; name: string; description: string; amount_cents: number; period: string; charge_now: boolean }
export interface SubscriptionRow {
  id: number;
  subscription_key: string;
  plan_id: number;
  email: string;
  status: number;
  next_charge_at: Date | null;
  card_token: string | null;
  card_customer: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payer_name: string;
  created_at: Date;
  /** Migration 189: when its merchant cancelled it (status 2). */
  cancelled_at: Date | null;
  /** Migration 192: its payer's language, the activating payment's: its renewals' and their receipts'. */
  lang: 'es' | 'en';
  /** Migration 207: the e-mail of the payment that activated it, where its renewals' receipts go. */
  payer_email: string | null;
  /** Migration 217: when its schedule starts (its activation); its charges are whole periods after it. */
  charge_anchor_at: Date | null;
}
export interface BridgeRow { id: number; campaign_id: number; status: number; start_date: Date; end_date: Date | null; merchant_id: number; title: string; description: string; logo: string; min_cents: number; max_cents: number; default_values: unknown; translations: unknown }

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

/** SPEC 7 "GET merchant plans". */
export async function listPlans(db: Queryable, merchantId: number, planId: number | null): Promise<PlanRow[]> {
  return db.query<PlanRow>('select * from plans where merchant_id = $1 and ($2::int is null or id = $2) order by id', [merchantId, planId]);
}

export interface NewPlan { merchantId: number; name: string; description: string; amountCents: number; period: string; chargeNow: boolean }

export async function insertPlan(db: Queryable, plan: NewPlan): Promise<PlanRow> {
  const [row] = await db.query<PlanRow>(
    'insert into plans (merchant_id, name, description, amount_cents, period, charge_now) values ($1, $2, $3, $4, $5, $6) returning *',
    [plan.merchantId, plan.name, plan.description, plan.amountCents, plan.period, plan.chargeNow]);
  if (!row) throw new Error('plan insert returned nothing');
  return row;
}

export interface NewStation { stationId: string; merchantId: number; description: string; amountCents: number; discountCents: number }

/** Undefined when its station id is taken. */
export async function insertStation(db: Queryable, station: NewStation): Promise<StationRow | undefined> {
  const [row] = await db.query<StationRow>(
    'insert into payment_stations (station_id, merchant_id, description, amount_cents, discount_cents) values ($1, $2, $3, $4, $5) on conflict (station_id) do nothing returning *',
    [station.stationId, station.merchantId, station.description, station.amountCents, station.discountCents]);
  return row;
}

export async function createSubscription(db: Queryable, planId: number, email: string): Promise<{ id: number; key: string }> {
  const key = `SUB${randomBytes(6).toString('hex').toUpperCase()}`;
  const [row] = await db.query<{ id: number }>('insert into subscriptions (subscription_key, plan_id, email) values ($1, $2, $3) returning id', [key, planId, email]);
  if (!row) throw new Error('subscription insert returned nothing');
  return { id: row.id, key };
}

/** An active subscription's next charge made due a second ago; one of the merchant's not active yet (never paid) or cancelled is left as it is. */
export async function makeSubscriptionDue(db: Queryable, key: string, merchantId: number | undefined): Promise<{ kind: 'due'; row: SubscriptionRow } | { kind: 'not_active' } | { kind: 'cancelled' } | { kind: 'unknown' }> {
  const [row] = await db.query<SubscriptionRow & { made_due: boolean }>(
    `with found as (select id, status from subscriptions
                     where subscription_key = $1 and ($2::int is null or plan_id in (select id from plans where merchant_id = $2))),
          made as (update subscriptions set next_charge_at = now() - interval '1 second'
                     where id in (select id from found where status = 1) and status = 1 returning *)
     select made.*, true as made_due from made
     union all select s.*, false as made_due from subscriptions s join found on found.id = s.id where found.status <> 1 or not exists (select 1 from made)`,
    [key, merchantId ?? null]);
  if (!row) return { kind: 'unknown' };
  // Active when read, cancelled by the time it was written (its status re-checked under the row's lock).
  if (!row.made_due && row.status === 1) return { kind: 'cancelled' };
  if (!row.made_due) return { kind: isSubscriptionCancelled(row.status) ? 'cancelled' : 'not_active' };
  const { made_due: _made, ...subscription } = row;
  return { kind: 'due', row: subscription };
}

export interface NewCampaign {
  merchantId: number; title: string; description: string; minCents: number; maxCents: number; defaultValues: readonly number[];
  status: number; startDate: Date; endDate: Date | null;
  /** Migration 035: `{ en: { title, description } }`; title and description are the default. */
  translations?: MerchantTranslations | undefined;
}

export async function createCampaign(db: Database, campaign: NewCampaign): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      'insert into campaigns (merchant_id, title, description, min_cents, max_cents, default_values, translations) values ($1, $2, $3, $4, $5, $6, $7) returning id',
      [campaign.merchantId, campaign.title, campaign.description, campaign.minCents, campaign.maxCents, JSON.stringify(campaign.defaultValues), JSON.stringify(campaign.translations ?? {})]);
    const [bridge] = await tx.query<{ id: number }>(
      'insert into campaign_bridges (campaign_id, status, start_date, end_date) values ($1, $2, $3, $4) returning id',
      [created?.id, campaign.status, campaign.startDate, campaign.endDate]);
    if (!bridge) throw new Error('campaign bridge insert returned nothing');
    return bridge.id;
  });
}

export async function bridgesOf(db: Queryable, merchantId: number): Promise<BridgeRow[]> {
  return db.query<BridgeRow>(
    `select b.*, c.merchant_id, c.title, c.description, c.logo, c.min_cents, c.max_cents, c.default_values, c.translations
     from campaign_bridges b join campaigns c on c.id = b.campaign_id where c.merchant_id = $1 order by b.id`,
    [merchantId],
  );
}

/** SPEC 3 "Payment-station record". */
export const stationOf = (s: StationRow) => ({
  idMerchant: s.merchant_id, stationId: s.station_id, description: s.description,
  amount: centsToAmount(s.amount_cents), discount: centsToAmount(s.discount_cents), idUsrOwner: s.owner_user_id,
});

export const planOf = (p: PlanRow) => ({ idPlan: p.id, idMerchant: p.merchant_id, name: p.name, description: p.description, amount: centsToAmount(p.amount_cents), period: p.period, chargeNow: p.charge_now });

/** SPEC 3 "Campaign bridge" in the payer's language. */
export const bridgeOf = (b: BridgeRow, lang: Language = 'es') => ({
  idBridge: b.id, status: b.status, startDate: b.start_date.toISOString(), endDate: b.end_date?.toISOString() ?? null,
  campaign: {
    title: merchantTextIn(b.title, b.translations, 'title', lang), description: merchantTextIn(b.description, b.translations, 'description', lang),
    logo: b.logo, minAmount: centsToAmount(b.min_cents), maxAmount: centsToAmount(b.max_cents), defaultValues: b.default_values,
  },
});

/** What the payment that activates a subscription gives it: the card its renewals charge, and its payer's name and language. */
export interface SubscriptionActivation {
  token: string;
  customer: string | null;
  brand: string;
  last4: string;
  payerName: string;
  /** The activating payment's e-mail (migration 207): its renewals' receipts go there. */
  email: string | null;
  lang: 'es' | 'en';
}

/** A conditional write, so of payments racing to activate it one does; false when it already was, or its merchant cancelled it meanwhile. */
export async function activateSubscription(db: Queryable, subscriptionId: number, card: SubscriptionActivation): Promise<'activated' | 'not_pending' | 'cancelled'> {
  const [plan] = await db.query<{ period: string }>('select p.period from subscriptions s join plans p on p.id = s.plan_id where s.id = $1', [subscriptionId]);
  if (!plan) return 'not_pending';
  const anchor = Date.now();
  const rows = await db.query(
    `update subscriptions set status = 1, next_charge_at = $2, card_token = $3, card_customer = $4, card_brand = $5, card_last4 = $6, payer_name = $7, lang = $8,
            payer_email = nullif($9, ''), charge_anchor_at = $10 where id = $1 and status = 0 returning id`,
    [subscriptionId, nextSubscriptionChargeDate(plan.period, anchor), card.token, card.customer, card.brand, card.last4, card.payerName, card.lang, card.email, new Date(anchor)],
  );
  if (rows.length > 0) return 'activated';
  // Not pending any more (rarely: a race): active by another payment, or cancelled by its merchant, read as committed now.
  const [now] = await db.query<{ status: number }>('select status from subscriptions where id = $1', [subscriptionId]);
  return now && isSubscriptionCancelled(now.status) ? 'cancelled' : 'not_pending';
}
