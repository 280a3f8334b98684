import * as v from 'valibot';
import { parseCustomFields } from './customFields';
import type { CustomField } from './customFields';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';
import { CURRENCIES, currencyOfCountry, type Currency } from './currency';

export const BRAND_COLOR = /^#[0-9a-f]{6}$/;
export const BRAND_NAME_MAX = 60;

/** A present but malformed part fails the whole merchant, as any bad field does. */
export const MerchantBrandSchema = v.object({
  colorPrimary: v.optional(v.pipe(v.string(), v.regex(BRAND_COLOR))),
  // The server refuses control and bidi characters when the name is set.
  displayName: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(BRAND_NAME_MAX))),
  logoUrl: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))),
});
type MerchantBrand = v.InferOutput<typeof MerchantBrandSchema>;

export const RawMerchantSchema = v.pipe(
  v.object({
    idMerchant: v.optional(NumberLike),
    merchantId: v.optional(NumberLike),
    merchantName: v.string(),
    webCode: optionalText(),
    legalRep: optionalText(),
    logo: optionalText(),
    customFields: v.optional(v.nullable(v.union([v.string(), v.array(v.unknown())])), ''),
    hasPaymentGuest: v.optional(v.boolean(), true),
    txLimit: optionalNumber(0),
    domainValidation: v.optional(v.boolean(), false),
    brand: v.optional(v.nullable(MerchantBrandSchema), null),
    // ISO 3166-1 alpha-2; none means Panama (SPEC 5's default country).
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), 'PA'),
    // ISO 4217; none is the country's (a server before issue 93 named none).
    currency: v.optional(v.picklist(CURRENCIES)),
  }),
  v.check((m) => m.idMerchant !== undefined || m.merchantId !== undefined, 'idMerchant is required'),
);

export interface Merchant {
  idMerchant: number;
  merchantName: string;
  webCode: string;
  legalRep: string;
  logo: string;
  customFields: CustomField[];
  hasPaymentGuest: boolean;
  /** 0 means no limit. */
  txLimit: number;
  domainValidation: boolean;
  /** `colorPrimary` defaults `appearance.variables.colorPrimary`. */
  brand: MerchantBrand;
  country: string;
  /** Every amount of its payments is in it: the checkout formats it (core formatAmount). */
  currency: Currency;
}

export function shopNameOf(merchant: { merchantName: string; brand?: MerchantBrand | null | undefined }): string {
  return merchant.brand?.displayName ?? merchant.merchantName;
}

export function shopLogoOf(merchant: { logo?: string | null | undefined; brand?: MerchantBrand | null | undefined }, imageBase: string): string {
  return imageUrl(merchant.brand?.logoUrl, imageBase) || imageUrl(merchant.logo, imageBase);
}

function brandOf(brand: MerchantBrand | null | undefined, imageBase: string): MerchantBrand {
  if (!brand) return {};
  const logoUrl = imageUrl(brand.logoUrl, imageBase);
  return {
    ...(brand.colorPrimary === undefined ? {} : { colorPrimary: brand.colorPrimary }),
    ...(brand.displayName === undefined ? {} : { displayName: brand.displayName }),
    ...(logoUrl === '' ? {} : { logoUrl }),
  };
}

/** Anything but a relative path, http(s) or data:image (javascript:, protocol-relative) is dropped. */
function imageUrl(path: string | null | undefined, imageBase: string): string {
  const p = (path ?? '').trim();
  if (p === '') return '';
  if (/^https?:\/\//i.test(p) || /^data:image\//i.test(p)) return p;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) return '';
  const base = imageBase.replace(/\/+$/, '');
  return `${base}${p.startsWith('/') ? '' : '/'}${p}`;
}

export function parseMerchant(raw: unknown, imageBase: string): Merchant {
  const m = v.parse(RawMerchantSchema, raw);
  return {
    idMerchant: m.idMerchant ?? m.merchantId ?? 0,
    merchantName: m.merchantName,
    webCode: m.webCode ?? '',
    legalRep: m.legalRep ?? '',
    logo: imageUrl(m.logo, imageBase),
    customFields: parseCustomFields(m.customFields ?? '', 'merchant'),
    hasPaymentGuest: m.hasPaymentGuest,
    txLimit: m.txLimit,
    domainValidation: m.domainValidation,
    brand: brandOf(m.brand, imageBase),
    country: m.country,
    currency: m.currency ?? currencyOfCountry(m.country),
  };
}
