import type { Queryable } from '../db/Database';
import type { SubscriptionRow } from './catalog';
import { dropUnsentAttempt } from './transactionUpdates';

// A subscription's rows as its payments read and change them; store/catalog.ts creates and activates them.

// Active only: a cancelled one (status 2, migration 189) is never claimed again, on any node.
const DUE = 'status = 1 and card_token is not null and next_charge_at <= now()';

export async function lockSubscription(tx: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.query<SubscriptionRow>('select * from subscriptions where id = $1 for update', [id]);
  return row;
}

/** `for update skip locked`: a reader and a sweep, on any nodes, claim it once. */
export async function claimDueSubscription(tx: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.query<SubscriptionRow>(`select * from subscriptions where id = $1 and ${DUE} for update skip locked`, [id]);
  return row;
}

/** The ones due, earliest first: not claimed yet (each is claimed by claimDueSubscription right before its charge). */
export async function dueSubscriptionIds(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`select id from subscriptions where ${DUE} order by next_charge_at limit $1`, [limit]);
  return rows.map((r) => r.id);
}

/** A renewal claimed: its next date, the date it was due (migration 198), and its attempt, not sent yet (migration 203). */
export async function setNextCharge(tx: Queryable, id: number, at: Date, dueAt: Date, codOper: string): Promise<void> {
  await tx.query('update subscriptions set next_charge_at = $2, renewal_due_at = $3, renewal_unsent = $4 where id = $1', [id, at, dueAt, codOper]);
}

/**
 * The claimed renewal goes to the card processor: a conditional write, while the subscription is
 * active and its cancel has not called this attempt off. False: cancelled first, send nothing.
 */
export async function sendClaimedRenewal(db: Queryable, id: number, codOper: string): Promise<boolean> {
  const rows = await db.query('update subscriptions set renewal_unsent = null where id = $1 and renewal_unsent = $2 and status = 1 returning id', [id, codOper]);
  return rows.length > 0;
}

/**
 * Its processor never received the renewal: due again from the date it was due, so its schedule stays
 * as it was. A claim not sent yet is sent no more: it is of the period given back.
 */
export async function giveRenewalPeriodBack(db: Queryable, id: number): Promise<void> {
  await db.query('update subscriptions set next_charge_at = least(coalesce(renewal_due_at, now()), now()), renewal_unsent = null where id = $1 and status = 1', [id]);
}

/** When an active subscription is charged next; undefined once cancelled (nothing more is charged). */
export async function activeNextChargeAt(db: Queryable, id: number): Promise<Date | undefined> {
  const [row] = await db.query<{ next_charge_at: Date | null }>('select next_charge_at from subscriptions where id = $1 and status = 1', [id]);
  return row?.next_charge_at ?? undefined;
}

/** What a subscription's payer is told with each receipt: its plan's amount and period, and its status and next charge. */
export interface SubscriptionTerms {
  status: number;
  next_charge_at: Date | null;
  period: string;
  amount_cents: number;
}

export async function subscriptionTermsOf(db: Queryable, id: number): Promise<SubscriptionTerms | undefined> {
  const [row] = await db.query<SubscriptionTerms>(
    'select s.status, s.next_charge_at, p.period, p.amount_cents from subscriptions s join plans p on p.id = s.plan_id where s.id = $1', [id]);
  return row;
}

/** Only the link's own subscription, when its id and key both name it. */
export async function findLinkSubscription(db: Queryable, linkCode: string, id: number, key: string): Promise<{ id: number; subscription_key: string; status: number; period: string } | undefined> {
  const [row] = await db.query<{ id: number; subscription_key: string; status: number; period: string }>(
    `select s.id, s.subscription_key, s.status, p.period from payment_links l join subscriptions s on s.id = l.id_subscription join plans p on p.id = s.plan_id
      where l.code = $1 and s.id = $2 and s.subscription_key = $3`,
    [linkCode, id, key],
  );
  return row;
}

/** A subscription as its merchant reads it: with its plan and the merchant's currency. */
export interface MerchantSubscriptionRow extends SubscriptionRow {
  plan_name: string;
  plan_amount_cents: number;
  plan_period: string;
  currency: string;
}

const SELECT_MERCHANT_SUBSCRIPTION = `select s.*, p.name as plan_name, p.amount_cents as plan_amount_cents, p.period as plan_period, m.currency
  from subscriptions s join plans p on p.id = s.plan_id join merchants m on m.id = p.merchant_id`;

/** Another merchant's is as absent as a missing one. */
export async function findMerchantSubscription(db: Queryable, merchantId: number, key: string): Promise<MerchantSubscriptionRow | undefined> {
  const [row] = await db.query<MerchantSubscriptionRow>(`${SELECT_MERCHANT_SUBSCRIPTION} where s.subscription_key = $1 and p.merchant_id = $2`, [key, merchantId]);
  return row;
}

export interface SubscriptionFilters {
  status?: number | undefined;
  email?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  beforeId?: number | undefined;
}

/** The merchant's, newest first; the e-mail in any case. */
export async function listMerchantSubscriptions(db: Queryable, merchantId: number, f: SubscriptionFilters, count: number): Promise<MerchantSubscriptionRow[]> {
  return db.query<MerchantSubscriptionRow>(
    `${SELECT_MERCHANT_SUBSCRIPTION}
      where p.merchant_id = $1 and ($2::int is null or s.id < $2) and ($3::int is null or s.status = $3) and ($4::text is null or lower(s.email) = lower($4))
        and ($5::timestamptz is null or s.created_at >= $5) and ($6::timestamptz is null or s.created_at < $6)
      order by s.id desc limit $7`,
    [merchantId, f.beforeId ?? null, f.status ?? null, f.email ?? null, f.createdFrom ?? null, f.createdTo ?? null, count],
  );
}

/**
 * Its merchant ends it: one conditional write (status 2, no next charge). It waits for a renewal
 * claim holding the row; a renewal claimed and not yet sent (migration 203) is called off in the same
 * write, its attempt forgotten (nothing reached the processor), so once the cancel commits no renewal
 * of it is sent, on any node. One sent before (sendClaimedRenewal committed first) goes on at the
 * processor. Cancelling a cancelled one changes nothing (`cancelledNow` false). Undefined when the
 * merchant has no such subscription.
 */
export async function cancelMerchantSubscription(db: Queryable, merchantId: number, key: string): Promise<{ row: MerchantSubscriptionRow; cancelledNow: boolean } | undefined> {
  const changed = await db.query<{ id: number; renewal_unsent: string | null }>(
    `with target as (
       select s.id, s.renewal_unsent from subscriptions s join plans p on p.id = s.plan_id
        where p.merchant_id = $2 and s.subscription_key = $1 and s.status <> 2 for update of s)
     update subscriptions s set status = 2, cancelled_at = now(), next_charge_at = null, renewal_unsent = null
       from target where s.id = target.id returning s.id, target.renewal_unsent`,
    [key, merchantId],
  );
  const unsent = changed[0]?.renewal_unsent;
  if (unsent) await dropUnsentAttempt(db, unsent);
  const row = await findMerchantSubscription(db, merchantId, key);
  return row && { row, cancelledNow: changed.length > 0 };
}
