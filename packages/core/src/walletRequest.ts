import { amountToCents } from './money';

/**
 * A wallet payment request (SPEC 7 "send activities"): one wallet user e-mails another a request
 * for money, which the recipient pays from their balance to the requester's.
 */

/** The most one request asks: SPEC gives no figure (docs/wallet.md records ours). */
const WALLET_REQUEST_MAX = 1_000_000;

/**
 * Why a request's amount is refused, or null. SPEC 8 "invalid_amount | Invalid amount" and
 * "greater_than_zero | Amount must be above 0 to pay"; SPEC 9 "Two-digit rounding for amounts":
 * compared in cents, so 1,000,000.00 is allowed and 1,000,000.01 is not.
 */
export function walletRequestAmountRefusal(amount: number): 'greater_than_zero' | 'invalid_amount' | 'wallet_request_amount_too_large' | null {
  if (!Number.isFinite(amount)) return 'invalid_amount';
  const cents = amountToCents(amount);
  if (cents / 100 !== amount) return 'invalid_amount';
  if (cents <= 0) return 'greater_than_zero';
  return cents > WALLET_REQUEST_MAX * 100 ? 'wallet_request_amount_too_large' : null;
}

/**
 * SPEC 3 "Wallet/balance: -1 pending, 0 declined, 1/2/3 approved": a request waits (-1) until its
 * recipient pays it (1) or it is called off (0) by its requester or declined by its recipient.
 */
export const WALLET_REQUEST_STATUS = { pending: -1, declined: 0, paid: 1 } as const;

export type WalletRequestAction = 'pay' | 'cancel';
export type WalletRequestActor = 'requester' | 'recipient' | 'other';

/** The refusal of an action on a request, or null: who may do what, and only while it waits. */
export function walletRequestActionRefusal(status: number, actor: WalletRequestActor, action: WalletRequestAction):
  'payment_request_not_found' | 'payment_request_to_self' | 'request_already_paid' | 'payment_request_cancelled' | null {
  // Another user's request is not shown to be there at all.
  if (actor === 'other') return 'payment_request_not_found';
  // The requester cannot pay their own request: it would move money from themselves to themselves.
  if (action === 'pay' && actor === 'requester') return 'payment_request_to_self';
  if (status === WALLET_REQUEST_STATUS.paid) return 'request_already_paid';
  if (status !== WALLET_REQUEST_STATUS.pending) return 'payment_request_cancelled';
  return null;
}
