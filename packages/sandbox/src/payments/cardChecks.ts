import { campaignDonation, cardBrandsOfList, isCardExpiryValid, linkAllowsMethod, parseCardTypeList, type CardBrand, type CardPaymentPayload, amountToCents, centsToAmount, donationRefusal, hostOfPage, isAllowedPage } from '@pasarela/core';

const MAX_INTEGER_ID = 2_147_483_647;
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import type { MerchantRow } from '../store/merchants';
import { activeBridgeBounds } from '../store/campaignBridges';


/** SPEC 5: a campaign amount only with a bridge id; the bridge must be the merchant's; in its currency (pesos whole). */
export async function donationOf(deps: Deps, payload: Donation, merchant: Pick<MerchantRow, 'id' | 'currency'>) {
  const donation = campaignDonation(payload.amountToCampaign, payload.idCampaignBridge);
  if (!donation) return { campaign_bridge_id: null, campaign_cents: 0 };
  const bridgeId = Number(donation.idCampaignBridge);
  const bridge = Number.isSafeInteger(bridgeId) && bridgeId >= 1 && bridgeId <= MAX_INTEGER_ID ? await activeBridgeBounds(deps.db, bridgeId, merchant.id) : undefined;
  if (!bridge) throw new PaymentError('invalid', 'missing_arguments', 'idCampaignBridge names no active campaign of this merchant');
  const refusal = donationRefusal(donation.amountToCampaign, { minAmount: centsToAmount(bridge.min_cents), maxAmount: centsToAmount(bridge.max_cents) }, merchant.currency);
  if (refusal) throw new PaymentError(refusal.kind, refusal.code, refusal.detail);
  return { campaign_bridge_id: bridgeId, campaign_cents: amountToCents(donation.amountToCampaign) };
}

/** A card payment's donation, typed card or saved (CampaignDonationEntries). */
export type Donation = Pick<CardPaymentPayload, 'amountToCampaign' | 'idCampaignBridge'>;

/** The donation's part of a payment's identity (chargeFingerprint): 0 for none. */
export function donationCentsOf(payload: Donation): number {
  const donation = campaignDonation(payload.amountToCampaign, payload.idCampaignBridge);
  return donation ? amountToCents(donation.amountToCampaign) : 0;
}

export function checkCard(payload: CardPaymentPayload, linkCardTypes: string | null, merchantCardCodes: readonly string[]): CardBrand {
  const card = payload.cardInformation;
  if (!isCardExpiryValid(card.expMonth, card.expYear, Date.now())) {
    throw new PaymentError('invalid', 'expired', 'cardInformation.expYear is in the past');
  }
  return checkCardBrand(card.cardType, linkCardTypes, merchantCardCodes);
}

/** The same rule for a typed card and a saved one (refused card_not_valid). */
export function checkCardBrand<B extends string>(brand: B, linkCardTypes: string | null, merchantCardCodes: readonly string[]): B {
  // SPEC 4: a cardType list naming only other methods takes no card.
  const linkList = parseCardTypeList(linkCardTypes);
  if (!linkAllowsMethod('card', linkList)) throw new PaymentError('refused', 'card_not_valid', 'This link does not take cards');
  // Brand tokens narrow the brands; methods alone (CARD, NEQUI, ...) do not.
  const allowedByLink: readonly string[] = cardBrandsOfList(linkList);
  if (allowedByLink.length > 0 && !allowedByLink.includes(brand)) {
    throw new PaymentError('refused', 'card_not_valid', `${brand} is not accepted for this link`);
  }
  if (!merchantCardCodes.includes(brand)) throw new PaymentError('refused', 'card_not_valid');
  return brand;
}

/** SPEC 6 hasPaymentGuest. */
export function checkGuestAllowed(merchant: Pick<MerchantRow, 'name' | 'has_payment_guest'>, anonymousUserServiceId: number | undefined): void {
  if (anonymousUserServiceId !== undefined && !merchant.has_payment_guest) {
    throw new PaymentError('forbidden', 'please_contact_merchant', `${merchant.name} does not take guest payments: log in to a wallet account to pay`);
  }
}

export function checkDomain(merchant: Pick<MerchantRow, 'domain_validation' | 'allowed_domains'>, domainRequested: string): void {
  if (!merchant.domain_validation) return;
  const host = hostOfPage(domainRequested);
  if (!isAllowedPage(Array.isArray(merchant.allowed_domains) ? merchant.allowed_domains : [], domainRequested)) {
    throw new PaymentError('forbidden', 'commerce_problems', `additionalData.domainRequested ${host || '(empty)'} is not an allowed domain of the merchant`);
  }
}

