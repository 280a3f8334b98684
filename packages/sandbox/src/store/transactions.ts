import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';

export interface TransactionRow {
  id: number;
  cod_oper: string;
  track_id: string | null;
  link_code: string | null;
  merchant_id: number;
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
  /** Voucher number, Nequi/Yappy phone key, crypto address: what the payer quotes. */
  reference: string | null;
  user_id: number | null;
  /** SPEC 6: the anonymous user service id a guest paid under; null for a wallet user. */
  anonymous_user_service_id: number | null;
  details: Record<string, unknown>;
  campaign_bridge_id: number | null;
  campaign_cents: number;
  created_at: Date;
  updated_at: Date;
}

export type NewTransaction = Omit<TransactionRow, 'id' | 'cod_oper' | 'created_at' | 'updated_at'>;

/** An operation code: 'PP' and twelve hex digits (SPEC 7: sandbox receipts may add SANDBOX_ in front). */
export function newCodOper(): string {
  return `PP${randomBytes(6).toString('hex').toUpperCase()}`;
}

const COLUMNS = [
  'track_id', 'link_code', 'merchant_id', 'method', 'amount_cents', 'tax_cents', 'status', 'auth_status',
  'message_key', 'tx_type', 'card_brand', 'card_last4', 'card_token', 'card_fingerprint', 'payer_name',
  'email', 'phone', 'concept', 'description', 'lang', 'tx_channel', 'redirect_url', 'expires_at', 'reference',
  'user_id', 'anonymous_user_service_id', 'details', 'campaign_bridge_id', 'campaign_cents',
] as const satisfies ReadonlyArray<keyof NewTransaction>;

/**
 * Inserts a transaction unless one with the same trackId exists; returns the new row, or
 * undefined when another request with that trackId got there first (exactly-once by trackId).
 * Every node hears of it through migration 006's trigger (push/transactionEvents.ts).
 */
export async function insertTransaction(db: Queryable, tx: NewTransaction, codOper = newCodOper()): Promise<TransactionRow | undefined> {
  const values = [codOper, ...COLUMNS.map((c) => (c === 'details' ? JSON.stringify(tx.details) : tx[c]))];
  const placeholders = values.map((_, i) => `$${i + 1}`).join(', ');
  const [row] = await db.query<TransactionRow>(
    `insert into transactions (cod_oper, ${COLUMNS.join(', ')}) values (${placeholders})
     on conflict (track_id) do nothing returning *`,
    values,
  );
  return row;
}

export async function findTransactionByTrackId(db: Queryable, trackId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where track_id = $1', [trackId]);
  return row;
}

export async function findTransaction(db: Queryable, codOper: string): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>('select * from transactions where cod_oper = $1', [codOper]);
  return row;
}

export async function listTransactionsForLink(db: Queryable, linkCode: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>('select * from transactions where link_code = $1 order by id', [linkCode]);
}

/**
 * SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes". Counted per link, and
 * only payments that went through or may still (approved or pending): a decline is no charge.
 */
export async function findRecentDuplicate(
  db: Queryable,
  args: { linkCode: string | null; fingerprint: string; amountCents: number; since: Date },
): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `select * from transactions where card_fingerprint = $1 and amount_cents = $2 and created_at >= $3
       and status in (1, -1) and link_code is not distinct from $4 limit 1`,
    [args.fingerprint, args.amountCents, args.since, args.linkCode],
  );
  return row;
}

export async function settleTransaction(
  db: Queryable,
  codOper: string,
  update: { status: number; authStatus: string; messageKey: string },
): Promise<TransactionRow | undefined> {
  const [row] = await db.query<TransactionRow>(
    `update transactions set status = $2, auth_status = $3, message_key = $4, redirect_url = null, updated_at = now()
     where cod_oper = $1 returning *`,
    [codOper, update.status, update.authStatus, update.messageKey],
  );
  return row;
}
