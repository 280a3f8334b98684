import * as v from 'valibot';
import { CardAuthResponseSchema, ReceiptSchema, type CardPaymentPayload } from '@pasarela/core';
import type { ApiClient } from './client';

/** An approved one carries its receipt, so showing it takes no other call. */
const PaidCardAnswerSchema = v.object({ ...CardAuthResponseSchema.entries, receipt: v.optional(ReceiptSchema) });

export function payWithCard(api: ApiClient, payload: CardPaymentPayload) {
  return api.post('cards/auth-capture', PaidCardAnswerSchema, payload);
}
