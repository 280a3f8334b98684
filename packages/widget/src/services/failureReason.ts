import { PasarelaError, payerMessage, type PaymentResult, type WidgetMessage } from '@pasarela/core';

type PaymentFailureReason = NonNullable<PaymentResult['reason']>;

/** The widget's catalogue, as failureReason reads it (i18n.ts's t and hasText). */
export interface Catalogue {
  t(key: string): string;
  hasText(key: string): boolean;
}

/** A text the payer was shown without a key of its own (a bank's words for a card decline). */
const DECLINED_KEY = 'payment_declined';
/** payerMessage's answer for a code it does not know: here, Razon was text, not a code. */
const UNKNOWN_CODE_KEY = 'happen_error_try_again';
/** A server code (`409`, `duplicate_payment`), not words. */
const CODE_LIKE = /^(\d+|[a-z0-9]+(_[a-z0-9]+)+)$/i;

/**
 * Why an attempt failed, as the shop gets it (PRODUCT.md's result event): the notification's Razon
 * is a catalogue key for Nequi, Yappy, Clave, cash and crypto (`error_pay_push_nequi`), a server code
 * for a refused card request, and the bank's own words for a card decline. Each becomes the
 * catalogue key and the text in the payer's language.
 */
export function failureReason(razon: string, catalogue: Catalogue): PaymentFailureReason {
  const said = razon.trim();
  if (said === '') return { key: DECLINED_KEY, text: catalogue.t(DECLINED_KEY) };
  if (catalogue.hasText(said)) return { key: said, text: catalogue.t(said) };
  // A server code (SPEC 8) the catalogue names another way, or words to pass on as they are.
  const message = payerMessage(new PasarelaError({ code: said, category: 'api' }));
  if (message.key === UNKNOWN_CODE_KEY && !CODE_LIKE.test(said)) return { key: DECLINED_KEY, text: said };
  return { key: message.key, text: message.text ?? catalogue.t(message.key) };
}

/** Every `error` result leaves with its reason (added, never replacing one already given); other messages pass as they are. */
export function explainFailure(message: WidgetMessage, catalogue: Catalogue): WidgetMessage {
  if (message.type !== 'result' || message.result.status !== 'error' || message.result.reason) return message;
  const result: PaymentResult = { ...message.result, reason: failureReason(message.result.notification.Razon, catalogue) };
  return { ...message, result };
}
