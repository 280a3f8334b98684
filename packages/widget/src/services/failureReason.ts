import { PasarelaError, payerMessage, type PaymentResult, type WidgetMessage } from '@pasarela/core';

type PaymentFailureReason = NonNullable<PaymentResult['reason']>;

export interface Catalogue {
  t(key: string): string;
  hasText(key: string): boolean;
}

const DECLINED_KEY = 'payment_declined';
const UNKNOWN_CODE_KEY = 'happen_error_try_again';
const CODE_LIKE = /^(\d+|[a-z0-9]+(_[a-z0-9]+)+)$/i;

/** Razon is a catalogue key for most methods, a server code for a refused card request, the bank's words for a decline. */
export function failureReason(razon: string, catalogue: Catalogue): PaymentFailureReason {
  const said = razon.trim();
  if (said === '') return { key: DECLINED_KEY, text: catalogue.t(DECLINED_KEY) };
  if (catalogue.hasText(said)) return { key: said, text: catalogue.t(said) };
  // A server code (SPEC 8) the catalogue names another way, or words to pass on as they are.
  const message = payerMessage(new PasarelaError({ code: said, category: 'api' }));
  if (message.key === UNKNOWN_CODE_KEY && !CODE_LIKE.test(said)) return { key: DECLINED_KEY, text: said };
  return { key: message.key, text: message.text ?? catalogue.t(message.key) };
}

export function explainFailure(message: WidgetMessage, catalogue: Catalogue): WidgetMessage {
  if (message.type !== 'result' || message.result.status !== 'error' || message.result.reason) return message;
  const result: PaymentResult = { ...message.result, reason: failureReason(message.result.notification.Razon, catalogue) };
  return { ...message, result };
}
