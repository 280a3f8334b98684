import { RawMerchantSchema, merchantCall, parseMerchant } from '@pasarela/core';
import type { ApiClient } from './client';

export async function loadMerchant(api: ApiClient, idMerchant: number, amount: number, serviceCode: string, imageBase: string) {
  const call = merchantCall({ idMerchant, amount, serviceCode });
  return parseMerchant(await api.get(call.path, RawMerchantSchema, call.query), imageBase);
}
