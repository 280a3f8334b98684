import { RawMerchantSchema, parseMerchant } from '@pasarela/core';
import type { ApiClient } from './client';

/** GET merchant and limits (SPEC 7 "idMerchant, optional amount and serviceCode"). */
export async function loadMerchant(api: ApiClient, idMerchant: number, amount: number, serviceCode: string, imageBase: string) {
  const query: Record<string, string | number> = { amount };
  if (serviceCode !== '') query.serviceCode = serviceCode;
  return parseMerchant(await api.get(`merchants/${encodeURIComponent(String(idMerchant))}`, RawMerchantSchema, query), imageBase);
}
