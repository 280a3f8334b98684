import type { CheckoutType } from '@pasarela/core';
import type { ApiClient } from './client';
import { loadPaymentInfo } from './loadPaymentInfo';
import type { CheckoutTarget } from './loadOtherTarget';

export type { CheckoutTarget } from './loadOtherTarget';

export async function loadCheckoutTarget(api: ApiClient, type: CheckoutType, code: string): Promise<CheckoutTarget> {
  if (type === 'ps' || type === 'subs') return (await import('./loadOtherTarget')).loadOtherTarget(api, type, code);
  return { info: await loadPaymentInfo(api, type, code) };
}
