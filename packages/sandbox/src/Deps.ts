import type { Gateways, SandboxControls } from '@pasarela/gateways';
import type { Database } from './db/Database';
import type { ProcessorNames } from './gateways/processors';

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
  /** The processor behind each port, recorded on each attempt; absent: attempts record none (any node settles them). */
  processors?: ProcessorNames | undefined;
  /** False when PAYMENT_CAPTCHA=0. */
  captchaRequired?: boolean | undefined;
}

export interface PayerWindows {
  nequiMs: number;
  yappyMs: number;
}

export function originOf(deps: Deps, requestUrl: string): string {
  return deps.publicOrigin ?? new URL(requestUrl).origin;
}
