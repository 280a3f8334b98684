import type { Language, captchaRefusalKey } from '@pasarela/core';

// The seams a real provider plugs into: the flows only see these two interfaces and core's PaymentSecurity.

export interface CaptchaRenderOptions {
  siteKey: string;
  lang: Language;
  /**
   * The merchant being paid, which the token names so the server refuses it for another merchant's payment
   * (docs/api.md "Captcha"): the sandbox appends `@<merchantId>`, a real adapter puts it in reCAPTCHA's `action`
   * or Turnstile's `cData`, which the server's verifier reports back. Null when no merchant is known: a plain token.
   */
  madeFor: string | null;
  /**
   * Hands the token over; resolves with the captcha service's refusal of it (every payment carrying it is
   * refused), null when it passes or the service did not answer, so the box never says "verified" of a refused token.
   */
  onToken(token: string): Promise<CaptchaRefusal | null>;
  onExpired(): void;
}

/** Why the captcha service refuses a token: SPEC 8's error_captcha (not a person) or invalid_score_captcha (a low score). */
export type CaptchaRefusal = NonNullable<ReturnType<typeof captchaRefusalKey>>;

export interface CaptchaProvider {
  render(container: HTMLElement, options: CaptchaRenderOptions): () => void;
  /** reCAPTCHA's invisible `execute`: the server still verifies a token where SPEC 4 accepts without a tick. */
  execute(siteKey: string, madeFor: string | null): Promise<string>;
}

export interface FingerprintIds {
  visitorId: string;
  requestId: string;
}

export interface FingerprintProvider {
  identify(publicKey: string): Promise<FingerprintIds>;
}
