import { balance, balanceTransactions, disputes, payouts, type BalanceResource, type BalanceTransactions, type Disputes, type Payouts } from './book';
import { brand, type BrandResource } from './brand';
import { events, keys, webhookEndpoints, type Events, type Keys, type WebhookEndpoints } from './endpointsAndKeys';
import { Http, type PasarelaOptions } from './http';
import { paymentLinks, transactions, type PaymentLinks, type Transactions } from './payments';
import { subscriptions, type Subscriptions } from './subscriptions';

/**
 * The merchant API (docs/merchant-api.md) from your server, pinned to PASARELA_API_VERSION. An
 * error answer throws PasarelaError; a success is returned with every field it came with. POSTs
 * always carry an Idempotency-Key, so retrying them never makes a second link, refund or void.
 */
export class Pasarela {
  /** Payment links: what the payer opens to pay. */
  readonly paymentLinks: PaymentLinks;
  /** Payments, their refunds and voids. */
  readonly transactions: Transactions;
  /** The change feed: every event webhooks carry, kept 30 days, whether or not its delivery got through. */
  readonly events: Events;
  /** Where your webhooks go, each endpoint with its own signing secret. */
  readonly webhookEndpoints: WebhookEndpoints;
  /** Your secret key. */
  readonly keys: Keys;
  /** Your balance: available (a payout may take it) and pending (waiting for its date). */
  readonly balance: BalanceResource;
  /** Every movement of your money: gross, fee and net of each payment, refund, dispute and payout. */
  readonly balanceTransactions: BalanceTransactions;
  /** What went to your bank account. */
  readonly payouts: Payouts;
  /** Chargebacks on your card payments: read them, answer with evidence, or accept them. */
  readonly disputes: Disputes;
  /** The subscriptions to your plans: list, read and cancel them. */
  readonly subscriptions: Subscriptions;
  /** Your brand: what payers see of you in the checkout, receipts, e-mails and bank pages. */
  readonly brand: BrandResource;

  /** A client for your secret key; nothing is sent until a call. */
  constructor(options: PasarelaOptions) {
    const http = new Http(options);
    this.paymentLinks = paymentLinks(http);
    this.transactions = transactions(http);
    this.events = events(http);
    this.webhookEndpoints = webhookEndpoints(http);
    this.keys = keys(http);
    this.balance = balance(http);
    this.balanceTransactions = balanceTransactions(http);
    this.payouts = payouts(http);
    this.disputes = disputes(http);
    this.subscriptions = subscriptions(http);
    this.brand = brand(http);
  }
}
