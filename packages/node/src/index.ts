export { Pasarela, PasarelaError, PASARELA_API_VERSION } from './client';
export type {
  ChangedParams, CreatePaymentLinkParams, ListEventsParams, ListParams, ListPaymentLinksParams, PagePromise, ListTransactionsParams, LogoContentType, PasarelaOptions, PostOptions, RefundParams,
  UpdateBrandParams, UploadLogoOptions,
} from './client';
export { constructEvent, WebhookVerificationError } from './webhooks';
export type { VerifyOptions } from './webhooks';
export { KNOWN_EVENT_TYPES } from './answers';
export type {
  Brand, CancelReason, EventData, KnownEventType, Open, Page, PaymentLink, PaymentLinkState, Refund, RefundFailureReason, RefundResult, RefundStatus,
  Transaction, TransactionResult, WebhookEvent, WebhookEventType,
} from './answers';
