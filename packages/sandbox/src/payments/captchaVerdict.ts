import { captchaRefusalKey, type CaptchaCheckResponse } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { captchaRequiredOf, type CaptchaPayee } from '../store/captchaSettings';

/** docs/sandbox.md "Captcha": `fail` is a bot, `fail-score` a bot's score, anything else a person. */
export function sandboxCaptchaAnswer(token: string): CaptchaCheckResponse {
  if (token === 'fail') return { valid: false, score: 0.1 };
  if (token === 'fail-score') return { valid: true, score: 0.1 };
  return { valid: true, score: 0.9 };
}

export type { CaptchaPayee };

/** An unknown payee requires it. */
async function merchantRequiresCaptcha(db: Queryable, payee: CaptchaPayee): Promise<boolean> {
  return (await captchaRequiredOf(db, payee)) ?? true;
}

/**
 * Verified again on the server whatever score the widget sent (SPEC 8 error_captcha,
 * invalid_score_captcha). No token is error_captcha unless PAYMENT_CAPTCHA=0 or the merchant turned it off.
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
