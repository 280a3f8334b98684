import type { Queryable } from '../db/Database';

/** The bounds of a donation through an active campaign bridge of the merchant; undefined when the bridge is not one. */
export async function activeBridgeBounds(db: Queryable, bridgeId: number, merchantId: number): Promise<{ min_cents: number; max_cents: number } | undefined> {
  const [row] = await db.query<{ min_cents: number; max_cents: number }>(
    'select c.min_cents, c.max_cents from campaign_bridges b join campaigns c on c.id = b.campaign_id where b.id = $1 and c.merchant_id = $2 and b.status = 1', [bridgeId, merchantId]);
  return row;
}
