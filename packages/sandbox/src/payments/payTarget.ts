import type { Deps } from '../Deps';
import { ApiError } from '../http/ApiError';
import { payableLink } from '../routes/paymentInfo';
import { findStation } from '../store/catalog';
import { findLinkByCode } from '../store/links';

/** What a payment pays: a payment link, or a payment station (SPEC 2 /stationPayment). */
export interface PayTarget {
  code: string;
  merchantId: number;
  description: string;
  amountCents: number;
  taxCents: number;
  /** The link's othersValues.cardType list, when it restricts brands. */
  cardTypes: string | null;
  /** SPEC 3 serviceCode (the link type, e.g. LK), which picks the merchant's service entries. */
  serviceCode: string;
}

export async function payTargetOf(deps: Deps, code: string): Promise<PayTarget> {
  const found = await findLinkByCode(deps.db, code);
  if (found) {
    const link = await payableLink(deps, found);
    return { code: link.code, merchantId: link.merchant_id, description: link.description, amountCents: link.amount_cents, taxCents: link.tax_cents, cardTypes: link.card_types, serviceCode: link.service_code };
  }
  const station = await findStation(deps.db, code);
  if (station) {
    return { code: station.station_id, merchantId: station.merchant_id, description: station.description, amountCents: station.amount_cents - station.discount_cents, taxCents: 0, cardTypes: null, serviceCode: 'LK' };
  }
  throw new ApiError(404, 'error_to_load');
}
