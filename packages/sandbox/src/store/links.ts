import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';

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
  /** The payment that paid a single-use link (claimSingleUseLink); null while it is open. */
  paid_cod_oper: string | null;
  /** The shop's own id for the order (merchant API); such a link is one order's, as a single-use one. */
  order_reference: string | null;
  /** The description in other languages than `description`'s (migration 035, core merchantTextIn). */
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

/** A link code: 'LK' and ten characters without look-alikes (0/O, 1/I). */
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
  /** SPEC 3 returnUrlString: where the return page sends the payer afterwards (http or https). */
  returnUrl?: string | undefined;
  /** The payer's e-mail when it is known (an e-mailed request): the forms start with it. */
  email?: string | undefined;
  /** The description in the other languages the merchant gave (`{ en: { description } }`, core merchantTextIn). */
  translations?: Record<string, { description: string }> | undefined;
}

export async function insertLink(db: Queryable, link: NewLink): Promise<LinkRow> {
  const code = newLinkCode();
  const [row] = await db.query<LinkRow>(
    `insert into payment_links (code, slug, merchant_id, description, amount_cents, tax_cents, card_types, expires_at, single_use, return_url, email, translations)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`,
    [code, link.slug ?? code.toLowerCase(), link.merchantId, link.description, link.amountCents, link.taxCents, link.cardTypes, link.expiresAt, link.singleUse, link.returnUrl ?? '', link.email ?? '',
      JSON.stringify(link.translations ?? {})],
  );
  if (!row) throw new Error('insertLink returned no row');
  return row;
}

export async function findLinkByCode(db: Queryable, code: string): Promise<LinkRow | undefined> {
  const [row] = await db.query<LinkRow>('select * from payment_links where code = $1', [code]);
  return row;
}

export async function findLinkBySlug(db: Queryable, slug: string): Promise<LinkRow | undefined> {
  const [row] = await db.query<LinkRow>('select * from payment_links where slug = $1', [slug]);
  return row;
}

export async function findLinkBySlugAndCode(db: Queryable, slug: string, code: string): Promise<LinkRow | undefined> {
  const [row] = await db.query<LinkRow>('select * from payment_links where slug = $1 and code = $2', [slug, code]);
  return row;
}

/**
 * A single-use link takes one payment: the payment codOper claims it by a conditional write, in
 * the caller's transaction (the one that records the payment as paid). A payment racing on
 * another connection waits for the row and then finds it claimed. False when another payment
 * holds it; true when codOper does now (or did before).
 */
export async function claimSingleUseLink(db: Queryable, code: string, codOper: string): Promise<boolean> {
  const rows = await db.query(
    'update payment_links set paid_cod_oper = $2 where code = $1 and single_use and (paid_cod_oper is null or paid_cod_oper = $2) returning code',
    [code, codOper],
  );
  return rows.length > 0;
}

/**
 * The single-use link a payment pays, locked until the caller's transaction ends (undefined for
 * any other payment). Taken before the payment's own row, in the order every payer of the link takes them.
 */
export async function lockSingleUseLinkOf(db: Queryable, codOper: string): Promise<string | undefined> {
  const [row] = await db.query<{ code: string }>(
    'select l.code from payment_links l join transactions t on t.link_code = l.code where t.cod_oper = $1 and l.single_use for update of l',
    [codOper],
  );
  return row?.code;
}

/** SPEC 7 "GET search activity": the links with this code or slug, a page of them. */
export async function searchLinks(db: Queryable, codeOrSlug: string, limit: number, offset: number): Promise<LinkRow[]> {
  return db.query<LinkRow>('select * from payment_links where code = $1 or slug = $1 order by id limit $2 offset $3', [codeOrSlug, limit, offset]);
}

export interface ListedLink { code: string; slug: string; description: string; amount_cents: number; merchant_id: number }

/** The newest links (of one merchant, when given), at most limit. */
export async function listLinks(db: Queryable, merchantId: number | undefined, limit: number): Promise<ListedLink[]> {
  return db.query<ListedLink>(
    'select code, slug, description, amount_cents, merchant_id from payment_links where ($2::int is null or merchant_id = $2) order by id desc limit $1', [limit, merchantId ?? null]);
}
