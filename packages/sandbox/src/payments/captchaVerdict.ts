import { createHash } from 'node:crypto';
import { captchaRefusalKey, type CaptchaCheckResponse } from '@pasarela/core';
import type { CaptchaVerdict, CaptchaVerifier } from '@pasarela/gateways';
import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { captchaMerchantOf, type CaptchaPayee, type CaptchaPayeeMerchant } from '../store/captchaSettings';
import { spendCaptchaToken } from '../store/captchaUses';

/** docs/sandbox.md "Captcha": `fail` is a bot, `fail-score` a bot's score, anything else a person. */
export function sandboxCaptchaAnswer(token: string): CaptchaCheckResponse {
  if (token === 'fail') return { valid: false, score: 0.1 };
  if (token === 'fail-score') return { valid: true, score: 0.1 };
  return { valid: true, score: 0.9 };
}

/** A token ending in `@<merchant id>` was made for that merchant (as Turnstile's cdata names one). */
const MADE_FOR = /@(\d{1,10})$/;

/** Real services forget a token after a few minutes (it has lapsed by then); so does this one. */
const TOKEN_LIFE_MS = 10 * 60 * 1000;

/**
 * The sandbox's captcha service behind the port, keeping the rules an adapter must keep: a token it
 * has verified before is invalid (as `timeout-or-duplicate`), and it reports whom a token was made for.
 */
export function sandboxCaptchaVerifier(now: () => number = Date.now): CaptchaVerifier {
  const verified = new Map<string, number>();
  return {
    async verify({ token }): Promise<CaptchaVerdict> {
      const at = now();
      for (const [seen, when] of verified) {
        if (at - when <= TOKEN_LIFE_MS) break;
        verified.delete(seen);
      }
      const answer = sandboxCaptchaAnswer(token);
      // The bot's rehearsal answers always answer alike, as the services' always-fail test keys do.
      if (token === 'fail' || token === 'fail-score') return { valid: answer.valid, score: answer.score ?? null, madeFor: null };
      if (verified.has(token)) return { valid: false, score: null, madeFor: null };
      verified.set(token, at);
      return { valid: answer.valid, score: answer.score ?? null, madeFor: MADE_FOR.exec(token)?.[1] ?? null };
    },
  };
}

/** For Deps made without one (a script's own app). */
const fallbackVerifier = sandboxCaptchaVerifier();

export const captchaTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Another payment has the token (found here, or by the attempt's own statement). */
export const captchaSpentError = (): PaymentError => new PaymentError('forbidden', 'error_captcha', 'captchaToken was already used: each payment needs a new one');

/**
 * Verified once per payment (SPEC 8 error_captcha, invalid_score_captcha), whatever score the widget
 * sent: the captcha service is asked once, and an accepted token is spent in the database for this
 * payment's merchant, so no other payment can use it (a retry of this same request, its trackId, gets
 * its answer without asking again). No token is error_captcha unless PAYMENT_CAPTCHA=0 or the
 * merchant turned it off.
 */
export async function checkPaymentCaptcha(
  deps: Pick<Deps, 'db' | 'captchaRequired' | 'captcha'>, token: string | undefined, payee: CaptchaPayee, trackId: string | undefined,
): Promise<void> {
  const spend = await verifyPaymentCaptcha(deps, token, payee, trackId);
  if (spend) await spendOrRefuse(deps.db, spend);
}

/** An accepted token not yet this request's: to be spent by the payment's first write (its attempt's statement). */
export interface CaptchaSpend {
  tokenHash: string;
  merchantId: number;
  trackId: string;
}

export async function spendOrRefuse(db: Queryable, spend: CaptchaSpend): Promise<void> {
  if (!(await spendCaptchaToken(db, spend.tokenHash, spend.merchantId, spend.trackId))) throw captchaSpentError();
}


/**
 * checkPaymentCaptcha's checks without the spend: the token to spend, when there is one to spend.
 * `read`: the payee's merchant and the token's earlier use, when the caller read them already (null: no merchant).
 */
export async function verifyPaymentCaptcha(
  deps: Pick<Deps, 'db' | 'captchaRequired' | 'captcha'>, token: string | undefined, payee: CaptchaPayee, trackId: string | undefined, read?: CaptchaPayeeMerchant | null,
): Promise<CaptchaSpend | undefined> {
  const tokenHash = token === undefined ? null : captchaTokenHash(token);
  const merchant = read === undefined ? await captchaMerchantOf(deps.db, payee, tokenHash) : (read ?? undefined);
  if (token === undefined || tokenHash === null) {
    if (deps.captchaRequired === false || merchant?.captchaRequired === false) return undefined;
    throw new PaymentError('forbidden', 'error_captcha', 'captchaToken is required');
  }
  // No merchant: the payee's own check refuses the payment next, and the token is not spent on it.
  if (!merchant) return undefined;
  const sameRequest = (use: { merchantId: number; trackId: string }) => Boolean(trackId) && use.trackId === trackId && use.merchantId === merchant.id;
  if (merchant.earlierUse) {
    if (sameRequest(merchant.earlierUse)) return undefined;
    throw captchaSpentError();
  }
  let verdict: CaptchaVerdict;
  try {
    verdict = await (deps.captcha ?? fallbackVerifier).verify({ token, merchantId: String(merchant.id) });
  } catch {
    throw new PaymentError('forbidden', 'error_captcha', 'the captcha service did not answer');
  }
  if (verdict.madeFor !== null && verdict.madeFor !== String(merchant.id)) {
    throw new PaymentError('forbidden', 'error_captcha', 'captchaToken was made for another merchant');
  }
  const refusal = captchaRefusalKey({ valid: verdict.valid, score: verdict.score });
  if (refusal) throw new PaymentError('forbidden', refusal);
  return { tokenHash, merchantId: merchant.id, trackId: trackId ?? '' };
}
