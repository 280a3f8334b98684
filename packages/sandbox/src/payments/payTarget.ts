import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { isLinkExpired } from '@pasarela/core';
import { findStation } from '../store/catalog';
import { cardPaymentStartRow } from '../store/cardPaymentStart';
import { findLinkByCode, type LinkRow } from '../store/links';
import { cardCodesOf, findMerchant, merchantCardCodes, type MerchantRow } from '../store/merchants';
import { findTransactionByTrackId, type TransactionRow } from '../store/transactions';

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
  /** A single-use link: the payment that goes through claims it (store/links.ts claimSingleUseLink). */
  singleUse: boolean;
}

/** A link a payer may still pay: not_found unknown, gone {code: 3000} expired, conflict when a single-use link is paid. */
export function payableLink(link: LinkRow | undefined, notFoundCode = 'error_to_load'): LinkRow {
  if (!link) throw new PaymentError('not_found', notFoundCode);
  checkLinkOpen(link);
  return link;
}

/**
 * gone {code: 3000} when the link has expired, conflict when it is single-use and paid. A read: what holds
 * when payments race is the claim in the paying transaction (store/links.ts claimSingleUseLink) and
 * the attempt's record, made under the same lock (store/transactions.ts insertUnlessDuplicate).
 */
export function checkLinkOpen(link: Pick<LinkRow, 'expires_at' | 'single_use' | 'paid_cod_oper'>): void {
  if (link.expires_at && isLinkExpired(link.expires_at.getTime(), Date.now())) throw new PaymentError('gone', 3000);
  if (link.single_use && link.paid_cod_oper !== null) throw new PaymentError('conflict', 'request_already_paid');
}

export async function payTargetOf(deps: Deps, code: string): Promise<PayTarget> {
  const found = await findLinkByCode(deps.db, code);
  if (found) {
    const link = payableLink(found);
    return { code: link.code, merchantId: link.merchant_id, description: link.description, amountCents: link.amount_cents, taxCents: link.tax_cents, cardTypes: link.card_types, serviceCode: link.service_code, singleUse: link.single_use };
  }
  const station = await findStation(deps.db, code);
  if (station) {
    return { code: station.station_id, merchantId: station.merchant_id, description: station.description, amountCents: station.amount_cents - station.discount_cents, taxCents: 0, cardTypes: null, serviceCode: 'LK', singleUse: false };
  }
  throw new PaymentError('not_found', 'error_to_load');
}

/** The merchant's columns a card payment reads: its checks', and its brand for the receipt and its e-mail. */
export type CardMerchant = Pick<MerchantRow, 'id' | 'name' | 'logo' | 'has_payment_guest' | 'tx_limit_cents' | 'domain_validation' | 'allowed_domains' | 'brand_color' | 'display_name' | 'logo_sha256'>;

/** Whom a card payment pays, as its receipt names it: the merchant, and the link's return address (SPEC 2 /pf/returnpage; '' for none). */
export interface CardPayee {
  merchant: CardMerchant;
  returnUrl: string;
}

export type CardPaymentStart =
  /** The trackId was seen before (double click, retry): the payment answers what the first did; `payee` when the code is a link. */
  | { kind: 'repeat'; earlier: TransactionRow; payee: CardPayee | undefined }
  | { kind: 'new'; target: PayTarget; merchant: CardMerchant; cardCodes: string[]; returnUrl: string };

/**
 * What a card payment reads before its checks, in one query when it pays a link: whether its
 * trackId was seen, the link (open to payment, as payableLink says), its merchant, and the brands
 * of the merchant's enabled card services (merchantCardCodes). A station takes the longer way
 * (payTargetOf). Answers the same errors, in the same order: not_found error_to_load, gone {code: 3000},
 * conflict request_already_paid, not_found Merchant Not Found.
 */
export async function cardPaymentStartOf(deps: Deps, code: string, trackId: string): Promise<CardPaymentStart> {
  const row = await cardPaymentStartRow(deps.db, code, trackId);
  if (!row) throw new Error('cardPaymentStartOf returned no row');
  const merchant: CardMerchant | undefined = row.m_id === null ? undefined : {
    id: row.m_id, name: row.m_name, logo: row.m_logo, has_payment_guest: row.has_payment_guest, tx_limit_cents: row.tx_limit_cents,
    domain_validation: row.domain_validation, allowed_domains: row.allowed_domains,
    brand_color: row.brand_color, display_name: row.display_name, logo_sha256: row.logo_sha256,
  };
  const returnUrl = row.return_url ?? '';
  if (row.earlier_id !== null) {
    const earlier = await findTransactionByTrackId(deps.db, trackId);
    // The earlier attempt paid this code (its charge's fingerprint holds it): the link's merchant is its.
    if (earlier) return { kind: 'repeat', earlier, payee: merchant && earlier.merchant_id === merchant.id && earlier.link_code === row.code ? { merchant, returnUrl } : undefined };
  }
  if (row.code === null) {
    // Not a link: a payment station, or not_found.
    const target = await payTargetOf(deps, code);
    const merchant = await findMerchant(deps.db, target.merchantId);
    if (!merchant) throw new PaymentError('not_found', 'Merchant Not Found');
    return { kind: 'new', target, merchant, cardCodes: await merchantCardCodes(deps.db, merchant.id), returnUrl: '' };
  }
  checkLinkOpen(row);
  const target: PayTarget = {
    code: row.code, merchantId: row.merchant_id, description: row.description, amountCents: row.amount_cents, taxCents: row.tax_cents,
    cardTypes: row.card_types, serviceCode: row.service_code, singleUse: row.single_use,
  };
  if (!merchant) throw new PaymentError('not_found', 'Merchant Not Found');
  return { kind: 'new', target, merchant, cardCodes: cardCodesOf(row.card_codes), returnUrl };
}
