import type { Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';

/**
 * Coins that reached a cancelled crypto payment after its cancellation: what arrived, the refund now
 * owing all of it (pending again when an earlier part was sent) and what is owed to the payer, written
 * only while fewer coins were recorded, so none is counted twice or lost. A refund already sent is
 * reopened only when these coins owe more back than it sent: a fraction of the coin's smallest unit
 * (nothing that can be sent back) leaves it sent, and tells the merchant of no money owed.
 */
export async function recordCoinsAfterCancellation(db: Queryable, codOper: string, paidBefore: number, details: Record<string, unknown>): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || $2::jsonb, message_key = 'crypto_refund_pending', updated_at = clock_timestamp()
      where cod_oper = $1 and auth_status = 'CANCELLED' and coalesce((details ->> 'paidCrypto')::numeric, 0) = $3::numeric
        and not (coalesce(details -> 'refund' ->> 'status', '') = 'refunded'
          and coalesce(($2::jsonb -> 'refund' ->> 'amount')::numeric, 0) <= (details -> 'refund' ->> 'amount')::numeric)
      returning *`,
    [codOper, JSON.stringify(details), String(paidBefore)],
  );
  return row;
}

/**
 * Once: the refund marked sent only while it is still pending for this very amount (coins recorded
 * since owe a new send), with what has been sent back so far and the payer's money given back.
 */
export async function markRefundSent(db: Queryable, codOper: string, amount: number): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details
         || jsonb_build_object('refund', (details -> 'refund') || jsonb_build_object('status', 'refunded', 'refundedAt', $3::text))
         || jsonb_build_object('refundSent', $2::numeric)
         || case when details -> 'owedToPayer' is null then '{}'::jsonb
              else jsonb_build_object('owedToPayer', (details -> 'owedToPayer') || jsonb_build_object('state', 'given_back', 'settledAt', now())) end,
       message_key = 'crypto_refunded', updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'refund' ->> 'status' = 'pending' and (details -> 'refund' ->> 'amount')::numeric = $2::numeric returning *`,
    [codOper, String(amount), new Date().toISOString()],
  );
  return row;
}

/**
 * A part sent back while more coins came (the refund grew meanwhile, so it is not marked sent): what
 * went back is counted, once, so the next send is only the rest, under a key of its own.
 */
export async function recordRefundPartSent(db: Queryable, codOper: string, from: number, sentSoFar: number): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || jsonb_build_object('refundSent', $3::numeric), updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'refund' ->> 'status' = 'pending' and coalesce((details ->> 'refundSent')::numeric, 0) = $2::numeric returning *`,
    [codOper, String(from), String(sentSoFar)],
  );
  return row;
}
