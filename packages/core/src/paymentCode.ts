import * as v from 'valibot';
import { encodeBody } from './encoding';
import { SEARCH_OFFSET, SEARCH_PAGE_SIZE } from './constants';
import { NumberLike } from './schemaParts';

// SPEC 3 "QR/pay-code data", "Search descriptor"; SPEC 4 "Payment-code lookup result"; SPEC 7
// "GET search activity (limit 10, offset 0, conditional code hex-encoded ...)".

/** "code E (or PS for a station)". */
export const QR_CODE_KIND = { payment: 'E', station: 'PS' } as const;

export const QrDataSchema = v.object({
  idMerchant: NumberLike,
  code: v.picklist([QR_CODE_KIND.payment, QR_CODE_KIND.station]),
  description: v.string(),
  amount: NumberLike,
  disc: v.optional(NumberLike, 0),
  tx: v.optional(v.nullable(v.unknown()), null),
  processWithCodeInfo: v.optional(v.nullable(v.unknown()), null),
  stationId: v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  subscription: v.optional(v.nullable(v.unknown()), null),
  txChannel: v.optional(v.string()),
});
export type QrData = v.InferOutput<typeof QrDataSchema>;

/** A station's data carries code PS and its stationId; anything else is a payment (E). */
export function qrCodeKind(stationId: string | number | null | undefined): 'E' | 'PS' {
  return stationId === null || stationId === undefined || stationId === '' ? QR_CODE_KIND.payment : QR_CODE_KIND.station;
}

export const SEARCH_TYPES = ['MERCHANT_IDMERCHANT', 'SERVICE', 'PAYMENT_STATION'] as const;
/** "serviceCode (EA, ED or LK only)". */
export const SEARCH_SERVICE_CODES = ['EA', 'ED', 'LK'] as const;

export const SearchDescriptorSchema = v.object({
  type: v.picklist(SEARCH_TYPES),
  idSearch: v.union([v.string(), v.number()]),
  amount: v.optional(NumberLike),
  discount: v.optional(NumberLike),
  taxes: v.optional(NumberLike),
  description: v.optional(v.string()),
  codeProcess: v.optional(v.string()),
  paymentCode: v.optional(v.string()),
  serviceCode: v.optional(v.picklist(SEARCH_SERVICE_CODES)),
  txChannel: v.optional(v.string()),
  taxAmount: v.optional(NumberLike),
  subscription: v.optional(v.unknown()),
});
export type SearchDescriptor = v.InferOutput<typeof SearchDescriptorSchema>;

/**
 * Query of GET search activity: "limit 10, offset 0, conditional code hex-encoded, or code:: plus
 * encoded code; for stations JSON {type:PAYMENT_STATION, idSearch}".
 */
export function searchActivityQuery(
  search: { code: string; prefixed?: boolean } | { stationId: string | number },
): { limit: number; offset: number; code: string } {
  const code =
    'stationId' in search
      ? JSON.stringify({ type: 'PAYMENT_STATION', idSearch: search.stationId })
      : search.prefixed
        ? `code::${encodeBody(search.code)}`
        : encodeBody(search.code);
  return { limit: SEARCH_PAGE_SIZE, offset: SEARCH_OFFSET, code };
}

export const PAYMENT_CODE_RESULTS = ['PAYMENT_NOT_FOUND', 'PAYMENT_SUCCESS', 'PAYMENT_REJECTED'] as const;
export type PaymentCodeResult = (typeof PAYMENT_CODE_RESULTS)[number];

/** SPEC 4 "PAYMENT_NOT_FOUND, PAYMENT_SUCCESS (activityResult.status 1) or PAYMENT_REJECTED." */
export function paymentCodeLookupResult(found: { activityResult?: { status?: unknown } | null } | null | undefined): PaymentCodeResult {
  if (!found) return 'PAYMENT_NOT_FOUND';
  return Number(found.activityResult?.status) === 1 ? 'PAYMENT_SUCCESS' : 'PAYMENT_REJECTED';
}
