import type { CaptchaVerifier, Gateways, SandboxControls } from '@pasarela/gateways';
import type { Database } from './db/Database';

export interface Deps {
  db: Database;
  gateways: Gateways;
  /** Absent with real gateways. */
  sandbox: SandboxControls | undefined;
  /** The same on every node. */
  cardFingerprintKey: Buffer;
  /** Else taken from each request. */
  publicOrigin: string | undefined;
  payerWindows: PayerWindows;
  /** False when PAYMENT_CAPTCHA=0. */
  captchaRequired?: boolean | undefined;
  /** The captcha port: a provider's service (GATEWAYS_MODULE's captcha) or the sandbox's verdict. */
  captcha?: CaptchaVerifier | undefined;
}

export interface PayerWindows {
  nequiMs: number;
  yappyMs: number;
}

export function originOf(deps: Deps, requestUrl: string): string {
  return deps.publicOrigin ?? new URL(requestUrl).origin;
}
