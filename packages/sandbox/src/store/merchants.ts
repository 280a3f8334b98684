import { centsToAmount } from '@pasarela/core';
import type { Queryable } from '../db/Database';

export interface MerchantRow {
  id: number;
  name: string;
  web_code: string;
  legal_rep: string;
  logo: string;
  custom_fields: unknown;
  has_payment_guest: boolean;
  tx_limit_cents: number;
  domain_validation: boolean;
  allowed_domains: unknown;
}

export interface MerchantServiceRow {
  id: number;
  merchant_id: number;
  method: string;
  link_type: string;
  gateway_code: string;
  tx_limit_cents: number;
  card_codes: unknown;
}

export async function findMerchant(db: Queryable, id: number): Promise<MerchantRow | undefined> {
  const [row] = await db.query<MerchantRow>('select * from merchants where id = $1', [id]);
  return row;
}

/** The merchant of the payment link with this code, in one query (the widget page's headers wait for it). */
export async function findMerchantOfLinkCode(db: Queryable, code: string): Promise<MerchantRow | undefined> {
  const [row] = await db.query<MerchantRow>('select m.* from payment_links l join merchants m on m.id = l.merchant_id where l.code = $1', [code]);
  return row;
}

export async function firstMerchantId(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>('select id from merchants order by id limit 1');
  return row?.id;
}

export async function listMerchantServices(db: Queryable, merchantId: number): Promise<MerchantServiceRow[]> {
  return db.query<MerchantServiceRow>(
    'select * from merchant_services where merchant_id = $1 and enabled order by id',
    [merchantId],
  );
}

/** The brands a merchant accepts for cards, over all its card services. */
export async function merchantCardCodes(db: Queryable, merchantId: number): Promise<string[]> {
  const services = await listMerchantServices(db, merchantId);
  return cardCodesOf(services.filter((s) => s.method === 'card').map((s) => s.card_codes));
}

/** The brands named in card services' card_codes lists (JSON arrays of strings), once each, in order. */
export function cardCodesOf(lists: readonly unknown[]): string[] {
  const codes = new Set<string>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const code of list) if (typeof code === 'string') codes.add(code);
  }
  return [...codes];
}

/** A merchant service as SPEC 3's payment-method entry (the widget's and the payment checks' view of it). */
export function paymentMethodOf(s: MerchantServiceRow) {
  const codes = Array.isArray(s.card_codes) ? s.card_codes.filter((c): c is string => typeof c === 'string') : [];
  return {
    method: s.method,
    linkType: s.link_type,
    gatewayCode: s.gateway_code,
    idMerchantService: s.id,
    txLimit: centsToAmount(s.tx_limit_cents),
    ...(s.method === 'card' ? { validations: codes.map((cardCode) => ({ cardCode })) } : {}),
  };
}
