import type { CaptchaVerifier, Gateways, SandboxControls } from '@pasarela/gateways';
import type { Database } from './db/Database';
import type { CardVault } from './gateways/cardVault';
import type { ProcessorNames } from './gateways/processors';
import type { Logger } from './ops/logger';
import type { OperationCounts } from './ops/metrics';

export interface Deps {
  db: Database;
  gateways: Gateways;
  /** Absent with real gateways. */
  sandbox: SandboxControls | undefined;
  /** The card vault: a card's facts and fingerprint by its token; the server never holds a card number. */
  cardVault: CardVault;
  /** VAULT_PUBLIC_URL: where payers' browsers load the vault's card fields from (a frame's origin). */
  vaultPublicUrl?: string | undefined;
  /** Else taken from each request. */
  publicOrigin: string | undefined;
  payerWindows: PayerWindows;
  /** The processor behind each port, recorded on each attempt; absent: attempts record none (any node settles them). */
  processors?: ProcessorNames | undefined;
  /** False when PAYMENT_CAPTCHA=0. */
  captchaRequired?: boolean | undefined;
  /** WEBHOOK_ALLOW_PRIVATE, the deployment's: webhook URLs may reach loopback and private addresses. */
  allowPrivateWebhooks?: boolean | undefined;
  /** SESSION_TTL_MS: how long a wallet login lasts; absent, auth/sessions.ts's default. */
  sessionTtlMs?: number | undefined;
  /** HOLD_RELEASE_AFTER_MS: how long a manual payment's hold waits to be captured before the reconciler releases it. */
  holdReleaseAfterMs?: number | undefined;
  /** The captcha port: a provider's service (GATEWAYS_MODULE's captcha) or the sandbox's verdict. */
  captcha?: CaptchaVerifier | undefined;
  /** The node's /metrics counters of refunds, payouts and disputes; absent, nothing is counted. */
  metrics?: OperationCounts | undefined;
  /** Warnings of work done off a request's path (a CVC's drop at the vault); absent, none are written. */
  logger?: Logger | undefined;
}

/** Six days: card processors let an uncaptured authorization lapse after about seven. */
export const DEFAULT_HOLD_RELEASE_AFTER_MS = 6 * 86_400_000;

export interface PayerWindows {
  nequiMs: number;
  yappyMs: number;
}

export function originOf(deps: Deps, requestUrl: string): string {
  return deps.publicOrigin ?? new URL(requestUrl).origin;
}
