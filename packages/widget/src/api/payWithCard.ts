import * as v from 'valibot';
import { CardAuthResponseSchema, ReceiptSchema, type CardPaymentPayload } from '@pasarela/core';
import type { ApiClient } from './client';

/** The card answer; an approved one carries its receipt (GET receipt's answer), so showing it takes no other call. */
const PaidCardAnswerSchema = v.object({ ...CardAuthResponseSchema.entries, receipt: v.optional(ReceiptSchema) });

/** POST card auth-capture. One call per Pay click; the payload's trackId makes a repeat harmless. */
export function payWithCard(api: ApiClient, payload: CardPaymentPayload) {
  return api.post('cards/auth-capture', PaidCardAnswerSchema, payload);
}
