import { cryptoOwedToPayer, type CryptoRefund } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';
import type { OwedToPayer } from './transactionUpdates';

/**
 * The payer's money a cancelled crypto payment owes with its refund, as core's cryptoOwedToPayer says
 * of the coins `paidCrypto` not sent back yet (`sentCrypto`) at its rate, at most the order: owed
 * since `takenAt`, none (null) or the one given back before kept as it was (`keep`).
 */
function owedToPayerNow(row: Pick<TransactionRow, 'details' | 'amount_cents' | 'tax_cents'>, paidCrypto: number, sentCrypto: number, takenAt: string): OwedToPayer | 'keep' | null {
  const before = row.details['owedToPayer'] as OwedToPayer | undefined;
  const owed = cryptoOwedToPayer({ paidCrypto, sentCrypto, rate: Number(row.details['rate']), orderCents: row.amount_cents + row.tax_cents }, before?.state);
  return owed === 'keep' || owed === null ? owed : { amountCents: owed.amountCents, state: 'owed', takenAt };
}

/** details || $2, with owedToPayer as owedToPayerNow says ($4: 'set' to $5, 'keep' or 'drop'). */
const WITH_OWED = `(case when $4::text = 'drop' then details - 'owedToPayer' else details end) || $2::jsonb
  || case when $4::text = 'set' then jsonb_build_object('owedToPayer', $5::jsonb) else '{}'::jsonb end`;

function owedParams(owed: OwedToPayer | 'keep' | null): [string, string | null] {
  if (owed === 'keep') return ['keep', null];
  return owed ? ['set', JSON.stringify(owed)] : ['drop', null];
}

/**
 * Coins that reached a cancelled crypto payment after its cancellation: what arrived, the refund now
 * owing all of it (pending again when an earlier part was sent) and what is owed to the payer (only
 * what was not sent back: owedToPayerNow), written only while fewer coins were recorded, so none is
 * counted twice or lost. A refund already sent is reopened only when these coins owe more back than
 * it sent: a fraction of the coin's smallest unit (nothing that can be sent back) leaves it sent, and
 * tells the merchant of no money owed. In the transaction that locked the payment (settlePayment).
 */
export async function recordCoinsAfterCancellation(db: Queryable, held: TransactionRow, arrived: Record<string, unknown>): Promise<TransactionRow | undefined> {
  const owed = owedToPayerNow(held, Number(arrived['paidCrypto'] ?? 0), Number(arrived['refundSent'] ?? 0), new Date().toISOString());
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = ${WITH_OWED}, message_key = 'crypto_refund_pending', updated_at = clock_timestamp()
      where cod_oper = $1 and auth_status = 'CANCELLED' and coalesce((details ->> 'paidCrypto')::numeric, 0) = $3::numeric
        and not (coalesce(details -> 'refund' ->> 'status', '') = 'refunded'
          and coalesce(($2::jsonb -> 'refund' ->> 'amount')::numeric, 0) <= (details -> 'refund' ->> 'amount')::numeric)
      returning *`,
    [held.cod_oper, JSON.stringify(arrived), String(Number(held.details['paidCrypto'] ?? 0)), ...owedParams(owed)],
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
  if (!row || (row.details['owedToPayer'] as OwedToPayer | undefined)?.state !== 'owed') return row;
  // The money owed now counts only the rest: written while the coins it counts are the payment's (coins
  // recorded since counted it from this part sent, under the payment's lock).
  const paid = Number(row.details['paidCrypto'] ?? 0);
  const owed = owedToPayerNow(row, paid, sentSoFar, String((row.details['owedToPayer'] as OwedToPayer).takenAt));
  const [counted] = await db.query<TransactionRow>(
    `update transactions set details = ${WITH_OWED}, updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'refund' ->> 'status' = 'pending' and coalesce((details ->> 'paidCrypto')::numeric, 0) = $3::numeric
        and (details ->> 'refundSent')::numeric = ($2::jsonb ->> 'refundSent')::numeric returning *`,
    [codOper, JSON.stringify({ refundSent: sentSoFar }), String(paid), ...owedParams(owed)],
  );
  return counted ?? row;
}

/**
 * Coins that reached `address`, an address the payment moved from (details.formerDeposits), recorded as
 * the payer's (details.strayDeposits[address], to be sent back from that deposit): written only while
 * fewer were recorded there, so a repeated report records nothing twice. What was sent of them is kept.
 * In the transaction that locked the payment (settlePayment). Undefined when nothing was written.
 */
export async function recordStrayDeposit(db: Queryable, codOper: string, address: string, stray: CryptoRefund): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || jsonb_build_object('strayDeposits', coalesce(details -> 'strayDeposits', '{}'::jsonb)
         || jsonb_build_object($2::text, coalesce(details -> 'strayDeposits' -> $2::text, '{}'::jsonb) || $3::jsonb)), updated_at = clock_timestamp()
      where cod_oper = $1 and method = 'crypto' and details -> 'formerDeposits' -> $2::text is not null and reference is distinct from $2::text
        and coalesce((details -> 'strayDeposits' -> $2::text ->> 'amount')::numeric, 0) < ($3::jsonb ->> 'amount')::numeric
      returning *`,
    [codOper, address, JSON.stringify(stray)],
  );
  return row;
}

/**
 * Once: what went back of the coins at `address` (`from` sent before, `sentSoFar` now) counted while no
 * other send counted it first; sent back in full only while no more coins were recorded there meanwhile.
 */
export async function markStraySent(db: Queryable, codOper: string, address: string, from: number, sentSoFar: number): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = jsonb_set(details, array['strayDeposits', $2::text], (details -> 'strayDeposits' -> $2::text)
         || jsonb_build_object('sent', $4::numeric)
         || case when (details -> 'strayDeposits' -> $2::text ->> 'amount')::numeric <= $4::numeric
              then jsonb_build_object('status', 'refunded', 'refundedAt', $5::text) else '{}'::jsonb end),
       updated_at = clock_timestamp()
      where cod_oper = $1 and details -> 'strayDeposits' -> $2::text ->> 'status' = 'pending'
        and coalesce((details -> 'strayDeposits' -> $2::text ->> 'sent')::numeric, 0) = $3::numeric
      returning *`,
    [codOper, address, String(from), String(sentSoFar), new Date().toISOString()],
  );
  return row;
}
