import { randomBytes } from 'node:crypto';
import { LANGUAGES, type CustomField, type MerchantTranslations, type TextPerLanguage } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import type { TransactionRow } from './transactions';

export interface LinkRow {
  id: number;
  code: string;
  slug: string;
  merchant_id: number;
  description: string;
  amount_cents: number;
  discount_cents: number;
  tax_cents: number;
  email: string;
  card_types: string | null;
  expires_at: Date | null;
  single_use: boolean;
  paid_cod_oper: string | null;
  /** The shop's own order id (merchant API); such a link is one order's, as a single-use one. */
  order_reference: string | null;
  translations: unknown;
  service_code: string;
  transactions_type: string;
  lang: string;
  return_url: string;
  additional_params: string;
  custom_fields: unknown;
  tx_channel: string;
  id_subscription: number | null;
  created_at: Date;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'LK' and ten characters without look-alikes (0/O, 1/I). */
export function newLinkCode(): string {
  const bytes = randomBytes(10);
  let code = 'LK';
  for (const b of bytes) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return code;
}

export interface NewLink {
  merchantId: number;
  description: string;
  amountCents: number;
  taxCents: number;
  cardTypes: string | null;
  expiresAt: Date | null;
  slug: string | null;
  singleUse: boolean;
  /** SPEC 3 returnUrlString (http or https). */
  returnUrl?: string | undefined;
  /** Known for an e-mailed request: the forms start with it. */
  email?: string | undefined;
  translations?: MerchantTranslations | undefined;
  /** SPEC 9 transactionsType; absent: AUTH_CAPTURE. */
  transactionsType?: string | undefined;
  /** SPEC 3 "Custom field": what the checkout asks the payer (core LinkCustomFieldsSchema); absent: none. */
  customFields?: readonly CustomField[] | undefined;
}

export async function insertLink(db: Queryable, link: NewLink): Promise<LinkRow> {
  const code = newLinkCode();
  const [row] = await db.query<LinkRow>(
    `insert into payment_links (code, slug, merchant_id, description, amount_cents, tax_cents, card_types, expires_at, single_use, return_url, email, translations, transactions_type, custom_fields)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, 'AUTH_CAPTURE'), $14) returning *`,
    [code, link.slug ?? code.toLowerCase(), link.merchantId, link.description, link.amountCents, link.taxCents, link.cardTypes, link.expiresAt, link.singleUse, link.returnUrl ?? '', link.email ?? '',
      JSON.stringify(link.translations ?? {}), link.transactionsType ?? null, JSON.stringify(link.customFields ?? [])],
  );
  if (!row) throw new Error('insertLink returned no row');
  return row;
}

export async function findLinkByCode(db: Queryable, code: string): Promise<LinkRow | undefined> {
  const [row] = await db.query<LinkRow>('select * from payment_links where code = $1', [code]);
  return row;
}

// A slug is written in lower case (the admin API's rule, a link's default one its code in lower case), so
// an address typed or written in capitals, `/TIENDA-DEMO`, finds the link `/tienda-demo` does.

export async function findLinkBySlug(db: Queryable, slug: string): Promise<LinkRow | undefined> {
  const [row] = await db.query<LinkRow>('select * from payment_links where slug = lower($1)', [slug]);
  return row;
}

export async function findLinkBySlugAndCode(db: Queryable, slug: string, code: string): Promise<LinkRow | undefined> {
  const [row] = await db.query<LinkRow>('select * from payment_links where slug = lower($1) and code in ($2, upper($2))', [slug, code]);
  return row;
}

/**
 * The link what a payer typed names, in one statement: by its code as typed, then in capitals (a code
 * is upper case), then by its slug (core typedLinkTargets gives each, or none when it cannot be one),
 * and the address that opens it.
 */
export async function findLinkAddress(db: Queryable, typed: { code: string | undefined; slug: string | undefined }): Promise<{ type: 'lk' | 'slug'; code: string } | undefined> {
  const [row] = await db.query<{ type: 'lk' | 'slug'; code: string }>(
    `select case when code in ($1, upper($1)) then 'lk' else 'slug' end as type,
            case when code in ($1, upper($1)) then code else slug end as code
       from payment_links where code = $1 or code = upper($1) or slug = $2
      order by code = $1 desc, code = upper($1) desc limit 1`,
    [typed.code ?? null, typed.slug ?? null],
  );
  return row;
}

/** Claimed by a conditional write in the transaction that records the payment; a racing payment waits for the row and finds it claimed. */
export async function claimSingleUseLink(db: Queryable, code: string, codOper: string): Promise<boolean> {
  const rows = await db.query(
    'update payment_links set paid_cod_oper = $2 where code = $1 and single_use and (paid_cod_oper is null or paid_cod_oper = $2) returning code',
    [code, codOper],
  );
  return rows.length > 0;
}

/** A hold released or expired frees the single-use link it had claimed, so the payer can pay it again. The caller holds the link's lock. */
export async function freeSingleUseLink(db: Queryable, code: string, codOper: string): Promise<void> {
  await db.query('update payment_links set paid_cod_oper = null, updated_at = now() where code = $1 and paid_cod_oper = $2', [code, codOper]);
}

/**
 * The lock an end of the link takes, in a statement of its own and so before what it then reads: the
 * attempts being recorded on a link that is not single-use hold it shared (migration 170), so the end
 * waits for them and the statements after it see them; those that come later see the end.
 */
export async function lockLinkEnd(db: Queryable, code: string): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtext('link-end:' || $1::text))", [code]);
}

/**
 * Ends an unpaid link now, under the locks a payment's record takes on it (insertTransaction), unless
 * `hasPayment` finds one of its payments waiting or approved: then it stays as it was (false).
 */
export async function expireLinkWithoutPayment(db: Database, code: string, hasPayment: (rows: TransactionRow[]) => boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{ code: string }>('select code from payment_links where code = $1 and paid_cod_oper is null for update', [code]);
    if (!link) return false;
    await lockLinkEnd(tx, code);
    if (hasPayment(await tx.query<TransactionRow>('select * from transactions where link_code = $1', [code]))) return false;
    await tx.query('update payment_links set expires_at = now() where code = $1 and (expires_at is null or expires_at > now())', [code]);
    return true;
  });
}

/** Locked before the payment's own row, the order every payer of the link takes them in. */
export async function lockSingleUseLinkOf(db: Queryable, codOper: string): Promise<string | undefined> {
  const [row] = await db.query<{ code: string }>(
    'select l.code from payment_links l join transactions t on t.link_code = l.code where t.cod_oper = $1 and l.single_use for update of l',
    [codOper],
  );
  return row?.code;
}

/** SPEC 7 "GET search activity". */
export async function searchLinks(db: Queryable, codeOrSlug: string, limit: number, offset: number): Promise<LinkRow[]> {
  return db.query<LinkRow>('select * from payment_links where code = $1 or slug = $1 order by id limit $2 offset $3', [codeOrSlug, limit, offset]);
}

export interface ListedLink { code: string; slug: string; description: string; amount_cents: number; merchant_id: number }

export async function listLinks(db: Queryable, merchantId: number | undefined, limit: number): Promise<ListedLink[]> {
  return db.query<ListedLink>(
    'select code, slug, description, amount_cents, merchant_id from payment_links where ($2::int is null or merchant_id = $2) order by id desc limit $1', [limit, merchantId ?? null]);
}

/** The payment that paid a single-use link, if any. */
export async function findPaymentOfLink(db: Queryable, code: string): Promise<{ cod_oper: string; method: string } | undefined> {
  const [row] = await db.query<{ cod_oper: string; method: string }>(
    'select t.cod_oper, t.method from payment_links l join transactions t on t.cod_oper = l.paid_cod_oper where l.code = $1',
    [code],
  );
  return row;
}

/** A link's description in each language it was written in (migration 035's translations), empty ones left out. */
export function descriptionsOfLink(translations: unknown): TextPerLanguage {
  const kept = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>) : {};
  const descriptions: TextPerLanguage = {};
  for (const lang of LANGUAGES) {
    const words = kept[lang];
    const text = typeof words === 'object' && words !== null ? (words as Record<string, unknown>)['description'] : undefined;
    if (typeof text === 'string' && text !== '') descriptions[lang] = text;
  }
  return descriptions;
}
