import * as v from 'valibot';
import { isPasarelaError, PAYMENT_METHOD_IDS, waitingOfParams, waitingPaymentCall, type PaymentMethodId, type WaitingPayment } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { ParentBridge } from '../embed/parentBridge';
import { PENDING_PARAM } from './pendingAddress';

/** The server's word on a remembered payment (GET payments/waiting/:codOper). */
const WaitingAnswerSchema = v.object({
  method: v.picklist(PAYMENT_METHOD_IDS),
  codOper: v.string(),
  state: v.picklist(['waiting', 'paid', 'over']),
  total: v.number(),
  merchant: v.number(),
  link: v.string(),
  expiresAt: v.nullable(v.string()),
});

/** A payment of this merchant on another link, as the server says it stands: still waiting, or paid while the checkout was closed. */
export interface FoundElsewhere {
  payment: WaitingPayment;
  state: 'waiting' | 'paid';
  /** What it charges (amount plus tax), from the server. */
  total: number;
  /** It pays this very link (an order's link opened again, maybe in another browser), not another. */
  here?: boolean;
  /** The wallet phone it was sent to, its last four digits only (****3333). */
  phone?: string | null;
  /** A card payment's 3DS challenge page, to open again (this link's own wait only). */
  challengeUrl?: string | null;
}

/** Methods whose wait the payer can call off (their existing cancel call): nothing can be approved after it. */
const CALL_OFF: Partial<Record<PaymentMethodId, (codOper: string) => string>> = {
  // A 3DS challenge left for another way: the server calls it off and voids it at the processor.
  card: (codOper) => `cards/payments/${encodeURIComponent(codOper)}/abandon`,
  nequi: (codOper) => `nequi/payments/${encodeURIComponent(codOper)}/cancel`,
  yappy: (codOper) => `yappy/payments/${encodeURIComponent(codOper)}/cancel`,
};

export const canCallOff = (method: PaymentMethodId): boolean => CALL_OFF[method] !== undefined;

/** The loader's list (`?waiting=`), each checked as core's WaitingPayment; empty when none or malformed. */
export function waitingFromAddress(url: URL): WaitingPayment[] {
  return waitingOfParams(url.searchParams);
}

/** Tells the loader to forget a payment of another link: it ended, or the payer left it. */
export function forgetElsewhere(bridge: ParentBridge, payment: WaitingPayment): void {
  bridge.notify({ type: 'pending', attempt: null, merchant: payment.merchant, link: payment.link });
}

async function standing(api: ApiClient, payment: WaitingPayment) {
  // The call the server may have answered inside the page (core waitingCalls): the first screen is rendered there too.
  const answer = await api.get(waitingPaymentCall(payment.codOper).path, WaitingAnswerSchema);
  // Only what the server says is this merchant's payment of that link counts.
  return answer.merchant === payment.merchant && answer.link === payment.link && answer.method === payment.method ? answer : null;
}

/**
 * The newest payment the loader remembers for this merchant on another link that the server says
 * still waits, or was paid while the checkout was closed; null when none. One that ended otherwise
 * (expired, declined, called off), or is not what it claims, is forgotten without a word. A paid one
 * is shown once: the loader forgets it too. Unknown (the server out of reach): null, nothing forgotten.
 */
export async function findWaitingElsewhere(api: ApiClient, bridge: ParentBridge, url: URL, merchant: number, code: string): Promise<FoundElsewhere | null> {
  for (const payment of waitingFromAddress(url).filter((w) => w.merchant === merchant && w.link !== code)) {
    let answer;
    try {
      answer = await standing(api, payment);
    } catch {
      return null;
    }
    if (answer?.state !== 'waiting') forgetElsewhere(bridge, payment);
    if (answer && answer.state !== 'over') return { payment, state: answer.state, total: answer.total };
  }
  return null;
}

/**
 * Calls the payment off (its method's cancel), then asks where it stands: `over` (nothing will be
 * charged), `paid` (approved before the call-off arrived) or `waiting` (not called off). Throws
 * when the server cannot be reached.
 */
export async function callOffElsewhere(api: ApiClient, payment: WaitingPayment): Promise<'waiting' | 'paid' | 'over'> {
  const path = CALL_OFF[payment.method];
  // A call-off the server refuses (already ended) still leaves the read below to say where it stands.
  if (path) await api.post(path(payment.codOper), v.unknown(), {}).catch((error: unknown) => {
    if (isPasarelaError(error) && error.category === 'network') throw error;
  });
  return (await standing(api, payment))?.state ?? 'over';
}

/** The checkout's address for that payment's own link, carrying it, so the checkout goes back to its wait (or voucher). */
export function addressOfElsewhere(payment: WaitingPayment): string {
  const query = new URLSearchParams({ type: 'lk', code: payment.link, [PENDING_PARAM]: JSON.stringify({ method: payment.method, codOper: payment.codOper, deadline: payment.deadline }) });
  return `/pf/widget?${query}`;
}
