import type { Language } from '@pasarela/core';

// The seams a real provider plugs into (reCAPTCHA, hCaptcha, Turnstile; FingerprintJS, ...): the
// checkout's flows only ever see these two interfaces and core's PaymentSecurity.

export interface CaptchaRenderOptions {
  /** SPEC 7 system config props::GOOGLE captchaSiteKey. */
  siteKey: string;
  lang: Language;
  /** The payer passed the challenge: a token for the server to verify. */
  onToken(token: string): void;
  /** The token lapsed or the payer undid the challenge. */
  onExpired(): void;
}

export interface CaptchaProvider {
  /** Draws the challenge into `container` (as a provider's script does); returns how to remove it. */
  render(container: HTMLElement, options: CaptchaRenderOptions): () => void;
  /**
   * A token without a challenge (reCAPTCHA's invisible `execute`), for a payment the payer made
   * without ticking where SPEC 4 accepts the captcha anyway: the server still verifies a token.
   */
  execute(siteKey: string): Promise<string>;
}

export interface FingerprintIds {
  /** The device's id (SPEC 3 deviceInformation.deviceFingerprint). */
  visitorId: string;
  /** This identification's id (SPEC 3 pfFingerprint). */
  requestId: string;
}

export interface FingerprintProvider {
  /** SPEC 7 system config props::FINGERPRINT publicKey. */
  identify(publicKey: string): Promise<FingerprintIds>;
}
