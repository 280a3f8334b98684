import * as v from 'valibot';
import { PaymentMethodEntrySchema, paymentMethodAvailability } from '@pasarela/core';
import type { ApiClient } from './client';

const PaymentMethodsSchema = v.object({ paymentMethods: v.array(PaymentMethodEntrySchema) });

/** GET merchant services, grouped into SPEC 3 "Payment method availability". */
export async function loadPaymentMethods(api: ApiClient, idMerchant: number) {
  const data = await api.get(`merchants/${encodeURIComponent(String(idMerchant))}/payment-methods`, PaymentMethodsSchema);
  return paymentMethodAvailability(data.paymentMethods);
}
