import type { Queryable } from '../db/Database';

/**
 * Whom a payment pays, to find its merchant (whether it turned the captcha off, and whom a token is
 * spent for): a link's or station's code, a subscription's key, or the merchant itself.
 */
export type CaptchaPayee = { code: string } | { subscriptionKey: string } | { merchantId: number };

const PAYEE_SQL = {
  code: `select m.id, m.captcha_required from merchants m
          where m.id = coalesce((select merchant_id from payment_links where code = $1),
                                (select merchant_id from payment_stations where station_id = $1))`,
  subscriptionKey: `select m.id, m.captcha_required from subscriptions s join plans p on p.id = s.plan_id join merchants m on m.id = p.merchant_id
                     where s.subscription_key = $1`,
  merchantId: 'select id, captcha_required from merchants where id = $1',
} as const;

export interface CaptchaPayeeMerchant {
  id: number;
  captchaRequired: boolean;
  /** The payment that spent the token before, if one did (captcha_uses). */
  earlierUse: { merchantId: number; trackId: string } | undefined;
}

/** In one read: the payee's merchant, its captchaRequired flag and the token's earlier use; undefined when the payee names no merchant. */
export async function captchaMerchantOf(db: Queryable, payee: CaptchaPayee, tokenHash: string | null): Promise<CaptchaPayeeMerchant | undefined> {
  const [kind, value] = Object.entries(payee)[0] as [keyof typeof PAYEE_SQL, string | number];
  const [row] = await db.query<{ id: number; captcha_required: boolean; used_merchant: number | null; used_track: string | null }>(
    `with payee as (${PAYEE_SQL[kind]})
     select payee.id, payee.captcha_required, u.merchant_id as used_merchant, u.track_id as used_track
       from payee left join captcha_uses u on u.token_hash = $2`,
    [value, tokenHash],
  );
  if (!row) return undefined;
  const earlierUse = row.used_merchant === null ? undefined : { merchantId: row.used_merchant, trackId: row.used_track ?? '' };
  return { id: row.id, captchaRequired: row.captcha_required, earlierUse };
}
