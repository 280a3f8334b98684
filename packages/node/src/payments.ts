import {
  PaymentLinkPageSchema, PaymentLinkSchema, RefundResultSchema, TransactionPageSchema, TransactionSchema,
  type Open, type PaymentLink, type RefundResult, type Transaction,
} from './answers';
import { segment, type Http, type ListParams, type PostOptions } from './http';
import type { PagePromise } from './pagePromise';

export interface CreatePaymentLinkParams {
  /** The price, above 0, at most two decimals. */
  amount: number;
  taxAmount?: number;
  /** 1 to 200 characters: what the payer pays for, in any language `descriptions` does not give. */
  description: string;
  /** The description in each language you write it in; a payer whose checkout is in that language reads it. */
  descriptions?: { es?: string; en?: string };
  /** Your own id for the order, unique among your links. */
  orderReference?: string;
  /** Up to 20 of your own strings (keys up to 40 characters, values up to 500). */
  metadata?: Record<string, string>;
  /** When it stops taking payments (RFC 3339 with an offset, or a Date). */
  expiresAt?: string | Date;
  singleUse?: boolean;
  brands?: Array<'VISA' | 'MC' | 'AMEX'>;
  methods?: Array<'CARD' | 'NEQUI' | 'YAPPY' | 'CASH' | 'PAYCASH' | 'PC' | 'CLAVE' | 'CRYPTO'>;
  returnUrl?: string;
  /** manual: card payments are only held until you capture (`transactions.capture`) or void them (default automatic). */
  captureMethod?: 'automatic' | 'manual';
  /** What the checkout asks the payer besides the card (docs/merchant-api.md "Payment links"); the answers come with the payment's `customFields`. */
  customFields?: CustomFieldParams[];
}

/** One of a link's custom fields: an id unique among them (CF is put in front) and a type; a label unless hidden, a value when hidden, choices for options. */
export interface CustomFieldParams {
  id: string;
  type: 'string' | 'number' | 'email' | 'phone' | 'options' | 'hidden';
  nameOrLabel?: string;
  description?: string;
  value?: string | number;
  required?: boolean;
  options?: string[];
}

/** What changed since you last looked, whenever it was created (docs/webhooks.md "Recovering lost webhooks"). */
export interface ChangedParams {
  /** Changed at or after. */
  updatedFrom?: string | Date;
  /** Changed before. */
  updatedTo?: string | Date;
}

export interface ListPaymentLinksParams extends ListParams, ChangedParams {
  state?: Open<'open' | 'paid' | 'expired'>;
  orderReference?: string;
}

export interface ListTransactionsParams extends ListParams, ChangedParams {
  linkCode?: string;
  /** The one payment the checkout sent with this idempotency key: `result.lookup.trackId` of an `unknown` result. */
  trackId?: string;
  /** Only those of this order's link, a payment still waiting on the payer included (result PENDING). */
  orderReference?: string;
  method?: Open<'card' | 'balance' | 'nequi' | 'yappy' | 'cash' | 'clave' | 'crypto'>;
  result?: Open<'APPROVED' | 'PENDING' | 'DECLINED'>;
}

export interface RefundParams {
  /** What to give back; absent: all that remains. */
  amount?: number;
}

export interface CaptureParams {
  /** What to take, at most the hold; absent: all of it. The rest is released. */
  amount?: number;
}

export interface PaymentLinks {
  /** Makes a link (POST /payment-links); a retry never makes a second one (same Idempotency-Key). */
  create(params: CreatePaymentLinkParams, options?: PostOptions): Promise<PaymentLink>;
  /** One of your links by its code. */
  retrieve(code: string): Promise<PaymentLink>;
  /** Your links, newest first: await one page, or `for await` over every link of every page. */
  list(params?: ListPaymentLinksParams): PagePromise<PaymentLink>;
  /** Expires an open link now, so it takes no more payments. */
  expire(code: string, options?: PostOptions): Promise<PaymentLink>;
}

export interface Transactions {
  /** The verify call: what Pasarela knows of one of your transactions, with its refunds. */
  retrieve(codOper: string): Promise<Transaction>;
  /** Your transactions, newest first: await one page, or `for await` over every transaction of every page. */
  list(params?: ListTransactionsParams): PagePromise<Transaction>;
  /** Refunds an approved payment, all that remains or `amount`; safe to retry (same Idempotency-Key). */
  refund(codOper: string, params?: RefundParams, options?: PostOptions): Promise<RefundResult>;
  /** Takes a manual payment's hold, all of it or `amount`, once; the rest is released. Safe to retry (same Idempotency-Key). */
  capture(codOper: string, params?: CaptureParams, options?: PostOptions): Promise<Transaction>;
  /** Calls off a payment that is still pending, or releases a hold not captured; safe to retry (same Idempotency-Key). */
  void(codOper: string, options?: PostOptions): Promise<Transaction>;
}

const expiresAtText = (params: CreatePaymentLinkParams) =>
  params.expiresAt instanceof Date ? { ...params, expiresAt: params.expiresAt.toISOString() } : params;

export const paymentLinks = (http: Http): PaymentLinks => ({
  create: (params, options) => http.call('POST', '/payment-links', PaymentLinkSchema, expiresAtText(params), options),
  retrieve: (code) => http.call('GET', `/payment-links/${segment(code)}`, PaymentLinkSchema),
  list: (params = {}) => http.list('/payment-links', params, PaymentLinkPageSchema),
  expire: (code, options) => http.call('POST', `/payment-links/${segment(code)}/expire`, PaymentLinkSchema, {}, options),
});

export const transactions = (http: Http): Transactions => ({
  retrieve: (codOper) => http.call('GET', `/transactions/${segment(codOper)}`, TransactionSchema),
  list: (params = {}) => http.list('/transactions', params, TransactionPageSchema),
  refund: (codOper, params = {}, options) => http.call('POST', `/transactions/${segment(codOper)}/refunds`, RefundResultSchema, params, options),
  capture: (codOper, params = {}, options) => http.call('POST', `/transactions/${segment(codOper)}/capture`, TransactionSchema, params, options),
  void: (codOper, options) => http.call('POST', `/transactions/${segment(codOper)}/void`, TransactionSchema, {}, options),
});
