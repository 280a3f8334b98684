import { captchaRefusalKey, type CaptchaCheckResponse } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { captchaRequiredOf, type CaptchaPayee } from '../store/captchaSettings';

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

export type { CaptchaPayee };

/** False only when the payee's merchant turned the captcha off; an unknown payee requires it. */
async function merchantRequiresCaptcha(db: Queryable, payee: CaptchaPayee): Promise<boolean> {
  return (await captchaRequiredOf(db, payee)) ?? true;
}

/**
 * A payment's captcha, verified again on the server whatever score the widget sent (SPEC 4 "a
 * valid score enables the payment"; SPEC 8 error_captcha, invalid_score_captcha): a token the
 * provider refuses is forbidden error_captcha, a bot's score forbidden invalid_score_captcha, always. A payment
 * without a token is forbidden error_captcha too, unless the environment (PAYMENT_CAPTCHA=0) or the
 * payee's merchant (captchaRequired false) turned the captcha off. Runs before anything is
 * recorded; a payment with a token costs no query.
 */
export async function checkPaymentCaptcha(deps: Pick<Deps, 'db' | 'captchaRequired'>, token: string | undefined, payee: CaptchaPayee): Promise<void> {
  if (token !== undefined) {
    const refusal = captchaRefusalKey(sandboxCaptchaAnswer(token));
    if (refusal) throw new PaymentError('forbidden', refusal);
    return;
  }
  if (deps.captchaRequired === false) return;
  if (!(await merchantRequiresCaptcha(deps.db, payee))) return;
  throw new PaymentError('forbidden', 'error_captcha', 'captchaToken is required');
}
