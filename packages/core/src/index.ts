export { WireFormatError, encodeBody, decodeBody } from './encoding';
export { EnvelopeSchema, wrapEnvelope, readEnvelopeData } from './envelope';
export type { Envelope } from './envelope';
export {
  FRONTEND_ERROR_KEYS,
  SESSION_EXPIRED_HEADER_CODES,
  ErrorCategory,
  PasarelaError,
  isPasarelaError,
  errorFromHeader,
  payerMessage,
  serializeError,
  deserializeError,
} from './errors';
export type { FrontendErrorKey, PasarelaErrorInit, PayerMessage, SerializedError } from './errors';
export * from './constants';
export type { ParentNotification, PaymentResult } from './notification';
export {
  isWidgetMessage,
  isReadyMessage,
  isResultMessage,
  isCloseMessage,
  isErrorMessage,
  isResizeMessage,
} from './messages';
export type { WidgetMessage, WidgetMessageType, LoaderMethods, WidgetMethods } from './messages';
export { CARD_BRANDS, digitsOnly, passesLuhn, cardBrandOf, cardBrandHint, cvcLengthFor, lastFour } from './cards';
export type { CardBrand } from './cards';
