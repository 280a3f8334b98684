import * as v from 'valibot';
import type { Language } from './constants';
import { PendingSubscriptionSchema, stationPaymentInfo, subscriptionPaymentInfo } from './checkoutTargets';
import { parsePaymentInfo, type PaymentInfo } from './paymentInfo';
import { PaymentStationSchema } from './paymentLink';
import { isWaitingPayment, WAITING_PARAM, type WaitingPayment } from './messages';

// The checkout's first screen: which address opens which checkout (SPEC 2), and the GET calls that
// screen makes (SPEC 7), named once. The widget makes these calls; the server may answer them ahead,
// inside the widget page ("primed answers"), so the first screen waits for no round trip.

/** SPEC 2 "Widget payment types: lk (link), slug, slugCode, subs (subscription), ps (payment station)". */
export type CheckoutType = 'lk' | 'slug' | 'slugCode' | 'subs' | 'ps';

/** One path segment of a code or slug. */
export const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,127}$/;
/** First path segments owned by the server or by SPEC's fixed routes, never a merchant slug. */
const RESERVED = new Set(['pf', 'api', 'sdk', 'widget', 'images', 'sandbox', 'stationPayment', '404', 'receive']);

export function isSlug(segment: string | undefined): segment is string {
  return segment !== undefined && SEGMENT.test(segment) && !RESERVED.has(segment);
}

/**
 * SPEC 2 `/pf/widget?type=...&code=...`: the checkout the query names, or null (SPEC 2: a missing or
 * bad code or type goes to /404). slugCode takes `code=slug/code` or `slug=...&code=...`.
 */
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

/** A GET call of the API, relative to its base (`/api/v1`). */
export interface ApiCall {
  path: string;
  query: Record<string, string | number>;
}

/** The same call whatever the order of its query: how a primed answer is matched to a call. */
export function apiCallKey(path: string, query: Readonly<Record<string, string | number>> = {}): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, value]) => [k, String(value)]));
  params.sort();
  const search = params.toString();
  return path.replace(/^\/+/, '') + (search ? `?${search}` : '');
}

export const CATALOG_VERSION_CALL: ApiCall = { path: 'translations/version', query: {} };

/** SPEC 7 "GET translation catalog" for the widget group in one language. */
export function catalogCall(lang: Language): ApiCall {
  return { path: 'translations', query: { lang, group: 'widget' } };
}

/** What the checkout pays, by type: a link's payment info, a station, or a pending subscription (SPEC 7). */
export function checkoutTargetCall(type: CheckoutType, code: string): ApiCall {
  if (type === 'ps') return { path: `stations/${encodeURIComponent(code)}`, query: {} };
  if (type === 'subs') return { path: `subscriptions/${encodeURIComponent(code)}`, query: {} };
  return { path: 'payment-info', query: { code, type } };
}

/** The payment info in the answer to checkoutTargetCall; throws on an answer of the wrong shape. */
export function checkoutTargetInfo(type: CheckoutType, data: unknown): PaymentInfo {
  if (type === 'ps') return stationPaymentInfo(v.parse(PaymentStationSchema, data));
  if (type === 'subs') return subscriptionPaymentInfo(v.parse(PendingSubscriptionSchema, data));
  return parsePaymentInfo(data);
}

/** SPEC 7 "GET merchant and limits (idMerchant, optional amount and serviceCode)". */
export function merchantCall(info: Pick<PaymentInfo, 'idMerchant' | 'amount' | 'serviceCode'>): ApiCall {
  const query: Record<string, string | number> = { amount: info.amount };
  if (info.serviceCode !== '') query.serviceCode = info.serviceCode;
  return { path: `merchants/${encodeURIComponent(String(info.idMerchant))}`, query };
}

/** SPEC 7 "GET merchant services". */
export function paymentMethodsCall(idMerchant: number): ApiCall {
  return { path: `merchants/${encodeURIComponent(String(idMerchant))}/payment-methods`, query: {} };
}

/** SPEC 7 "GET merchant campaign bridge". */
export function campaignBridgesCall(idMerchant: number): ApiCall {
  return { path: `merchants/${encodeURIComponent(String(idMerchant))}/campaign-bridges`, query: {} };
}

/**
 * The calls the checkout's first screen makes once it knows the payment info: merchant, methods and,
 * except for a subscription (whose charges carry no donation), the campaign bridges.
 */
export function merchantCalls(type: CheckoutType, info: PaymentInfo): ApiCall[] {
  const calls = [merchantCall(info), paymentMethodsCall(info.idMerchant)];
  if (type !== 'subs') calls.push(campaignBridgesCall(info.idMerchant));
  return calls;
}

/** Where a payment the loader remembers stands (GET payments/waiting/:codOper). */
export function waitingPaymentCall(codOper: string): ApiCall {
  return { path: `payments/waiting/${encodeURIComponent(codOper)}`, query: {} };
}

/** The loader's list of payments waiting on other targets (`?waiting=`), each core's WaitingPayment; empty when none or malformed. */
export function waitingOfParams(params: URLSearchParams): WaitingPayment[] {
  try {
    const list: unknown = JSON.parse(params.get(WAITING_PARAM) ?? '[]');
    return Array.isArray(list) ? list.filter(isWaitingPayment) : [];
  } catch {
    return [];
  }
}

/** The payment of link `code` still waiting, by the server's record, whichever browser started it (GET payments/pending). */
export function pendingAttemptCall(code: string): ApiCall {
  return { path: 'payments/pending', query: { code } };
}

/**
 * The look-ups the checkout of link `code` makes before its first screen (without `?pending=`, which
 * goes on with its own): where each payment of its merchant the loader handed over from other links
 * (`?waiting=`) stands, in the loader's order, then the payment of this very link still waiting by
 * the server's record. None for a subscription.
 */
export function waitingCalls(params: URLSearchParams, info: Pick<PaymentInfo, 'idMerchant' | 'code' | 'subscription'>): ApiCall[] {
  if (params.has('pending') || info.subscription) return [];
  const elsewhere = waitingOfParams(params).filter((w) => w.merchant === info.idMerchant && w.link !== info.code).map((w) => waitingPaymentCall(w.codOper));
  return [...elsewhere, pendingAttemptCall(info.code)];
}

/**
 * SPEC 7 "GET system config (conditional props::GOOGLE or props::{kind})": the captcha's site key and
 * the fingerprint provider's public key, which every checkout asks for.
 */
export const SECURITY_CONFIG_CALLS: readonly ApiCall[] = [
  { path: 'system-config', query: { props: 'props::GOOGLE' } },
  { path: 'system-config', query: { props: 'props::FINGERPRINT' } },
];

/** An API answer given ahead: the call it answers, the envelope's header code and description, and its data. */
const PrimedAnswerSchema = v.object({
  key: v.string(),
  code: v.number(),
  description: v.optional(v.string(), ''),
  data: v.unknown(),
});
export type PrimedAnswer = v.InferOutput<typeof PrimedAnswerSchema>;
export const PrimedAnswersSchema = v.array(PrimedAnswerSchema);
