import {
  BalanceSchema, BalanceTransactionPageSchema, DisputePageSchema, DisputeSchema, PayoutPageSchema, PayoutWithLinesSchema,
  type Balance, type BalanceTransaction, type BalanceTransactionType, type Dispute, type DisputeStatus, type Payout, type PayoutStatus, type PayoutWithLines,
} from './bookAnswers';
import { query, segment, type Http, type ListParams, type PostOptions } from './http';
import type { PagePromise } from './pagePromise';

export interface ListBalanceTransactionsParams extends ListParams {
  type?: BalanceTransactionType;
  /** Only the lines this payout settles, and its own (po_...). */
  payout?: string;
  /** Only this payment's lines (its payment, refunds and disputes). */
  codOper?: string;
}

/** The CSV's filters: the list's, without `limit` and `cursor` (it answers every matching line, no pages). */
export type BalanceTransactionsCsvParams = Omit<ListBalanceTransactionsParams, 'limit' | 'cursor'>;

export interface ListPayoutsParams extends ListParams {
  status?: PayoutStatus;
  /** Due on this day or later (YYYY-MM-DD, as arrivalDate). */
  arrivalFrom?: string;
  /** Due on this day or before. */
  arrivalTo?: string;
}

export interface ListDisputesParams extends ListParams {
  status?: DisputeStatus;
  /** Only this payment's disputes. */
  codOper?: string;
}

export interface BalanceResource {
  retrieve(): Promise<Balance>;
}

export interface BalanceTransactions {
  /** Newest first: await one page, or `for await` over every line of every page. */
  list(params?: ListBalanceTransactionsParams): PagePromise<BalanceTransaction>;
  /**
   * Every matching line as CSV (`Accept: text/csv`), the file's text: a header row
   * (`id,type,amount,fee,net,currency,created,...`) and a line each, at most 10 000 (more is
   * PasarelaError `report_too_large`: narrow `createdFrom`/`createdTo`, or ask per `payout`).
   */
  csv(params?: BalanceTransactionsCsvParams): Promise<string>;
}

export interface Payouts {
  /** Newest first: await one page, or `for await` over every payout. */
  list(params?: ListPayoutsParams): PagePromise<Payout>;
  /** One payout with the balance transactions it settles. */
  retrieve(id: string): Promise<PayoutWithLines>;
}

export interface Disputes {
  /** Newest first: await one page, or `for await` over every dispute. */
  list(params?: ListDisputesParams): PagePromise<Dispute>;
  retrieve(id: string): Promise<Dispute>;
  /** Your evidence, before evidenceDueBy: the dispute goes under review. Safe to retry (same Idempotency-Key). */
  submitEvidence(id: string, params: { evidence: string }, options?: PostOptions): Promise<Dispute>;
  /** Ends it lost: its money stays out of your balance. */
  accept(id: string, options?: PostOptions): Promise<Dispute>;
}

export const balance = (http: Http): BalanceResource => ({ retrieve: () => http.call('GET', '/balance', BalanceSchema) });

export const balanceTransactions = (http: Http): BalanceTransactions => ({
  list: (params = {}) => http.list('/balance-transactions', params, BalanceTransactionPageSchema),
  csv: async (params = {}) => {
    // The server refuses them (400): the CSV is all the lines or an error, never a page passed off as the books.
    for (const name of ['limit', 'cursor']) {
      if ((params as Record<string, unknown>)[name] !== undefined) throw new TypeError(`${name} is the JSON list's (balanceTransactions.list): the CSV answers every matching line, so it takes no ${name}`);
    }
    return http.text(`/balance-transactions${query(params)}`, 'text/csv');
  },
});

export const payouts = (http: Http): Payouts => ({
  list: (params = {}) => http.list('/payouts', params, PayoutPageSchema),
  retrieve: (id) => http.call('GET', `/payouts/${segment(id)}`, PayoutWithLinesSchema),
});

export const disputes = (http: Http): Disputes => ({
  list: (params = {}) => http.list('/disputes', params, DisputePageSchema),
  retrieve: (id) => http.call('GET', `/disputes/${segment(id)}`, DisputeSchema),
  submitEvidence: (id, params, options) => http.call('POST', `/disputes/${segment(id)}/evidence`, DisputeSchema, params, options),
  accept: (id, options) => http.call('POST', `/disputes/${segment(id)}/accept`, DisputeSchema, {}, options),
});
