import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { isLinkExpired, TRANSACTION_TYPES, type TextPerLanguage } from '@pasarela/core';
import { findStation, type StationRow } from '../store/catalog';
import { descriptionsOfLink, findLinkByCode, findPaymentOfLink, type LinkRow } from '../store/links';
import type { Queryable } from '../db/Database';

/** A payment link, or a payment station (SPEC 2 /stationPayment). */
export interface PayTarget {
  code: string;
  merchantId: number;
  description: string;
  /** The description in each language the merchant wrote it in (a link's `descriptions`); a station has none. */
  descriptions: TextPerLanguage;
  amountCents: number;
  taxCents: number;
  cardTypes: string | null;
  /** SPEC 3 serviceCode (e.g. LK): picks the merchant's service entries. */
  serviceCode: string;
  /** The payment that goes through claims it (claimSingleUseLink). */
  singleUse: boolean;
  /** SPEC 2 /pf/returnpage ('' for none, a station). */
  returnUrl: string;
  /** SPEC 9 transactionsType, the merchant's: AUTH makes a card payment a hold (core captureMethodOf). */
  transactionsType: string;
}

export function payableLink(link: LinkRow | undefined, notFoundCode = 'error_to_load'): LinkRow {
  if (!link) throw new PaymentError('not_found', notFoundCode);
  checkLinkOpen(link);
  return link;
}

/** A read: when payments race, the claim in the paying transaction (claimSingleUseLink) is what holds. */
export function checkLinkOpen(link: Pick<LinkRow, 'expires_at' | 'single_use' | 'paid_cod_oper'>): void {
  if (link.expires_at && isLinkExpired(link.expires_at.getTime(), Date.now())) throw new PaymentError('gone', 3000);
  if (link.single_use && link.paid_cod_oper !== null) throw new PaymentError('conflict', 'request_already_paid');
}

/**
 * A payment refused because another one paid its single-use link names that one (`paidBy`, `paidWith`), as
 * a waiting payment's refusal does, so the payer's page says how the order was paid and shows its receipt.
 */
export async function namingThePaymentThatPaid(db: Queryable, linkCode: string, error: unknown): Promise<unknown> {
  if (!(error instanceof PaymentError) || error.code !== 'request_already_paid' || error.fields['paidBy'] !== undefined) return error;
  const paid = await findPaymentOfLink(db, linkCode);
  return paid ? new PaymentError(error.kind, error.code, error.detail, { ...error.fields, paidBy: paid.cod_oper, paidWith: paid.method }) : error;
}

export async function payTargetOf(deps: Deps, code: string): Promise<PayTarget> {
  const found = await findLinkByCode(deps.db, code);
  return payTargetFrom(found, found ? undefined : await findStation(deps.db, code));
}

/** The link with the code, else the station with it (read together by readPaymentOpening). */
export function payTargetFrom(found: LinkRow | undefined, station: StationRow | undefined): PayTarget {
  if (found) {
    const link = payableLink(found);
    return { code: link.code, merchantId: link.merchant_id, description: link.description, descriptions: descriptionsOfLink(link.translations), amountCents: link.amount_cents, taxCents: link.tax_cents, cardTypes: link.card_types, serviceCode: link.service_code, singleUse: link.single_use, returnUrl: link.return_url, transactionsType: link.transactions_type };
  }
  if (station) {
    return { code: station.station_id, merchantId: station.merchant_id, description: station.description, descriptions: {}, amountCents: station.amount_cents - station.discount_cents, taxCents: 0, cardTypes: null, serviceCode: 'LK', singleUse: false, returnUrl: '', transactionsType: TRANSACTION_TYPES.authCapture };
  }
  throw new PaymentError('not_found', 'error_to_load');
}
