export { Pasarela, PasarelaError, PASARELA_API_VERSION } from './client';
export type {
  ChangedParams, CreatePaymentLinkParams, ListBalanceTransactionsParams, ListPayoutsParams, CreateWebhookEndpointParams, EndpointEventType, ListEventsParams, ListParams, ListPaymentLinksParams, PagePromise, ListTransactionsParams, LogoContentType, PasarelaOptions, PostOptions, RefundParams,
  RollParams, SendTestParams, UpdateBrandParams, UpdateWebhookEndpointParams, UploadLogoOptions,
} from './client';
export { constructEvent, WebhookVerificationError } from './webhooks';
export type { VerifyOptions } from './webhooks';
export { KNOWN_EVENT_TYPES } from './answers';
export type {
  Brand, CancelReason, Deleted, EventData, KnownEventType, Open, Page, PaymentLink, PaymentLinkState, Refund, RefundFailureReason, RefundResult, RefundStatus,
  RolledKey, Transaction, TransactionResult, WebhookDelivery, WebhookDeliveryState, WebhookEndpoint, WebhookEvent, WebhookEventType,
} from './answers';
export type { Balance, BalanceTransaction, BalanceTransactionType, Dispute, DisputeStatus, Payout, PayoutStatus, PayoutWithLines } from './bookAnswers';
