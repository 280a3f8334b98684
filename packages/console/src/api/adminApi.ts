import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import type { TextPerLanguage } from '@pasarela/core';
import {
  AnySchema, BrandSchema, ErrorSchema, LinkListSchema, MailboxSchema, MerchantListSchema, NewCampaignAnswerSchema, NewLinkAnswerSchema, NewMerchantAnswerSchema,
  NewPlanAnswerSchema, NewStationAnswerSchema, RefundAnswerSchema, NewSubscriptionAnswerSchema, NewUserAnswerSchema, StatementSchema, TransactionListSchema, WebhookListSchema,
  type Outcome, BalanceSchema, DisputePageSchema, DisputeSchema, PayoutPageSchema, PayoutRunSchema, SubscriptionPageSchema, SubscriptionSchema,
} from './schemas';

/** An admin call that answered an error: its `{ code, message }`, or the network's failure. */
export class AdminError extends Error {
  /** The language the message was asked in (Accept-Language): the console may show another by now. */
  readonly lang: string | null;
  constructor(readonly code: string, message: string, readonly status: number, lang?: string) {
    super(message);
    this.name = 'AdminError';
    this.lang = lang ?? null;
  }
}

export interface TransactionFilters {
  code: string;
  method: string;
  outcome: Outcome | '';
}

export interface NewLink {
  amount: number;
  taxAmount?: number;
  description: string;
  /** `description` where one is missing. */
  descriptions?: TextPerLanguage | undefined;
  cardTypes?: string[];
  expiresInSeconds?: number;
  singleUse?: boolean;
  /** manual: card payments are holds the merchant captures or voids. */
  captureMethod?: 'automatic' | 'manual';
  merchantId?: number;
}

export interface NewCampaign {
  title: string;
  /** `title` where one is missing. */
  titles?: TextPerLanguage | undefined;
  /** The campaign's text, beside its title; `descriptions` in each language, this where one is missing. */
  description?: string | undefined;
  descriptions?: TextPerLanguage | undefined;
  merchantId?: number;
}

const REQUEST_TIMEOUT_MS = 15_000;

/** The Books tab's pages: 20 at a time. */
const pageQuery = (cursor?: string): Record<string, string> => ({ limit: '20', ...(cursor ? { cursor } : {}) });

/** One function per admin call over one ky instance; every answer is parsed before anyone reads it. */
export function createAdminApi(base: string, fetchImpl?: typeof fetch, adminToken: () => string | null = () => null, language?: () => string) {
  const http: KyInstance = ky.create({
    prefixUrl: base,
    throwHttpErrors: false,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

  async function call<S extends v.GenericSchema>(schema: S, method: 'get' | 'post', path: string, init: { json?: unknown; form?: Record<string, string>; query?: Record<string, string>; file?: Blob } = {}): Promise<v.InferOutput<S>> {
    let res: Response;
    const token = adminToken();
    const lang = language?.();
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.form ? { accept: 'application/json' } : {}),
      // The server's messages in the console's language, not the browser's.
      ...(lang ? { 'accept-language': lang } : {}),
      ...(init.file ? { 'content-type': init.file.type || 'application/octet-stream' } : {}),
    };
    try {
      res = await http(path, {
        method,
        headers,
        ...(init.json !== undefined ? { json: init.json } : {}),
        ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
        ...(init.file ? { body: init.file } : {}),
        ...(init.query ? { searchParams: init.query } : {}),
      });
    } catch (error) {
      throw new AdminError('connection_error', error instanceof Error ? error.message : 'connection error', 0, lang);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const parsed = v.safeParse(ErrorSchema, body);
      const detail = parsed.success ? parsed.output : {};
      throw new AdminError(detail.code ?? `http_${res.status}`, detail.message ?? `HTTP ${res.status}`, res.status, lang);
    }
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new AdminError('bad_answer', `Unexpected answer from ${path}`, res.status);
    return parsed.output;
  }

  const query = (f: Partial<TransactionFilters>) => Object.fromEntries(Object.entries(f).filter(([, value]) => value !== '' && value !== undefined)) as Record<string, string>;

  return {
    listTransactions: async (filters: Partial<TransactionFilters>) => (await call(TransactionListSchema, 'get', 'transactions/recent', { query: query(filters) })).transactions,
    listMerchants: async () => (await call(MerchantListSchema, 'get', 'merchants')).merchants,
    listLinks: async () => (await call(LinkListSchema, 'get', 'links')).links,
    listMail: async (to: string) => (await call(MailboxSchema, 'get', 'mailbox', { query: to ? { to } : {} })).messages,
    listWebhooks: async () => (await call(WebhookListSchema, 'get', 'webhooks')).webhooks,
    createLink: (link: NewLink) => call(NewLinkAnswerSchema, 'post', 'links', { json: link }),
    createMerchant: (m: { name: string; country?: 'PA' | 'CO'; webhookUrl?: string; txLimit?: number }) => call(NewMerchantAnswerSchema, 'post', 'merchants', { json: m }),
    createStation: (s: { stationId: string; description: string; amount: number; merchantId?: number }) => call(NewStationAnswerSchema, 'post', 'stations', { json: s }),
    createPlan: (p: { name: string; amount: number; period: string; merchantId?: number }) => call(NewPlanAnswerSchema, 'post', 'plans', { json: p }),
    subscribe: (planId: number) => call(NewSubscriptionAnswerSchema, 'post', 'subscriptions', { json: { planId } }),
    createCampaign: (c: NewCampaign) => call(NewCampaignAnswerSchema, 'post', 'campaigns', { json: c }),
    createUser: (u: { email: string; login?: string; password: string; balance?: number }) => call(NewUserAnswerSchema, 'post', 'users', { json: u }),
    settleNequi: (codOper: string, result: 'approve' | 'fail') => call(AnySchema, 'post', `nequi/${encodeURIComponent(codOper)}`, { json: { result } }),
    settleYappy: (codOper: string, result: 'approve' | 'fail') => call(AnySchema, 'post', `yappy/${encodeURIComponent(codOper)}`, { json: { result } }),
    payCash: (reference: string) => call(AnySchema, 'post', `cash/${encodeURIComponent(reference)}/pay`),
    confirmCrypto: (codOper: string, amountPaid?: number) => call(AnySchema, 'post', `crypto/${encodeURIComponent(codOper)}/confirm`, { json: amountPaid === undefined ? {} : { amountPaid } }),
    settleClave: (codOper: string, result: 'approve' | 'fail') => call(AnySchema, 'post', `clave/${encodeURIComponent(codOper)}`, { form: { result } }),
    settleThreeDs: (codOper: string, result: 'approve' | 'fail') => call(AnySchema, 'post', `3ds/${encodeURIComponent(codOper)}`, { form: { result } }),
    subscriptionDue: (key: string) => call(AnySchema, 'post', `subscriptions/${encodeURIComponent(key)}/due`),
    addRandomCharge: (codOper: string) => call(AnySchema, 'post', 'validations', { json: { codOper } }),
    revealRandomCharge: (codOper: string) => call(StatementSchema, 'get', `validations/${encodeURIComponent(codOper)}`),
    /** Without an amount, all that remains. */
    refund: (codOper: string, amount?: number) => call(RefundAnswerSchema, 'post', `transactions/${encodeURIComponent(codOper)}/refunds`, { json: amount === undefined ? {} : { amount } }),
    capture: (codOper: string) => call(AnySchema, 'post', `transactions/${encodeURIComponent(codOper)}/capture`, { json: {} }),
    voidPayment: (codOper: string) => call(AnySchema, 'post', `transactions/${encodeURIComponent(codOper)}/void`, { json: {} }),
    brandOf: (merchantId: number) => call(BrandSchema, 'get', `merchants/${merchantId}/brand`),
    setBrand: (merchantId: number, brand: { colorPrimary?: string | null; displayName?: string | null }) => call(BrandSchema, 'post', `merchants/${merchantId}/brand`, { json: brand }),
    /** The image's bytes as they are: the server reads the type from them. */
    uploadLogo: (merchantId: number, file: Blob) => call(BrandSchema, 'post', `merchants/${merchantId}/brand/logo`, { file }),
    redeliver: (id: string) => call(AnySchema, 'post', `webhooks/${encodeURIComponent(id)}/redeliver`),
    balanceOf: (merchantId: number) => call(BalanceSchema, 'get', `merchants/${merchantId}/balance`),
    /** A page of 20, newest first; `cursor` the page after the one that named it. */
    payoutsOf: (merchantId: number, cursor?: string) => call(PayoutPageSchema, 'get', `merchants/${merchantId}/payouts`, { query: pageQuery(cursor) }),
    disputesOf: (merchantId: number, cursor?: string) => call(DisputePageSchema, 'get', `merchants/${merchantId}/disputes`, { query: pageQuery(cursor) }),
    answerDispute: (merchantId: number, id: string, evidence: string) => call(DisputeSchema, 'post', `merchants/${merchantId}/disputes/${encodeURIComponent(id)}/evidence`, { json: { evidence } }),
    acceptDispute: (merchantId: number, id: string) => call(DisputeSchema, 'post', `merchants/${merchantId}/disputes/${encodeURIComponent(id)}/accept`, { json: {} }),
    subscriptionsOf: (merchantId: number, cursor?: string) => call(SubscriptionPageSchema, 'get', `merchants/${merchantId}/subscriptions`, { query: pageQuery(cursor) }),
    /** The merchant API's cancel: the subscription as it stands after it (cancelled, also when it already was). */
    cancelSubscription: (merchantId: number, key: string) => call(SubscriptionSchema, 'post', `merchants/${merchantId}/subscriptions/${encodeURIComponent(key)}/cancel`, { json: {} }),
    /** docs/sandbox.md "Books and payouts": pending money available now, every merchant paid out. */
    runPayouts: async () => (await call(PayoutRunSchema, 'post', 'payouts/run')).payouts,
    /** The balance transactions as the CSV report (all of a payout's, or every line when none is named). */
    balanceCsv: async (merchantId: number, payoutId?: string) => {
      const token = adminToken();
      const res = await http(`merchants/${merchantId}/balance-transactions`, {
        headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payoutId ? { searchParams: { payout: payoutId } } : {}),
      }).catch((error: unknown) => {
        throw new AdminError('connection_error', error instanceof Error ? error.message : 'connection error', 0);
      });
      if (!res.ok) throw new AdminError(`http_${res.status}`, `HTTP ${res.status}`, res.status);
      return res.text();
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
