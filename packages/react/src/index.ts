export { CheckoutButton } from './CheckoutButton';
export type { CheckoutButtonProps } from './CheckoutButton';
export { CheckoutFrame } from './CheckoutFrame';
export type { CheckoutFrameProps } from './CheckoutFrame';
export { useCheckout } from './useCheckout';
export type { UseCheckout } from './useCheckout';
export type { CheckoutProps } from './splitProps';
export type {
  CheckoutCloseReason,
  CheckoutError,
  CheckoutEvent,
  CheckoutHandle,
  CheckoutLanguage,
  CheckoutOptions,
  CheckoutResult,
  CheckoutSettings,
  CheckoutTarget,
  PaymentLookup,
  PaymentResult,
  UnknownPaymentResult,
} from '@pasarela/checkout';
