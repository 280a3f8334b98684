export { Pasarela, PasarelaError } from './client';
export type {
  CreatePaymentLinkParams, ListPaymentLinksParams, ListTransactionsParams, LogoContentType, PasarelaOptions, PostOptions, RefundParams,
  UpdateBrandParams, UploadLogoOptions,
} from './client';
export { constructEvent, WebhookVerificationError } from './webhooks';
export type { VerifyOptions } from './webhooks';
export type { Brand, Page, PaymentLink, Refund, RefundResult, Transaction, WebhookEvent, WebhookEventType } from './answers';
