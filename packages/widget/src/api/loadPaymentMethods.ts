import { PaymentMethodsResponseSchema, paymentMethodsCall } from '@pasarela/core';
import type { ApiClient } from './client';

/** GET merchant services: the raw entries SPEC 3 "Payment method availability" is built from. */
export async function loadPaymentMethods(api: ApiClient, idMerchant: number) {
  const data = await api.get(paymentMethodsCall(idMerchant).path, PaymentMethodsResponseSchema);
  return data.paymentMethods;
}
