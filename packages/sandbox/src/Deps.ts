import type { Gateways, SandboxControls } from '@pasarela/gateways';
import type { Database } from './db/Database';
import type { OperationCounts } from './ops/metrics';

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
  /** WEBHOOK_ALLOW_PRIVATE, the deployment's: webhook URLs may reach loopback and private addresses. */
  allowPrivateWebhooks?: boolean | undefined;
  /** The node's /metrics counters of refunds, payouts and disputes; absent, nothing is counted. */
  metrics?: OperationCounts | undefined;
}

export interface PayerWindows {
  nequiMs: number;
  yappyMs: number;
}

export function originOf(deps: Deps, requestUrl: string): string {
  return deps.publicOrigin ?? new URL(requestUrl).origin;
}
