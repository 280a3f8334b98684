import * as v from 'valibot';
import { captchaAlwaysAccepted } from './environment';
import type { Environment } from './environment';

// SPEC 4 "Captcha: a valid score enables the payment. In non-qa/non-production environments, and
// in two specific environments, it is always accepted (score 1)."
// SPEC 7 "POST captcha check (v2): body token, siteKey, userAction CHECKOUT; returns data.valid and data.score."

export const CaptchaCheckResponseSchema = v.object({ valid: v.boolean(), score: v.optional(v.nullable(v.number()), null) });
export type CaptchaCheckResponse = v.InferOutput<typeof CaptchaCheckResponseSchema>;

/** The lowest score that counts as a person (the score scale is 0 to 1; SPEC gives no threshold). */
const CAPTCHA_MIN_SCORE = 0.5;

export function captchaCheckBody(token: string, siteKey: string): { token: string; siteKey: string; userAction: 'CHECKOUT' } {
  return { token, siteKey, userAction: 'CHECKOUT' };
}

/** The score the payment carries (additionalData.scoreCaptcha), or null when the payer may not pay. */
export function acceptedCaptchaScore(env: Environment, response: CaptchaCheckResponse | null | undefined): number | null {
  if (captchaAlwaysAccepted(env)) return 1;
  if (!response || !response.valid) return null;
  const score = response.score ?? 1;
  return score >= CAPTCHA_MIN_SCORE ? score : null;
}

/** The message when the captcha blocks the payment: no answer is error_captcha, a low score invalid_score_captcha. */
export function captchaErrorKey(env: Environment, response: CaptchaCheckResponse | null | undefined): 'error_captcha' | 'invalid_score_captcha' | null {
  if (acceptedCaptchaScore(env, response) !== null) return null;
  return response && response.valid ? 'invalid_score_captcha' : 'error_captcha';
}

/**
 * The server's own verdict on a payment's captcha token, whatever the environment: the widget's
 * "always accepted" rule spares payers a blocked form, it does not let a bot's token through.
 * null passes; otherwise the message key the payment is refused with (SPEC 8).
 */
export function captchaRefusalKey(response: CaptchaCheckResponse): 'error_captcha' | 'invalid_score_captcha' | null {
  if (!response.valid) return 'error_captcha';
  return (response.score ?? 1) >= CAPTCHA_MIN_SCORE ? null : 'invalid_score_captcha';
}
