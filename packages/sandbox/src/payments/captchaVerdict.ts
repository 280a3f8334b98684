import { captchaRefusalKey, type CaptchaCheckResponse } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { Queryable } from '../db/Database';
import { ApiError } from '../http/ApiError';

/**
 * The sandbox plays the captcha provider's verification (docs/sandbox.md "Captcha"): the token
 * `fail` is a bot the provider refuses, `fail-score` a valid answer with a bot's score, anything
 * else a person.
 */
export function sandboxCaptchaAnswer(token: string): CaptchaCheckResponse {
  if (token === 'fail') return { valid: false, score: 0.1 };
  if (token === 'fail-score') return { valid: true, score: 0.1 };
  return { valid: true, score: 0.9 };
}

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

/** False only when the payee's merchant turned the captcha off; an unknown payee requires it. */
async function merchantRequiresCaptcha(db: Queryable, payee: CaptchaPayee): Promise<boolean> {
  const [kind, value] = Object.entries(payee)[0] as [keyof typeof PAYEE_SQL, string | number];
  const [row] = await db.query<{ captcha_required: boolean }>(PAYEE_SQL[kind], [value]);
  return row?.captcha_required ?? true;
}

/**
 * A payment's captcha, verified again on the server whatever score the widget sent (SPEC 4 "a
 * valid score enables the payment"; SPEC 8 error_captcha, invalid_score_captcha): a token the
 * provider refuses is 403 error_captcha, a bot's score 403 invalid_score_captcha, always. A payment
 * without a token is 403 error_captcha too, unless the environment (PAYMENT_CAPTCHA=0) or the
 * payee's merchant (captchaRequired false) turned the captcha off. Runs before anything is
 * recorded; a payment with a token costs no query.
 */
export async function checkPaymentCaptcha(deps: Pick<Deps, 'db' | 'captchaRequired'>, token: string | undefined, payee: CaptchaPayee): Promise<void> {
  if (token !== undefined) {
    const refusal = captchaRefusalKey(sandboxCaptchaAnswer(token));
    if (refusal) throw new ApiError(403, refusal);
    return;
  }
  if (deps.captchaRequired === false) return;
  if (!(await merchantRequiresCaptcha(deps.db, payee))) return;
  throw new ApiError(403, 'error_captcha', 'captchaToken is required');
}
