import { centsToAmount, methodTakesCurrency, type Currency } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { insertMerchantServices } from '../db/seed';
import { saveMerchantKeys, type MerchantKeys } from './merchantKeys';

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
  /** Migration 019: null parts are unset. */
  brand_color: string | null;
  display_name: string | null;
  logo_sha256: string | null;
  /** ISO 3166-1 alpha-2: the country of its payers' Nequi phones. */
  country: string;
  /** Migration 090: set at creation from the country (core currencyOfCountry), never changed. */
  currency: Currency;
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

export async function firstMerchantId(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>('select id from merchants order by id limit 1');
  return row?.id;
}

/** The services the merchant offers in its currency (core methodTakesCurrency): a Colombian merchant has no Yappy or Clave. */
export async function listMerchantServices(db: Queryable, merchantId: number): Promise<MerchantServiceRow[]> {
  const rows = await db.query<MerchantServiceRow & { currency: Currency }>(
    'select s.*, m.currency from merchant_services s join merchants m on m.id = s.merchant_id where s.merchant_id = $1 and s.enabled order by s.id',
    [merchantId],
  );
  return rows.length === 0 ? [] : servicesInCurrency(rows.map(({ currency: _currency, ...service }) => service), rows[0]!.currency);
}

/** Of a merchant's services, those whose method takes its currency (core methodTakesCurrency). */
export function servicesInCurrency(services: readonly MerchantServiceRow[], currency: Currency): MerchantServiceRow[] {
  return services.filter((s) => methodTakesCurrency(s.method, currency));
}

/** `read`: the merchant's services when the caller read them already. */
export async function merchantCardCodes(db: Queryable, merchantId: number, read?: readonly MerchantServiceRow[]): Promise<string[]> {
  const services = read ?? (await listMerchantServices(db, merchantId));
  return cardCodesOf(services.filter((s) => s.method === 'card').map((s) => s.card_codes));
}

function cardCodesOf(lists: readonly unknown[]): string[] {
  const codes = new Set<string>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const code of list) if (typeof code === 'string') codes.add(code);
  }
  return [...codes];
}

/** SPEC 3's payment-method entry. */
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

export interface NewMerchant {
  name: string;
  webCode: string;
  logo: string;
  hasPaymentGuest: boolean;
  txLimitCents: number;
  domainValidation: boolean;
  allowedDomains: readonly string[];
  captchaRequired: boolean;
  country: string;
  currency: Currency;
  services: ReadonlyArray<{ method: string; linkType: string; gatewayCode: string; cardCodes: readonly string[] }>;
  keys: MerchantKeys;
  webhookUrl: string | null;
  /** Accepted under a rule that allowed private targets (routes/webhookUrlRule.ts). */
  webhookPrivateAllowed: boolean;
}

/** SPEC 6: every merchant has a merchant user; all in one transaction. */
export async function createMerchant(db: Database, merchant: NewMerchant): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into merchants (name, web_code, logo, has_payment_guest, tx_limit_cents, domain_validation, allowed_domains, captcha_required, country, currency)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [merchant.name, merchant.webCode, merchant.logo, merchant.hasPaymentGuest, merchant.txLimitCents, merchant.domainValidation,
        JSON.stringify(merchant.allowedDomains), merchant.captchaRequired, merchant.country, merchant.currency],
    );
    if (!row) throw new Error('merchant insert returned nothing');
    await tx.query('insert into merchant_users (merchant_id, login) values ($1, $2)', [row.id, `owner.${row.id}`]);
    await insertMerchantServices(tx, row.id, merchant.txLimitCents, merchant.services);
    await saveMerchantKeys(tx, row.id, merchant.keys, merchant.webhookUrl, merchant.webhookPrivateAllowed);
    return row.id;
  });
}

export async function setCaptchaRequired(db: Queryable, merchantId: number, required: boolean): Promise<boolean | undefined> {
  const [row] = await db.query<{ captcha_required: boolean }>('update merchants set captcha_required = $2 where id = $1 returning captcha_required', [merchantId, required]);
  return row?.captcha_required;
}

export async function webhookUrlOf(db: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await db.query<{ webhook_url: string | null }>('select webhook_url from merchants where id = $1', [merchantId]);
  return row?.webhook_url ?? null;
}

export interface ListedMerchant { id: number; name: string; webhook_url: string | null; captcha_required: boolean; currency: Currency }

export async function listMerchants(db: Queryable, merchantId: number | undefined): Promise<ListedMerchant[]> {
  return db.query<ListedMerchant>('select id, name, webhook_url, captcha_required, currency from merchants where ($1::int is null or id = $1) order by id', [merchantId ?? null]);
}

/** SPEC 6 "commerce user info". */
export async function firstMerchantUser(db: Queryable, merchantId: number): Promise<{ id: number; login: string } | undefined> {
  const [row] = await db.query<{ id: number; login: string }>('select id, login from merchant_users where merchant_id = $1 order by id limit 1', [merchantId]);
  return row;
}
