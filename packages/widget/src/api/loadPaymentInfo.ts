import { RawPaymentInfoSchema, parsePaymentInfo } from '@pasarela/core';
import type { CheckoutType } from '../app/routes';
import type { ApiClient } from './client';

/** GET payment-info (SPEC 7 "load payment info (code as 'slug/code' or code, optional type)"). */
export async function loadPaymentInfo(api: ApiClient, type: CheckoutType, code: string) {
  return parsePaymentInfo(await api.get('payment-info', RawPaymentInfoSchema, { code, type }));
}
