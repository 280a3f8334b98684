import type { OverallResult } from './notification';

export interface LinkSubscription {
  plan: string | null;
  subscriptionKey: string | null;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

function fromRecord(get: (key: string) => unknown): LinkSubscription {
  return {
    plan: text(get('plan') ?? get('idPlan') ?? get('planId')),
    subscriptionKey: text(get('subscriptionKey') ?? get('subscription_key') ?? get('subscription')),
  };
}

export function decodeSubscription(additionalParamsUrlString: string | null | undefined): LinkSubscription | null {
  const raw = (additionalParamsUrlString ?? '').trim();
  if (!/subscription/i.test(raw)) return null;
  let result: LinkSubscription;
  if (raw.startsWith('{')) {
    try {
      const obj = JSON.parse(raw) as unknown;
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
      const record = obj as Record<string, unknown>;
      const nested = record.subscription;
      const source = nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : record;
      result = fromRecord((k) => (k === 'subscription' && source === record && typeof nested === 'object' ? undefined : source[k]));
    } catch {
      return null;
    }
  } else {
    const params = new URLSearchParams(raw.replace(/^[?&]/, ''));
    result = fromRecord((k) => params.get(k) ?? undefined);
  }
  return result.plan === null && result.subscriptionKey === null ? null : result;
}

/**
 * Only an approved first payment activates the subscription: one still waiting (-1, a 3-D Secure
 * challenge or a processor deciding) activates it when approved, and one declined or failing its
 * challenge leaves it pending, so no card is kept for renewals that never paid.
 */
export function subscriptionActivatedBy(result: OverallResult): boolean {
  return result === 'APPROVED';
}

export function subscriptionReceiptRoute(applyNow: boolean, chargeCodOper: string | null | undefined): string | null {
  return applyNow && chargeCodOper ? `/pf/default-receipt/${encodeURIComponent(chargeCodOper)}` : null;
}

export function activatesSubscription(method: string): boolean {
  return method !== 'balance' && method !== 'pfw';
}

/** An active one (status 1) is neither offered nor paid again. */
export function isSubscriptionActive(status: number): boolean {
  return status === 1;
}

/**
 * A subscription's status (migration 189): pending (0, never paid), active (1, its card charged when
 * due), cancelled (2, by its merchant: ended for good, never charged nor paid again).
 */
export const SUBSCRIPTION_STATUS = { pending: 0, active: 1, cancelled: 2 } as const;
export type SubscriptionStatusName = keyof typeof SUBSCRIPTION_STATUS;

/** docs/merchant-api.md "Subscriptions": the status as the merchant reads it. */
export function subscriptionStatusName(status: number): SubscriptionStatusName {
  if (status === SUBSCRIPTION_STATUS.active) return 'active';
  if (status === SUBSCRIPTION_STATUS.cancelled) return 'cancelled';
  return 'pending';
}

/** Cancelled: its checkout takes no payment and no renewal falls due. */
export function isSubscriptionCancelled(status: number): boolean {
  return status === SUBSCRIPTION_STATUS.cancelled;
}

/** Without chargeNow the card is only validated; the first charge comes on the next charge date. */
export function activationChargeCents(plan: { amountCents: number; chargeNow: boolean }): number {
  return plan.chargeNow ? plan.amountCents : 0;
}
