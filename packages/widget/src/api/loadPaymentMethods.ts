import { PaymentMethodsResponseSchema, paymentMethodsCall } from '@pasarela/core';
import type { ApiClient } from './client';

export async function loadPaymentMethods(api: ApiClient, idMerchant: number) {
  const data = await api.get(paymentMethodsCall(idMerchant).path, PaymentMethodsResponseSchema);
  return data.paymentMethods;
}
