import * as v from 'valibot';
import type { Language } from './constants';
import { PendingSubscriptionSchema, stationPaymentInfo, subscriptionPaymentInfo } from './checkoutTargets';
import { parsePaymentInfo, type PaymentInfo } from './paymentInfo';
import { PaymentStationSchema } from './paymentLink';
import { isWaitingPayment, WAITING_PARAM, type WaitingPayment } from './messages';

// The server may answer these calls ahead, inside the widget page, so the first screen waits for no round trip.

export type CheckoutType = 'lk' | 'slug' | 'slugCode' | 'subs' | 'ps';

export const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,127}$/;
/** Owned by the server or SPEC's fixed routes, never a merchant slug. */
const RESERVED = new Set(['pf', 'api', 'sdk', 'widget', 'images', 'sandbox', 'stationPayment', '404', 'receive']);

export function isSlug(segment: string | undefined): segment is string {
  return segment !== undefined && SEGMENT.test(segment) && !RESERVED.has(segment);
}

/** slugCode takes `code=slug/code` or `slug=...&code=...`; null goes to /404 (SPEC 2). */
export function checkoutEntry(params: URLSearchParams): { type: CheckoutType; code: string } | null {
  const type = params.get('type');
  const code = params.get('code')?.trim() ?? '';
  const slug = params.get('slug')?.trim() ?? '';
  if ((type === 'lk' || type === 'subs' || type === 'ps') && SEGMENT.test(code)) return { type, code };
  if (type === 'slug') {
    const value = slug || code;
    if (isSlug(value)) return { type, code: value };
  }
  if (type === 'slugCode') {
    const [first, second, rest] = slug ? [slug, code, undefined] : code.split('/');
    if (isSlug(first) && second !== undefined && SEGMENT.test(second) && rest === undefined) return { type, code: `${first}/${second}` };
  }
  return null;
}

export interface ApiCall {
  path: string;
  query: Record<string, string | number>;
}

/** Query order ignored: how a primed answer is matched to a call. */
export function apiCallKey(path: string, query: Readonly<Record<string, string | number>> = {}): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, value]) => [k, String(value)]));
  params.sort();
  const search = params.toString();
  return path.replace(/^\/+/, '') + (search ? `?${search}` : '');
}

export const CATALOG_VERSION_CALL: ApiCall = { path: 'translations/version', query: {} };

export function catalogCall(lang: Language): ApiCall {
  return { path: 'translations', query: { lang, group: 'widget' } };
}

export function checkoutTargetCall(type: CheckoutType, code: string): ApiCall {
  if (type === 'ps') return { path: `stations/${encodeURIComponent(code)}`, query: {} };
  if (type === 'subs') return { path: `subscriptions/${encodeURIComponent(code)}`, query: {} };
  return { path: 'payment-info', query: { code, type } };
}

export function checkoutTargetInfo(type: CheckoutType, data: unknown): PaymentInfo {
  if (type === 'ps') return stationPaymentInfo(v.parse(PaymentStationSchema, data));
  if (type === 'subs') return subscriptionPaymentInfo(v.parse(PendingSubscriptionSchema, data));
  return parsePaymentInfo(data);
}

export function merchantCall(info: Pick<PaymentInfo, 'idMerchant' | 'amount' | 'serviceCode'>): ApiCall {
  const query: Record<string, string | number> = { amount: info.amount };
  if (info.serviceCode !== '') query.serviceCode = info.serviceCode;
  return { path: `merchants/${encodeURIComponent(String(info.idMerchant))}`, query };
}

export function paymentMethodsCall(idMerchant: number): ApiCall {
  return { path: `merchants/${encodeURIComponent(String(idMerchant))}/payment-methods`, query: {} };
}

export function campaignBridgesCall(idMerchant: number): ApiCall {
  return { path: `merchants/${encodeURIComponent(String(idMerchant))}/campaign-bridges`, query: {} };
}

/** A subscription's charges carry no donation: no campaign bridges. */
export function merchantCalls(type: CheckoutType, info: PaymentInfo): ApiCall[] {
  const calls = [merchantCall(info), paymentMethodsCall(info.idMerchant)];
  if (type !== 'subs') calls.push(campaignBridgesCall(info.idMerchant));
  return calls;
}

export function waitingPaymentCall(codOper: string): ApiCall {
  return { path: `payments/waiting/${encodeURIComponent(codOper)}`, query: {} };
}

export function waitingOfParams(params: URLSearchParams): WaitingPayment[] {
  try {
    const list: unknown = JSON.parse(params.get(WAITING_PARAM) ?? '[]');
    return Array.isArray(list) ? list.filter(isWaitingPayment) : [];
  } catch {
    return [];
  }
}

export function pendingAttemptCall(code: string): ApiCall {
  return { path: 'payments/pending', query: { code } };
}

/** The payments handed over from other links (`?waiting=`) in the loader's order, then this link's own by the server's record. */
export function waitingCalls(params: URLSearchParams, info: Pick<PaymentInfo, 'idMerchant' | 'code' | 'subscription'>): ApiCall[] {
  if (params.has('pending') || info.subscription) return [];
  const elsewhere = waitingOfParams(params).filter((w) => w.merchant === info.idMerchant && w.link !== info.code).map((w) => waitingPaymentCall(w.codOper));
  return [...elsewhere, pendingAttemptCall(info.code)];
}

export const SECURITY_CONFIG_CALLS: readonly ApiCall[] = [
  { path: 'system-config', query: { props: 'props::GOOGLE' } },
  { path: 'system-config', query: { props: 'props::FINGERPRINT' } },
];

const PrimedAnswerSchema = v.object({
  key: v.string(),
  code: v.number(),
  description: v.optional(v.string(), ''),
  data: v.unknown(),
});
export type PrimedAnswer = v.InferOutput<typeof PrimedAnswerSchema>;
export const PrimedAnswersSchema = v.array(PrimedAnswerSchema);
