import { encodeBody } from './encoding';
import { SEARCH_OFFSET, SEARCH_PAGE_SIZE } from './constants';

const QR_CODE_KIND = { payment: 'E', station: 'PS' } as const;

export function qrCodeKind(stationId: string | number | null | undefined): 'E' | 'PS' {
  return stationId === null || stationId === undefined || stationId === '' ? QR_CODE_KIND.payment : QR_CODE_KIND.station;
}

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

const PAYMENT_CODE_RESULTS = ['PAYMENT_NOT_FOUND', 'PAYMENT_SUCCESS', 'PAYMENT_REJECTED'] as const;
type PaymentCodeResult = (typeof PAYMENT_CODE_RESULTS)[number];

export function paymentCodeLookupResult(found: { activityResult?: { status?: unknown } | null } | null | undefined): PaymentCodeResult {
  if (!found) return 'PAYMENT_NOT_FOUND';
  return Number(found.activityResult?.status) === 1 ? 'PAYMENT_SUCCESS' : 'PAYMENT_REJECTED';
}
