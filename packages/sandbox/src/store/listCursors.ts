import type { Queryable } from '../db/Database';

/**
 * The merchant API's paged lists: where each one's rows are, the id a merchant sees of a row, the
 * column the list pages by (newest first), and whose row it is. A cursor names the last row shown
 * by that id, so it tells nothing of the platform's own numbering (how many links, events or books
 * lines every merchant made in between).
 */
const LISTS = {
  links: { from: 'payment_links r', publicId: 'r.code', position: 'r.id', merchant: 'r.merchant_id' },
  transactions: { from: 'transactions r', publicId: 'r.cod_oper', position: 'r.id', merchant: 'r.merchant_id' },
  events: { from: 'webhook_events r', publicId: 'r.id', position: 'r.seq', merchant: 'r.merchant_id' },
  balance: { from: 'balance_transactions r', publicId: 'r.id', position: 'r.seq', merchant: 'r.merchant_id' },
  payouts: { from: 'payouts r', publicId: 'r.id', position: 'r.seq', merchant: 'r.merchant_id' },
  subscriptions: { from: 'subscriptions r join plans p on p.id = r.plan_id', publicId: 'r.subscription_key', position: 'r.id', merchant: 'p.merchant_id' },
  disputes: { from: 'gateway_disputes r join transactions t on t.cod_oper = r.cod_oper', publicId: 'r.public_id', position: 'r.seq', merchant: 't.merchant_id' },
} as const;

export type CursorList = keyof typeof LISTS;

export const isCursorList = (name: string): name is CursorList => Object.hasOwn(LISTS, name);

/** Where the list goes on after the merchant's row with that id; undefined when it has none such (another merchant's, another list's, gone). */
export async function positionAfter(db: Queryable, list: CursorList, merchantId: number, publicId: string): Promise<number | undefined> {
  const { from, publicId: id, position, merchant } = LISTS[list];
  const [row] = await db.query<{ position: number }>(`select ${position} as position from ${from} where ${id} = $1 and ${merchant} = $2`, [publicId, merchantId]);
  return row?.position;
}
