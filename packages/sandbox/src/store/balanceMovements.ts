import type { Queryable } from '../db/Database';

/** A change of a wallet's balance: a balance payment (negative) or what a refund of one gave back (positive). */
export interface BalanceMovementRow {
  cod_oper: string;
  cents: number;
  at: Date;
  description: string;
}

/**
 * The user's balance movements, newest first: each balance payment, and each refund of one that
 * reached the balance (refundPayment credits it in the refund's own transaction), so the movements
 * add up to what the balance lost and got back.
 */
export async function listBalanceMovements(db: Queryable, userId: number, limit: number): Promise<BalanceMovementRow[]> {
  return db.query<BalanceMovementRow>(
    `select * from (
       select t.cod_oper, -(t.amount_cents + t.tax_cents) as cents, t.created_at as at, t.description, t.id, 0 as refund_order
         from transactions t where t.user_id = $1 and t.method = 'balance'
       union all
       select t.cod_oper, r.amount_cents as cents, r.created_at as at, t.description, t.id, 1 as refund_order
         from refunds r join transactions t on t.cod_oper = r.cod_oper
        where t.user_id = $1 and t.method = 'balance' and r.state = 'succeeded'
     ) m order by at desc, id desc, refund_order desc limit $2`,
    [userId, limit],
  );
}
