import type { MerchantDescriptor } from '@pasarela/gateways';
import type { Queryable } from '../db/Database';
import { bankPageShop, shopIdentityOf } from '../brand/merchantBrand';
import type { ShopOfOperation } from '../store/merchantBrand';

// The issuer's 3D Secure page and the bank's Clave page are the processor's, on its own origin
// (the simulator's, packages/simulator/src/pages): the calls that open them name where the payer
// comes back to on the checkout origin, and give the shop's logo as a page there can load it.

/** The card call's return address (CardAuthorization.returnUrl): this origin's way back from the issuer's page (routes/pages/threeDs.ts). */
export function challengeBackUrl(origin: string, codOper: string): string {
  return new URL(`/sandbox/3ds/${encodeURIComponent(codOper)}/return`, origin).href;
}

/** The Clave call's return address (BankPaymentRequest.returnUrl): this origin's way back from the bank's page (routes/pages/clavePage.ts). */
export function claveBackUrl(origin: string, codOper: string): string {
  return new URL(`/sandbox/clave/${encodeURIComponent(codOper)}/return`, origin).href;
}

/** A shop's logo as a page on another origin loads it: absolute on the checkout origin; null for none. */
export function absoluteLogo(logo: string | null, origin: string): string | null {
  if (!logo) return null;
  if (/^https?:\/\//.test(logo)) return logo;
  return logo.startsWith('/') && !logo.startsWith('//') ? new URL(logo, origin).href : null;
}

/**
 * What the card call gives the issuer's 3DS page: the shop as its payers know it (its brand's name,
 * logo loaded from this origin, colour) and the return address.
 */
export async function issuerPageFields(db: Queryable, codOper: string, merchant: MerchantDescriptor, origin: string, known?: ShopOfOperation): Promise<{ returnUrl: string; merchant: MerchantDescriptor }> {
  // `known`: the shop as the payment read it already (not read again).
  const shop = known ? { ...shopIdentityOf(known), brandColor: known.brand_color } : await bankPageShop(db, codOper, merchant);
  return { returnUrl: challengeBackUrl(origin, codOper), merchant: { name: shop.name, logo: absoluteLogo(shop.logo, origin), color: shop.brandColor } };
}
