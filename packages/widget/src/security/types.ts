import type { Language } from '@pasarela/core';

// The seams a real provider plugs into: the flows only see these two interfaces and core's PaymentSecurity.

export interface CaptchaRenderOptions {
  siteKey: string;
  lang: Language;
  onToken(token: string): void;
  onExpired(): void;
}

export interface CaptchaProvider {
  render(container: HTMLElement, options: CaptchaRenderOptions): () => void;
  /** reCAPTCHA's invisible `execute`: the server still verifies a token where SPEC 4 accepts without a tick. */
  execute(siteKey: string): Promise<string>;
}

export interface FingerprintIds {
  visitorId: string;
  requestId: string;
}

export interface FingerprintProvider {
  identify(publicKey: string): Promise<FingerprintIds>;
}
