import { RawPaymentInfoSchema, checkoutTargetCall, parsePaymentInfo, type CheckoutType } from '@pasarela/core';
import type { ApiClient } from './client';

export async function loadPaymentInfo(api: ApiClient, type: CheckoutType, code: string) {
  const call = checkoutTargetCall(type, code);
  return parsePaymentInfo(await api.get(call.path, RawPaymentInfoSchema, call.query));
}
