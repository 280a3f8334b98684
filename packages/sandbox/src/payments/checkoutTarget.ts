import type { CheckoutType } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { findPlan, findStation, findSubscription, type PlanRow, type StationRow, type SubscriptionRow } from '../store/catalog';
import { findEmailPayment, type EmailPaymentRow } from '../store/emailPayments';
import { findLinkInAnyCase } from '../store/findLinkInAnyCase';
import { findLinkByCode, findLinkBySlug, findLinkBySlugAndCode, type LinkRow } from '../store/links';
import { findMerchant, type MerchantRow } from '../store/merchants';

/** What a checkout page loads: a link, station or subscription (SPEC 2's widget types), or an e-mailed payment request by its token. */
export interface CheckoutTarget {
  type: CheckoutType | 'emailPayment';
  code: string;
}

export type FoundTarget =
  | { kind: 'link'; merchantId: number; link: LinkRow }
  | { kind: 'station'; merchantId: number; station: StationRow }
  | { kind: 'subscription'; merchantId: number | undefined; subscription: SubscriptionRow; plan: PlanRow | undefined }
  | { kind: 'emailPayment'; merchantId: number | undefined; request: EmailPaymentRow; link: LinkRow | undefined };

async function findLinkOf(db: Queryable, type: 'lk' | 'slug' | 'slugCode', code: string): Promise<LinkRow | undefined> {
  if (type === 'slug') return findLinkBySlug(db, code);
  if (type === 'slugCode') {
    const [slug, linkCode, ...rest] = code.split('/');
    if (!slug || !linkCode || rest.length > 0) return undefined;
    return findLinkBySlugAndCode(db, slug, linkCode);
  }
  return findLinkInAnyCase(code, (c) => findLinkByCode(db, c));
}

/**
 * The one look-up of what a checkout page shows: the API calls that load the page's data and the
 * page's framing policy (routes/pages/widgetMerchant.ts) both ask it, so they never disagree on
 * whose checkout a code opens.
 */
export async function findCheckoutTarget(db: Queryable, target: CheckoutTarget): Promise<FoundTarget | undefined> {
  const { type, code } = target;
  if (code === '' || code.length > 200) return undefined;
  if (type === 'ps') {
    const station = await findStation(db, code);
    return station && { kind: 'station', merchantId: station.merchant_id, station };
  }
  if (type === 'subs') {
    const subscription = await findSubscription(db, code);
    const plan = subscription && (await findPlan(db, subscription.plan_id));
    return subscription && { kind: 'subscription', merchantId: plan?.merchant_id, subscription, plan };
  }
  if (type === 'emailPayment') {
    const request = await findEmailPayment(db, code);
    const link = request && (await findLinkByCode(db, request.data.code));
    return request && { kind: 'emailPayment', merchantId: link?.merchant_id, request, link };
  }
  const link = await findLinkOf(db, type, code);
  return link && { kind: 'link', merchantId: link.merchant_id, link };
}

/** The merchant whose checkout the target opens, or none: then the page shows nothing of a merchant. */
export async function merchantOfCheckoutTarget(db: Queryable, target: CheckoutTarget): Promise<MerchantRow | undefined> {
  const found = await findCheckoutTarget(db, target);
  return found?.merchantId === undefined ? undefined : findMerchant(db, found.merchantId);
}

/** A link target's link (lk, slug or slugCode), as the checkout loads it. */
export async function findLinkOfTarget(db: Queryable, target: CheckoutTarget): Promise<LinkRow | undefined> {
  const found = await findCheckoutTarget(db, target);
  return found?.kind === 'link' ? found.link : undefined;
}
