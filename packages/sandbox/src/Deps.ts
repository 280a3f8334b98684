import type { Gateways, SandboxControls } from '@pasarela/gateways';
import type { Database } from './db/Database';

/** What every route module is built from. */
export interface Deps {
  db: Database;
  /** Every gateway, each through its port (gateways/): the sandbox's simulated ones unless wired otherwise. */
  gateways: Gateways;
  /** The simulated gateways' controls (the payer's phone, the kiosk, the chain, the issuer's and bank's pages); absent with real gateways. */
  sandbox: SandboxControls | undefined;
  /** Key of the card fingerprint (HMAC), the same on every node (payments/cardFingerprintKey.ts). */
  cardFingerprintKey: Buffer;
  /** The checkout origin as payers reach it, for absolute URLs; else taken from each request. */
  publicOrigin: string | undefined;
  /** How long a payer has to answer in the Nequi or Yappy app before the payment times out. */
  payerWindows: PayerWindows;
  /** False when PAYMENT_CAPTCHA=0 lets payments through without a captcha token (payments/captchaVerdict.ts). */
  captchaRequired?: boolean | undefined;
}

export interface PayerWindows {
  nequiMs: number;
  yappyMs: number;
}

/** The absolute origin to put in URLs the server hands out. */
export function originOf(deps: Deps, requestUrl: string): string {
  return deps.publicOrigin ?? new URL(requestUrl).origin;
}
