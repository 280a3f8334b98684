// A payment's row and its reads; insertTransaction.ts and transactionUpdates.ts write.
import type { Currency, CustomFieldAnswer } from '@pasarela/core';
import type { Queryable } from '../db/Database';

export interface TransactionRow {
  id: number;
  cod_oper: string;
  track_id: string | null;
  link_code: string | null;
  merchant_id: number;
  /** Migration 090: the merchant's currency, which the database writes; the *_cents are its minor units. */
  currency: Currency;
  method: string;
  amount_cents: number;
  tax_cents: number;
  status: number;
  auth_status: string;
  message_key: string;
  tx_type: string;
  card_brand: string | null;
  card_last4: string | null;
  card_token: string | null;
  card_customer: string | null;
  card_fingerprint: string | null;
  payer_name: string;
  email: string;
  phone: string;
  concept: string;
  description: string;
  lang: string;
  tx_channel: string;
  redirect_url: string | null;
  expires_at: Date | null;
  /** What the payer quotes: voucher number, wallet phone key, crypto address. */
  reference: string | null;
  user_id: number | null;
  /** SPEC 6: null for a wallet user. */
  anonymous_user_service_id: number | null;
  details: Record<string, unknown>;
  campaign_bridge_id: number | null;
  campaign_cents: number;
  /** HMAC of the charge (core chargeIdentityText): a repeated trackId must make the same one. */
  request_fingerprint: string | null;
  gateway_reference: string | null;
  /** Migration 060: a manual (AUTH) payment's hold; null while open (and on every automatic payment). */
  hold_state: string | null;
  captured_cents: number;
  /** When the reconciler releases a hold not captured. */
  capture_before: Date | null;
  /** The processor the attempt went to (gateways/processors.ts); null on attempts recorded before migration 070. */
  processor: string | null;
  /** Migration 188: the payer's answers to the checkout's custom fields (core customFieldAnswersOf); [] when none were asked. */
  custom_field_values: CustomFieldAnswer[];
  created_at: Date;
  updated_at: Date;
}

/** What the payer is charged: the amount, its tax and any donation (what a refund gives back at most, and SPEC 8's "same amount"). */
export const paidCentsOf = (row: Pick<TransactionRow, 'amount_cents' | 'tax_cents' | 'campaign_cents'>): number => row.amount_cents + row.tax_cents + row.campaign_cents;

/** The database writes `currency`, the merchant's (migration 090). */
export type NewTransaction = Omit<TransactionRow, 'id' | 'cod_oper' | 'currency' | 'gateway_reference' | 'card_customer' | 'hold_state' | 'captured_cents' | 'capture_before' | 'processor' | 'custom_field_values' | 'created_at' | 'updated_at'>
  & { card_customer?: string | null; processor?: string | null; custom_field_values?: CustomFieldAnswer[] };

export async function findTransactionByTrackId(db: Queryable, trackId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where track_id = $1', [trackId]);
  return row;
}

export async function findTransaction(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where cod_oper = $1', [codOper]);
  return row;
}

export async function findTransactionByGatewayReference(db: Queryable, reference: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>("select * from transactions where gateway_reference = $1 and method = 'card'", [reference]);
  return row;
}

/** A card attempt still waiting for its processor's answer, changed since `since` (its outcome, and its charge's reference, may come any moment). */
export async function cardAttemptAwaitingAnswer(db: Queryable, since: Date): Promise<boolean> {
  const [row] = await db.query<{ awaiting: boolean }>(
    "select exists (select 1 from transactions where auth_status = 'PROCESSING' and updated_at > $1 and method = 'card') as awaiting", [since],
  );
  return row?.awaiting === true;
}

export async function listTransactionsForLink(db: Queryable, linkCode: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>('select * from transactions where link_code = $1 order by id', [linkCode]);
}

/** SPEC 7 "load last code": the wallet user's newest Nequi payment of the link. */
export async function latestNequiPayment(db: Queryable, linkCode: string, userId: number): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>("select * from transactions where link_code = $1 and method = 'nequi' and user_id = $2 order by id desc limit 1", [linkCode, userId]);
  return row;
}

export async function findCashVoucher(db: Queryable, reference: string, merchantId: number | undefined): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>("select * from transactions where method = 'cash' and (reference = $1 or cod_oper = $1) and ($2::int is null or merchant_id = $2)", [reference, merchantId ?? null]);
  return row;
}

export async function listUserTransactions(
  db: Queryable, userId: number, filter: { limit: number; method?: string; linkCode?: string | null },
): Promise<Array<TransactionRow & { refunded_cents: number }>> {
  return db.query<TransactionRow & { refunded_cents: number }>(
    `select * from transactions where user_id = $1 and ($2::text is null or method = $2) and ($3::text is null or link_code = $3)
      order by id desc limit $4`,
    [userId, filter.method ?? null, filter.linkCode ?? null, filter.limit],
  );
}

export type TransactionWithValidation = TransactionRow & { validation_state: number | null; refunded_cents: number };

export async function listRecentTransactions(
  db: Queryable, filter: { linkCode?: string; method?: string; merchantId?: number; limit: number },
): Promise<TransactionWithValidation[]> {
  return db.query<TransactionWithValidation>(
    `select t.*, v.state as validation_state from transactions t left join validations v on v.cod_oper = t.cod_oper
      where ($1::text is null or t.link_code = $1) and ($2::text is null or t.method = $2) and ($4::int is null or t.merchant_id = $4)
      order by t.id desc limit $3`,
    [filter.linkCode ?? null, filter.method ?? null, filter.limit, filter.merchantId ?? null],
  );
}
