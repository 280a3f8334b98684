import type { MerchantDescriptor } from '@pasarela/gateways';
import type { Queryable } from '../db/Database';
import { bankPageShop, shopIdentityOf } from '../brand/merchantBrand';
import type { ShopOfOperation } from '../store/merchantBrand';

// The issuer's and the bank's pages are the processor's, on its own origin: the calls that open them
// name the way back here and give the shop's logo as a page there can load it.

export const GATEWAY_RETURN_PATH = '/pf/gateways/return';

export function challengeBackUrl(origin: string, codOper: string): string {
  return new URL(`${GATEWAY_RETURN_PATH}/3ds/${encodeURIComponent(codOper)}`, origin).href;
}

export function claveBackUrl(origin: string, codOper: string): string {
  return new URL(`${GATEWAY_RETURN_PATH}/clave/${encodeURIComponent(codOper)}`, origin).href;
}

export function absoluteLogo(logo: string | null, origin: string): string | null {
  if (!logo) return null;
  if (/^https?:\/\//.test(logo)) return logo;
  return logo.startsWith('/') && !logo.startsWith('//') ? new URL(logo, origin).href : null;
}

export async function issuerPageFields(db: Queryable, codOper: string, merchant: MerchantDescriptor, origin: string, known?: ShopOfOperation): Promise<{ returnUrl: string; merchant: MerchantDescriptor }> {
  const shop = known ? { ...shopIdentityOf(known), brandColor: known.brand_color } : await bankPageShop(db, codOper, merchant);
  return { returnUrl: challengeBackUrl(origin, codOper), merchant: { name: shop.name, logo: absoluteLogo(shop.logo, origin), color: shop.brandColor } };
}
