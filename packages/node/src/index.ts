export { Pasarela } from './client';
export { PasarelaError, PASARELA_API_VERSION } from './http';
export type { ListParams, PasarelaOptions, PostOptions } from './http';
export type { PagePromise } from './pagePromise';
export type { CaptureParams, ChangedParams, CreatePaymentLinkParams, CustomFieldParams, ListPaymentLinksParams, ListTransactionsParams, RefundParams } from './payments';
export type {
  CreateWebhookEndpointParams, EndpointEventType, ListEventsParams, RollParams, SendTestParams, UpdateWebhookEndpointParams,
} from './endpointsAndKeys';
export type { BalanceTransactionsCsvParams, ListBalanceTransactionsParams, ListDisputesParams, ListPayoutsParams } from './book';
export type { LogoContentType, UpdateBrandParams, UploadLogoOptions } from './brand';
export { constructEvent, WebhookVerificationError } from './webhooks';
export type { VerifyOptions } from './webhooks';
export { KNOWN_CANCEL_REASONS, KNOWN_EVENT_TYPES } from './answers';
export type {
  Brand, CancelReason, Deleted, KnownCancelReason, DisputeEvent, DisputeEventType, EventData, KnownEventType, LaterEvent, LaterEventType, Open, Page, PaymentLink, PaymentLinkState,
  PayoutEvent, PayoutEventType, Refund, RefundFailureReason, RefundResult, RefundStatus, RolledKey, SubscriptionEvent, SubscriptionEventType, Transaction, TransactionEvent, TransactionEventType,
  TransactionResult, WebhookDelivery, WebhookDeliveryState, WebhookEndpoint, WebhookEvent, WebhookEventType,
} from './answers';
export type { Balance, BalanceTransaction, BalanceTransactionType, Dispute, DisputeEventData, DisputeStatus, Payout, PayoutStatus, PayoutWithLines } from './bookAnswers';
export type { ListSubscriptionsParams, Subscription, SubscriptionStatus, Subscriptions } from './subscriptions';
