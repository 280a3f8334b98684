import * as v from 'valibot';
import { parseCustomFields } from './customFields';
import type { CustomField } from './customFields';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';

/** A merchant's brand colour as stored and sent: six hex digits after '#', lower case (docs/merchant-api.md "Brand"). */
export const BRAND_COLOR = /^#[0-9a-f]{6}$/;
/** The longest display name a merchant may set (characters), one line. */
export const BRAND_NAME_MAX = 60;

/**
 * The merchant's stored brand in its data (issue 48 "The merchant's defaults"): its colour, the name
 * payers see instead of the legal name, and its logo's address on the checkout origin. Each part is
 * optional; a part that is present but malformed fails the whole merchant, as any bad field does.
 */
export const MerchantBrandSchema = v.object({
  colorPrimary: v.optional(v.pipe(v.string(), v.regex(BRAND_COLOR))),
  // The server refuses control and bidi characters when the name is set; here it is only text.
  displayName: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(BRAND_NAME_MAX))),
  logoUrl: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))),
});
type MerchantBrand = v.InferOutput<typeof MerchantBrandSchema>;

// SPEC 3 "Merchant: merchantId/idMerchant, merchantName, webCode, legalRep, logo (prefixed with the
// image base address), customFields."

/** The server shape of GET /api/v1/merchants/:idMerchant. */
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
    // ISO 3166-1 alpha-2; a server that sends none has Panamanian merchants (SPEC 5's default country).
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), 'PA'),
  }),
  v.check((m) => m.idMerchant !== undefined || m.merchantId !== undefined, 'idMerchant is required'),
);

export interface Merchant {
  idMerchant: number;
  merchantName: string;
  webCode: string;
  legalRep: string;
  /** Full logo address, or '' when there is none. */
  logo: string;
  customFields: CustomField[];
  /** SPEC 6 guest payer "Allowed when the merchant's guest flag allows it (hasPaymentGuest)". */
  hasPaymentGuest: boolean;
  /** 0 means no limit. */
  txLimit: number;
  domainValidation: boolean;
  /**
   * The merchant's stored brand, its logo address made absolute (imageUrl). `colorPrimary` is the
   * default of `appearance.variables.colorPrimary` (an `open()` option overrides it).
   */
  brand: MerchantBrand;
  /** Where the merchant is (ISO 3166-1 alpha-2): the country of its payers' Nequi phones (nequiPhoneRule). */
  country: string;
}

/** The name a payer sees for a merchant: its brand's display name, else its name. */
export function shopNameOf(merchant: { merchantName: string; brand?: MerchantBrand | null | undefined }): string {
  return merchant.brand?.displayName ?? merchant.merchantName;
}

/** The logo a payer sees: the brand's uploaded logo, else the older `logo` path; '' for none. */
export function shopLogoOf(merchant: { logo?: string | null | undefined; brand?: MerchantBrand | null | undefined }, imageBase: string): string {
  return imageUrl(merchant.brand?.logoUrl, imageBase) || imageUrl(merchant.logo, imageBase);
}

/** The brand as the server sent it, its logo address made absolute (an unusable one is dropped). */
function brandOf(brand: MerchantBrand | null | undefined, imageBase: string): MerchantBrand {
  if (!brand) return {};
  const logoUrl = imageUrl(brand.logoUrl, imageBase);
  return {
    ...(brand.colorPrimary === undefined ? {} : { colorPrimary: brand.colorPrimary }),
    ...(brand.displayName === undefined ? {} : { displayName: brand.displayName }),
    ...(logoUrl === '' ? {} : { logoUrl }),
  };
}

/**
 * Prefixes a relative image path with the image base; absolute http(s) and data:image addresses
 * stay as they are; anything else (javascript:, protocol-relative) is dropped.
 */
function imageUrl(path: string | null | undefined, imageBase: string): string {
  const p = (path ?? '').trim();
  if (p === '') return '';
  if (/^https?:\/\//i.test(p) || /^data:image\//i.test(p)) return p;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) return '';
  const base = imageBase.replace(/\/+$/, '');
  return `${base}${p.startsWith('/') ? '' : '/'}${p}`;
}

/** Validates the server's merchant and derives the logo address and custom fields. Throws ValiError. */
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
  };
}
