import type { Queryable } from '../db/Database';
import type { SubscriptionRow } from './catalog';

// A subscription's rows as its payments read and change them; store/catalog.ts creates and activates them.

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

export async function claimDueSubscriptions(tx: Queryable, limit: number): Promise<SubscriptionRow[]> {
  return tx.query<SubscriptionRow>(`select * from subscriptions where ${DUE} order by next_charge_at limit $1 for update skip locked`, [limit]);
}

export async function setNextCharge(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query('update subscriptions set next_charge_at = $2 where id = $1', [id, at]);
}

/** Its processor never received the renewal: due again now. */
export async function giveRenewalPeriodBack(db: Queryable, id: number): Promise<void> {
  await db.query('update subscriptions set next_charge_at = now() where id = $1 and status = 1', [id]);
}

/** Only the link's own subscription, when its id and key both name it. */
export async function findLinkSubscription(db: Queryable, linkCode: string, id: number, key: string): Promise<{ id: number; status: number; period: string } | undefined> {
  const [row] = await db.query<{ id: number; status: number; period: string }>(
    `select s.id, s.status, p.period from payment_links l join subscriptions s on s.id = l.id_subscription join plans p on p.id = s.plan_id
      where l.code = $1 and s.id = $2 and s.subscription_key = $3`,
    [linkCode, id, key],
  );
  return row;
}
