import type { Queryable } from '../db/Database';

/**
 * What a card payment on a link reads before its checks: its trackId's earlier attempt, the link, its
 * merchant (with its brand, which the receipt and its e-mail show) and its card brands.
 */
export interface CardPaymentStartRow {
  earlier_id: number | null;
  code: string | null;
  merchant_id: number;
  description: string;
  amount_cents: number;
  tax_cents: number;
  card_types: string | null;
  service_code: string;
  expires_at: Date | null;
  single_use: boolean;
  paid_cod_oper: string | null;
  m_id: number | null;
  m_name: string;
  m_logo: string;
  brand_color: string | null;
  display_name: string | null;
  logo_sha256: string | null;
  return_url: string | null;
  has_payment_guest: boolean;
  tx_limit_cents: number;
  domain_validation: boolean;
  allowed_domains: unknown;
  card_codes: unknown[];
}

/**
 * One query: whether `trackId` was seen, the link `code` (columns null when no link has it), its
 * merchant, and the card code lists of the merchant's enabled card services.
 */
export async function cardPaymentStartRow(db: Queryable, code: string, trackId: string): Promise<CardPaymentStartRow | undefined> {
  const [row] = await db.query<CardPaymentStartRow>(
    `select (select t.id from transactions t where t.track_id = $1) as earlier_id,
       l.code, l.merchant_id, l.description, l.amount_cents, l.tax_cents, l.card_types, l.service_code, l.expires_at, l.single_use, l.paid_cod_oper, l.return_url,
       m.id as m_id, m.name as m_name, m.logo as m_logo, m.brand_color, m.display_name, m.logo_sha256, m.has_payment_guest, m.tx_limit_cents, m.domain_validation, m.allowed_domains,
       (select coalesce(jsonb_agg(s.card_codes order by s.id), '[]'::jsonb) from merchant_services s
         where s.merchant_id = m.id and s.enabled and s.method = 'card') as card_codes
     from (select 1) as one
     left join payment_links l on l.code = $2
     left join merchants m on m.id = l.merchant_id`,
    [trackId, code],
  );
  return row;
}
