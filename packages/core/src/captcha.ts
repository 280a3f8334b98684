import * as v from 'valibot';
import { captchaAlwaysAccepted } from './environment';
import type { Environment } from './environment';

// SPEC 4: always accepted (score 1) outside qa and production and in two named environments.

export const CaptchaCheckResponseSchema = v.object({ valid: v.boolean(), score: v.optional(v.nullable(v.number()), null) });
export type CaptchaCheckResponse = v.InferOutput<typeof CaptchaCheckResponseSchema>;

/**
 * docs/api.md "Captcha": a spent token's record is kept a day (the merchant API's idempotency keys last
 * as long), so a retry of the same payment within it still gets its answer; longer still when a
 * service lets its tokens live longer than that. Afterwards the service is asked again and refuses it.
 */
const CAPTCHA_USE_KEEP_MS = 24 * 60 * 60 * 1000;

/** How long a spent token's record is kept, given how long its service accepts a token after issuing it. */
export function captchaUseKeepMs(tokenLifeMs: number): number {
  return Math.max(CAPTCHA_USE_KEEP_MS, tokenLifeMs);
}

/** SPEC gives no threshold on the 0 to 1 scale. */
const CAPTCHA_MIN_SCORE = 0.5;

export function captchaCheckBody(token: string, siteKey: string): { token: string; siteKey: string; userAction: 'CHECKOUT' } {
  return { token, siteKey, userAction: 'CHECKOUT' };
}

export function acceptedCaptchaScore(env: Environment, response: CaptchaCheckResponse | null | undefined): number | null {
  if (captchaAlwaysAccepted(env)) return 1;
  if (!response || !response.valid) return null;
  const score = response.score ?? 1;
  return score >= CAPTCHA_MIN_SCORE ? score : null;
}

export function captchaErrorKey(env: Environment, response: CaptchaCheckResponse | null | undefined): 'error_captcha' | 'invalid_score_captcha' | null {
  if (acceptedCaptchaScore(env, response) !== null) return null;
  return response && response.valid ? 'invalid_score_captcha' : 'error_captcha';
}

/** The widget's "always accepted" spares payers a blocked form; the server never lets a bot's token through. */
export function captchaRefusalKey(response: CaptchaCheckResponse): 'error_captcha' | 'invalid_score_captcha' | null {
  if (!response.valid) return 'error_captcha';
  return (response.score ?? 1) >= CAPTCHA_MIN_SCORE ? null : 'invalid_score_captcha';
}
