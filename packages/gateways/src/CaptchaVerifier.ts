/**
 * The captcha port: where a provider points Pasarela at its captcha service (reCAPTCHA's, hCaptcha's
 * or Turnstile's siteverify). The server asks it about a token at most once: the first payment that
 * carries a token claims it in the database and only that payment asks; any other payment with the
 * same token is refused (403 error_captcha) without asking.
 *
 * An adapter must keep the rules those services keep, because the server relies on them:
 * - a token counts once: a token the service has already verified answers `valid: false` (reCAPTCHA
 *   and hCaptcha say `timeout-or-duplicate`, Turnstile the same), never the first verdict again;
 * - a token counts only for the merchant it was made for: `madeFor` is the merchant the service says
 *   the token was made for (Turnstile's `cdata`, reCAPTCHA Enterprise's `action`, hCaptcha
 *   Enterprise's `rqdata`, as the checkout set it), and a token for another merchant is refused.
 *   `null` when the token names no merchant: the payment that claims it binds it to its own.
 */
export interface CaptchaVerifier {
  verify(request: CaptchaVerifyRequest): Promise<CaptchaVerdict>;
  /**
   * How long, in milliseconds, the service accepts a token after issuing it (reCAPTCHA and hCaptcha: 2
   * minutes; Turnstile: 5). Given, the server forgets each spent token once it has lapsed and a day has
   * passed (core captchaUseKeepMs): a token it forgot is asked about again and the service refuses it.
   * Not given, every spent token is kept for good, as the sandbox's service, whose tokens never lapse, needs.
   */
  readonly tokenLifeMs?: number;
}

export interface CaptchaVerifyRequest {
  token: string;
  /** The merchant of the payment that carries the token (its id, in decimal). */
  merchantId: string;
}

export interface CaptchaVerdict {
  valid: boolean;
  /** 0 (a bot) to 1 (a person); null when the service gives no score (a checkbox). */
  score: number | null;
  /** The merchant the token was made for, as the service reports it; null when it names none. */
  madeFor: string | null;
}
