import * as v from 'valibot';
import { CoinsReceivedSchema, isPasarelaError, PAYMENT_METHOD_IDS, WAITING_ENDS, waitingOfParams, waitingPaymentCall, type PaymentMethodId, type WaitingPayment } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { ParentBridge } from '../services/services';
import { PENDING_PARAM } from './pendingAddress';

const WaitingAnswerSchema = v.object({
  method: v.picklist(PAYMENT_METHOD_IDS),
  codOper: v.string(),
  state: v.picklist(['waiting', 'paid', 'over']),
  /** Why it stopped waiting unpaid; a server from before says nothing. */
  ended: v.optional(v.nullable(v.picklist(WAITING_ENDS)), null),
  total: v.number(),
  merchant: v.number(),
  link: v.string(),
  expiresAt: v.nullable(v.string()),
  /** A crypto payment's coins already received, which calling it off sends back. */
  received: v.optional(v.nullable(CoinsReceivedSchema), null),
});

export interface FoundElsewhere {
  payment: WaitingPayment;
  state: 'waiting' | 'paid';
  total: number;
  /** This very link (an order's link opened again, maybe in another browser), not another. */
  here?: boolean;
  phone?: string | null;
  challengeUrl?: string | null;
}

/** Nothing can be approved after their cancel call. */
const CALL_OFF: Partial<Record<PaymentMethodId, (codOper: string) => string>> = {
  // A 3DS challenge left for another way: the server calls it off and voids it at the processor.
  card: (codOper) => `cards/payments/${encodeURIComponent(codOper)}/abandon`,
  nequi: (codOper) => `nequi/payments/${encodeURIComponent(codOper)}/cancel`,
  yappy: (codOper) => `yappy/payments/${encodeURIComponent(codOper)}/cancel`,
};

export const canCallOff = (method: PaymentMethodId): boolean => CALL_OFF[method] !== undefined;

export function waitingFromAddress(url: URL): WaitingPayment[] {
  return waitingOfParams(url.searchParams);
}

export function forgetElsewhere(bridge: ParentBridge, payment: WaitingPayment): void {
  bridge.notify({ type: 'pending', attempt: null, merchant: payment.merchant, link: payment.link });
}

export type Standing = v.InferOutput<typeof WaitingAnswerSchema>;

/** Null when the server's answer is not this merchant's payment of that link. */
export async function standing(api: ApiClient, payment: WaitingPayment): Promise<Standing | null> {
  // The call the server may have answered inside the page (core waitingCalls): the first screen is rendered there too.
  const answer = await api.get(waitingPaymentCall(payment.codOper).path, WaitingAnswerSchema);
  // Only what the server says is this merchant's payment of that link counts.
  return answer.merchant === payment.merchant && answer.link === payment.link && answer.method === payment.method ? answer : null;
}

/** One that ended otherwise is forgotten without a word; a paid one is shown once; unknown: null, nothing forgotten. */
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

/** Throws when the server cannot be reached. */
export async function callOffElsewhere(api: ApiClient, payment: WaitingPayment): Promise<'waiting' | 'paid' | 'over'> {
  const path = CALL_OFF[payment.method];
  // A call-off the server refuses (already ended) still leaves the read below to say where it stands.
  if (path) await api.post(path(payment.codOper), v.unknown(), {}).catch((error: unknown) => {
    if (isPasarelaError(error) && error.category === 'network') throw error;
  });
  return (await standing(api, payment))?.state ?? 'over';
}

/** This very link's address naming its waiting payment: the checkout's form follows it, as after a reload. */
export function addressGoingOn(current: URL, payment: WaitingPayment): string {
  const next = new URL(current.href);
  next.searchParams.set(PENDING_PARAM, JSON.stringify({ method: payment.method, codOper: payment.codOper, deadline: payment.deadline }));
  return next.pathname + next.search;
}

export function addressOfElsewhere(payment: WaitingPayment): string {
  const query = new URLSearchParams({ type: 'lk', code: payment.link, [PENDING_PARAM]: JSON.stringify({ method: payment.method, codOper: payment.codOper, deadline: payment.deadline }) });
  return `/pf/widget?${query}`;
}
