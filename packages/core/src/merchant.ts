import * as v from 'valibot';
import { parseCustomFields } from './customFields';
import type { CustomField } from './customFields';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';

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
  }),
  v.check((m) => m.idMerchant !== undefined || m.merchantId !== undefined, 'idMerchant is required'),
);
export type RawMerchant = v.InferInput<typeof RawMerchantSchema>;

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
}

/**
 * Prefixes a relative image path with the image base; absolute http(s) and data:image addresses
 * stay as they are; anything else (javascript:, protocol-relative) is dropped.
 */
export function imageUrl(path: string | null | undefined, imageBase: string): string {
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
  };
}
