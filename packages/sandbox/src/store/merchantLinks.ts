import type { CustomField, MerchantTranslations } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { lockLinkEnd, newLinkCode, type LinkRow } from './links';

export interface MerchantLinkRow extends LinkRow {
  order_reference: string | null;
  metadata: Record<string, string>;
  /** Every payment attempted on it, declined and pending ones too (docs/merchant-api.md): which paid is paid_cod_oper or its transactions. */
  payments: number;
}

export interface NewMerchantLink {
  merchantId: number;
  description: string;
  amountCents: number;
  taxCents: number;
  cardTypes: string | null;
  expiresAt: Date | null;
  singleUse: boolean;
  returnUrl: string;
  orderReference: string | null;
  metadata: Record<string, string>;
  /** Migration 035: `{ en: { description } }`. */
  translations: MerchantTranslations;
  /** SPEC 9 transactionsType (core transactionsTypeOf): AUTH makes every card payment a hold. */
  transactionsType: string;
  /** The merchant call's Idempotency-Key (findLinkOfRequest). */
  requestKey?: string | null;
  /** SPEC 3 "Custom field": what the checkout asks the payer (core LinkCustomFieldsSchema). */
  customFields?: readonly CustomField[] | undefined;
}

export type LinkState = 'open' | 'paid' | 'expired';

const STATE_SQL = `case when l.single_use and l.paid_cod_oper is not null then 'paid'
  when l.expires_at is not null and l.expires_at <= now() then 'expired' else 'open' end`;

/** A write, a payment on it, or its expiry passing (which writes nothing). */
const UPDATED_SQL = `greatest(l.updated_at, (select max(t.created_at) from transactions t where t.link_code = l.code),
  case when l.expires_at <= now() then l.expires_at end)`;
const SELECT_LINK = `select l.*, ${STATE_SQL} as state, ${UPDATED_SQL} as changed_at,
  (select count(*)::int from transactions t where t.link_code = l.code) as payments
  from payment_links l`;

export type MerchantLinkWithState = MerchantLinkRow & { state: LinkState; changed_at: Date };

/** Undefined when the merchant already has a link with this order reference. */
export async function insertMerchantLink(db: Queryable, link: NewMerchantLink): Promise<MerchantLinkWithState | undefined> {
  const code = newLinkCode();
  // Conditional: of two links with one order reference at once, on any node, one is made.
  const inserted = await db.query(
    `insert into payment_links (code, slug, merchant_id, description, amount_cents, tax_cents, card_types, expires_at, single_use, return_url, order_reference, metadata, translations, transactions_type, request_key, custom_fields)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict (merchant_id, order_reference) where order_reference is not null do nothing returning code`,
    [code, code.toLowerCase(), link.merchantId, link.description, link.amountCents, link.taxCents, link.cardTypes, link.expiresAt, link.singleUse,
      link.returnUrl, link.orderReference, JSON.stringify(link.metadata), JSON.stringify(link.translations), link.transactionsType, link.requestKey ?? null, JSON.stringify(link.customFields ?? [])],
  );
  return inserted.length === 0 ? undefined : findMerchantLink(db, link.merchantId, code);
}

/** Another merchant's is as absent as a missing one. */
export async function findMerchantLink(db: Queryable, merchantId: number, code: string): Promise<MerchantLinkWithState | undefined> {
  const [row] = await db.query<MerchantLinkWithState>(`${SELECT_LINK} where l.code = $1 and l.merchant_id = $2`, [code, merchantId]);
  return row;
}

/** The link a merchant call under `requestKey` made since `since` (its key's first claim), for the repeat that takes the key over from a node that died. */
export async function findLinkOfRequest(db: Queryable, merchantId: number, requestKey: string, since: Date): Promise<MerchantLinkWithState | undefined> {
  const [row] = await db.query<MerchantLinkWithState>(`${SELECT_LINK} where l.merchant_id = $1 and l.request_key = $2 and l.created_at >= $3 order by l.created_at desc limit 1`,
    [merchantId, requestKey, since]);
  return row;
}

export async function findLinkByOrderReference(db: Queryable, merchantId: number, orderReference: string): Promise<MerchantLinkWithState | undefined> {
  const [row] = await db.query<MerchantLinkWithState>(`${SELECT_LINK} where l.merchant_id = $1 and l.order_reference = $2`, [merchantId, orderReference]);
  return row;
}

export interface LinkFilters {
  state?: LinkState | undefined;
  orderReference?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  updatedFrom?: Date | undefined;
  updatedTo?: Date | undefined;
  beforeId?: number | undefined;
  limit: number;
}

/** One more than `limit` when there are more. */
export async function listMerchantLinks(db: Queryable, merchantId: number, f: LinkFilters): Promise<MerchantLinkWithState[]> {
  return db.query<MerchantLinkWithState>(
    `select * from (${SELECT_LINK}
       where l.merchant_id = $1 and ($2::int is null or l.id < $2) and ($3::text is null or l.order_reference = $3)
         and ($4::timestamptz is null or l.created_at >= $4) and ($5::timestamptz is null or l.created_at < $5)
         and l.id_subscription is null) s
     where ($6::text is null or s.state = $6) and ($8::timestamptz is null or s.changed_at >= $8) and ($9::timestamptz is null or s.changed_at < $9)
     order by s.id desc limit $7`,
    [merchantId, f.beforeId ?? null, f.orderReference ?? null, f.createdFrom ?? null, f.createdTo ?? null, f.state ?? null, f.limit + 1,
      f.updatedFrom ?? null, f.updatedTo ?? null],
  );
}

/**
 * SPEC 8 code 3000 from then on; an expired link keeps its moment and a paid one stays paid. The
 * link's row, then its end's lock (as expireLinkWithoutPayment takes them): the attempts being
 * recorded are in the answer's state, and later ones see the end.
 */
export async function expireMerchantLink(db: Database, merchantId: number, code: string): Promise<MerchantLinkWithState | undefined> {
  await db.transaction(async (tx) => {
    const [link] = await tx.query('select code from payment_links where code = $1 and merchant_id = $2 for update', [code, merchantId]);
    if (!link) return;
    await lockLinkEnd(tx, code);
    await tx.query(
      `update payment_links set expires_at = now()
        where code = $1 and (expires_at is null or expires_at > now()) and not (single_use and paid_cod_oper is not null)`,
      [code],
    );
  });
  return findMerchantLink(db, merchantId, code);
}
