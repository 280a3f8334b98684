import type { Queryable } from '../db/Database';

/**
 * Whom a payment pays, to find whether its merchant turned the captcha off: a link's or station's
 * code, a subscription's key, or the merchant itself (a repeat names its first payment's).
 */
export type CaptchaPayee = { code: string } | { subscriptionKey: string } | { merchantId: number };

const PAYEE_SQL = {
  code: `select m.captcha_required from merchants m
          where m.id = coalesce((select merchant_id from payment_links where code = $1),
                                (select merchant_id from payment_stations where station_id = $1))`,
  subscriptionKey: `select m.captcha_required from subscriptions s join plans p on p.id = s.plan_id join merchants m on m.id = p.merchant_id
                     where s.subscription_key = $1`,
  merchantId: 'select captcha_required from merchants where id = $1',
} as const;

/** The payee's merchant's captchaRequired flag; undefined when the payee names no merchant. */
export async function captchaRequiredOf(db: Queryable, payee: CaptchaPayee): Promise<boolean | undefined> {
  const [kind, value] = Object.entries(payee)[0] as [keyof typeof PAYEE_SQL, string | number];
  const [row] = await db.query<{ captcha_required: boolean }>(PAYEE_SQL[kind], [value]);
  return row?.captcha_required;
}
