import { captchaRefusalKey, type CaptchaCheckResponse } from '@pasarela/core';
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
 * A payment's captcha, verified again on the server whatever score the widget sent: 403
 * error_captcha or invalid_score_captcha (SPEC 8). A payment without a token is refused
 * (error_captcha) when `required` (PAYMENT_CAPTCHA=1, and every in-process test app); else it passes.
 */
export function checkPaymentCaptcha(token: string | undefined, required: boolean | undefined = true): void {
  if (token === undefined) {
    if (required === false) return;
    throw new ApiError(403, 'error_captcha', 'captchaToken is required');
  }
  const refusal = captchaRefusalKey(sandboxCaptchaAnswer(token));
  if (refusal) throw new ApiError(403, refusal);
}
