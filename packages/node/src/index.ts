export { Pasarela, PasarelaError } from './client';
export type {
  CreatePaymentLinkParams, ListPaymentLinksParams, ListTransactionsParams, PasarelaOptions, PostOptions, RefundParams,
} from './client';
export { constructEvent, WebhookVerificationError } from './webhooks';
export type { VerifyOptions } from './webhooks';
export type { Page, PaymentLink, Refund, RefundResult, Transaction, WebhookEvent, WebhookEventType } from './answers';
