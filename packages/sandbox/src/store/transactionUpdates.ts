import { ENDED_UNPAID_AUTH_STATUSES } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { recordPaymentInBooks } from './balanceTransactions';
import type { TransactionRow } from './transactions';

export interface PaymentOutcome {
  status: number;
  authStatus: string;
  messageKey: string;
  details?: Record<string, unknown> | undefined;
  /** Where the payer goes next (a 3DS challenge); cleared by any other outcome. */
  redirectUrl?: string | null | undefined;
  reference?: string | undefined;
/** Kept once known. */
  gatewayReference?: string | undefined;
}

const WRITE_OUTCOME = `update transactions set status = $2, auth_status = $3, message_key = $4, details = details || $5::jsonb, redirect_url = $6,
       reference = coalesce($7, reference), gateway_reference = coalesce($8, gateway_reference), updated_at = now()
     where cod_oper = $1`;

/**
 * settlePayment decides whether it may. `announcedByNode`: the caller tells every node after the commit
 * (changes/announcements.ts), so migration 085's trigger sends no NOTIFY inside the transaction.
 */
export async function writeOutcome(db: Queryable, codOper: string, outcome: PaymentOutcome, announcedByNode = false): Promise<TransactionRow> {
  const [row] = await db.query<TransactionRow>(
    announcedByNode ? `${WRITE_OUTCOME} and set_config('pasarela.announced_by_node', 'on', true) = 'on' returning *` : `${WRITE_OUTCOME} returning *`,
    [codOper, outcome.status, outcome.authStatus, outcome.messageKey, JSON.stringify(outcome.details ?? {}), outcome.redirectUrl ?? null, outcome.reference ?? null, outcome.gatewayReference ?? null],
  );
  if (!row) throw new Error(`writeOutcome found no payment ${codOper}`);
  // An approval enters the merchant's books in the transaction that records it (settlePayment's).
  await recordPaymentInBooks(db, row);
  return row;
}

export async function lockTransaction(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where cod_oper = $1 for update', [codOper]);
  return row;
}

/** The link's other payments that may still wait, locked; the caller tells which are pending by core's rule. */
export async function lockOtherOpenAttempts(db: Queryable, linkCode: string, codOper: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    'select * from transactions where link_code = $1 and cod_oper <> $2 and status in (-1, 0) and auth_status <> all($3::text[]) order by id for update',
    [linkCode, codOper, ENDED_UNPAID_AUTH_STATUSES],
  );
}

/** False when its id was seen (delivered twice, or by two nodes). */
export async function recordGatewayEvent(db: Queryable, event: { id: string; key: string; kind: string }): Promise<boolean> {
  const rows = await db.query('insert into gateway_events (id, attempt_key, kind, body) values ($1, $2, $3, $4) on conflict (id) do nothing returning id',
    [event.id, event.key, event.kind, JSON.stringify(event)]);
  return rows.length > 0;
}

/**
 * Forgets an attempt its gateway never took on: nothing was charged nor announced, and its trackId
 * is free again for the payer's retry.
 */
export async function dropUnsentAttempt(db: Queryable, codOper: string): Promise<boolean> {
  const rows = await db.query("delete from transactions where cod_oper = $1 and auth_status = 'PROCESSING' returning cod_oper", [codOper]);
  return rows.length > 0;
}

export async function keepAttemptCard(db: Queryable, codOper: string, card: { token: string; customer: string | null }): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    "update transactions set card_token = $2, card_customer = $3 where cod_oper = $1 and auth_status = 'PROCESSING' returning *", [codOper, card.token, card.customer]);
  return row;
}

export async function updateQuote(db: Queryable, codOper: string, details: Record<string, unknown>, address: string | null): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('update transactions set details = $2, reference = $3, updated_at = now() where cod_oper = $1 and status <> 1 returning *',
    [codOper, JSON.stringify(details), address]);
  return row;
}

/** Once: only while the refund it owes is still pending. */
export async function markCryptoRefundSent(db: Queryable, codOper: string, details: Record<string, unknown>): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = $2::jsonb || case when details -> 'owedToPayer' is null then '{}'::jsonb
         else jsonb_build_object('owedToPayer', (details -> 'owedToPayer') || jsonb_build_object('state', 'given_back', 'settledAt', now())) end,
       message_key = 'crypto_refunded', updated_at = now()
      where cod_oper = $1 and details -> 'refund' ->> 'status' = 'pending' returning *`,
    [codOper, JSON.stringify(details)],
  );
  return row;
}

/** Money a gateway took for a called-off payment; the verify call and webhooks show it until given back. */
export type OwedState = 'giving_back' | 'given_back' | 'owed';
export interface OwedToPayer {
  amountCents: number;
  state: OwedState;
  takenAt: string;
  settledAt?: string;
}

/** Once: a second answer saying the same changes nothing (undefined). */
export async function recordMoneyTaken(db: Queryable, codOper: string, details: Record<string, unknown>, messageKey?: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = details || $2::jsonb, message_key = coalesce($3, message_key), updated_at = now()
      where cod_oper = $1 and details -> 'owedToPayer' is null returning *`,
    [codOper, JSON.stringify(details), messageKey ?? null],
  );
  return row;
}

/** Once: undefined when it was not being given back. */
export async function endGiveBack(db: Queryable, codOper: string, state: 'given_back' | 'owed'): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set details = jsonb_set(details, '{owedToPayer}', (details -> 'owedToPayer') || jsonb_build_object('state', $2::text, 'settledAt', now())),
       updated_at = now()
      where cod_oper = $1 and details -> 'owedToPayer' ->> 'state' = 'giving_back' returning *`,
    [codOper, state],
  );
  return row;
}
