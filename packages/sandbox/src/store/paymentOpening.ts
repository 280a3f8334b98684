import type { MethodPrice } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { pricesOf, type MerchantPriceRow } from './balanceTransactions';
import type { StationRow } from './catalog';
import type { LinkRow } from './links';
import { servicesInCurrency, type MerchantRow, type MerchantServiceRow } from './merchants';
import type { TransactionRow } from './transactions';

/** Everything a link payment reads before it writes, read in one statement (one round trip). */
export interface PaymentOpening {
  link: LinkRow | undefined;
  /** Only when no link has the code (a payment station's). */
  station: StationRow | undefined;
  /** The link's or station's. */
  merchant: (MerchantRow & { captcha_required: boolean }) | undefined;
  /** The merchant's enabled services in its currency, in order (as listMerchantServices reads them). */
  services: MerchantServiceRow[];
  /** The payment recorded with this trackId before, if one was. */
  earlier: TransactionRow | undefined;
  /** The payment that spent this captcha token before, if one did. */
  captchaUse: { merchantId: number; trackId: string } | undefined;
  /** The merchant's prices, for the books line of the payment's approval. */
  prices: Record<string, MethodPrice>;
  /** The wallet user's saved card the payment names, when it names one and that user holds it (never another user's). */
  walletCard: WalletCardRow | undefined;
  /** The paying wallet user's e-mail, when a wallet user pays: where the payment's receipt goes. */
  walletUserEmail: string | undefined;
}

/** A card kept in a wallet user's wallet, as a payment charges it. */
export interface WalletCardRow {
  card_brand: string;
  card_last4: string;
  card_token: string;
  card_customer: string | null;
  card_fingerprint: string | null;
}

const OPENING_SQL = `with link as (select * from payment_links where code = $1),
     station as (select * from payment_stations where station_id = $1 and not exists (select 1 from link)),
     payee as (select * from merchants where id = coalesce((select merchant_id from link), (select merchant_id from station)))
     select (select row_to_json(l) from link l) as link,
            (select row_to_json(s) from station s) as station,
            (select row_to_json(m) from payee m) as merchant,
            (select coalesce(json_agg(ms order by ms.id), '[]'::json) from merchant_services ms where ms.merchant_id = (select id from payee) and ms.enabled) as services,
            (select row_to_json(t) from transactions t where $2::text is not null and t.track_id = $2) as earlier,
            (select json_build_object('merchantId', u.merchant_id, 'trackId', u.track_id) from captcha_uses u where $3::text is not null and u.token_hash = $3) as captcha_use,
            (select coalesce(json_agg(json_build_object('method', p.method, 'percent_bps', p.percent_bps, 'fixed_cents', p.fixed_cents)), '[]'::json)
               from merchant_prices p where p.merchant_id = (select id from payee)) as prices,
            (select json_build_object('card_brand', c.card_brand, 'card_last4', c.card_last4, 'card_token', c.card_token, 'card_customer', c.card_customer, 'card_fingerprint', c.card_fingerprint)
               from user_cards c where $4::int is not null and c.id = $4 and c.user_id = $5) as wallet_card,
            (select u.email from users u where $5::int is not null and u.id = $5) as wallet_user_email`;

// JSON carries a timestamp as text: read back as the drivers read a column (a Date).
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;
function rowOf<T>(json: unknown): T | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const row: Record<string, unknown> = { ...(json as Record<string, unknown>) };
  for (const [column, value] of Object.entries(row)) {
    if (typeof value === 'string' && (column.endsWith('_at') || column.endsWith('_before')) && TIMESTAMP.test(value)) row[column] = new Date(value);
  }
  return row as T;
}

/** `walletUser`: the wallet user who pays, and the saved card the payment names (none for a balance payment). */
export async function readPaymentOpening(
  db: Queryable, code: string, trackId: string | null, captchaTokenHash: string | null, walletUser: { userId: number; cardId: number | null } | null = null,
): Promise<PaymentOpening> {
  const [row] = await db.query<{
    link: unknown; station: unknown; merchant: unknown; services: unknown; earlier: unknown; captcha_use: { merchantId: number; trackId: string } | null; prices: MerchantPriceRow[];
    wallet_card: WalletCardRow | null; wallet_user_email: string | null;
  }>(OPENING_SQL, [code, trackId, captchaTokenHash, walletUser?.cardId ?? null, walletUser?.userId ?? null]);
  const merchant = rowOf<MerchantRow & { captcha_required: boolean }>(row?.merchant);
  return {
    link: rowOf<LinkRow>(row?.link),
    station: rowOf<StationRow>(row?.station),
    merchant,
    services: servicesInCurrency(
      Array.isArray(row?.services) ? row.services.map((s: unknown) => rowOf<MerchantServiceRow>(s)).filter((s): s is MerchantServiceRow => s !== undefined) : [],
      merchant?.currency ?? 'USD',
    ),
    earlier: rowOf<TransactionRow>(row?.earlier),
    captchaUse: row?.captcha_use ?? undefined,
    prices: pricesOf(row?.prices ?? []),
    walletCard: row?.wallet_card ?? undefined,
    walletUserEmail: row?.wallet_user_email ?? undefined,
  };
}
