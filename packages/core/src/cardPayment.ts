import { fingerprintFields, type PaymentSecurity } from './paymentSecurity';
import type { CardBrand } from './cards';
import {
  DEFAULT_ADDRESS, DEFAULT_CITY, DEFAULT_CONCEPT, DEFAULT_COUNTRY, DEFAULT_POSTAL_CODE, THREE_DS_RESULT_TYPE,
} from './constants';
import { isOldVersionServiceCode } from './serviceCodes';
import type { Language } from './constants';
import { campaignDonation, roundAmount } from './money';
import { splitFullName } from './names';
import type { CardPaymentPayload } from './cardPaymentSchema';

// The server's schema is cardPaymentSchema.ts, apart so the checkout does not ship it.

interface CardPaymentFormValues {
  email: string;
  phone: string;
  name: string;
  country?: string | undefined;
  city?: string | undefined;
  userAddress?: string | undefined;
  postalCode?: string | undefined;
}

/** The vault's answer to the card fields (`POST /v1/cards`): a token and the card's non-secret facts. */
export interface VaultCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

interface CardPaymentInput {
  cclw: string;
  code: string;
  amount: number;
  taxAmount?: number | null | undefined;
  description?: string | null | undefined;
  concept?: string | null | undefined;
  serviceCode: string;
  transactionsType: string;
  form: CardPaymentFormValues;
  /** The card as the vault tokenized it: its number and CVC never pass through here (issue 90). */
  card: VaultCard;
  ip: string;
  domainRequested: string;
  /** One per Pay click: the server answers a repeated trackId once. */
  trackId: string;
  lang: Language;
  txChannel: string;
  customFieldValues?: unknown[] | undefined;
  campaign?: { amount: number | null | undefined; idCampaignBridge: number | string | null | undefined } | undefined;
  security?: PaymentSecurity | undefined;
  returnUrlString?: string | undefined;
  storeCard?: boolean | undefined;
  tryAgain?: boolean | undefined;
  processDate: Date;
  idService?: number | null | undefined;
  /** SPEC 7 "form variant": posted by the hidden form, not the checkout's call. */
  isForm?: boolean | undefined;
}

const orDefault = (value: string | null | undefined, fallback: string) => (value && value.trim() !== '' ? value.trim() : fallback);

/** SPEC 7's card payload with the vault's token in the number's place and no CVC (the vault holds it). */
export function buildCardPaymentPayload(input: CardPaymentInput): CardPaymentPayload {
  const { form, card } = input;
  const { firstName, lastName } = splitFullName(form.name);
  const address = orDefault(form.userAddress, DEFAULT_ADDRESS);
  const donation = input.campaign ? campaignDonation(input.campaign.amount, input.campaign.idCampaignBridge) : null;
  const payload: CardPaymentPayload = {
    cclw: input.cclw,
    code: input.code,
    amount: roundAmount(input.amount),
    taxAmount: roundAmount(input.taxAmount ?? 0),
    email: form.email.trim(),
    phone: form.phone.trim(),
    address,
    city: orDefault(form.city, DEFAULT_CITY),
    ip: input.ip,
    concept: orDefault(input.concept, DEFAULT_CONCEPT),
    description: input.description ?? '',
    cardInformation: {
      cardNumber: card.token,
      expMonth: String(card.expMonth).padStart(2, '0'),
      expYear: String(card.expYear % 100).padStart(2, '0'),
      firstName,
      lastName,
      cardType: card.brand,
    },
    additionalData: {
      domainRequested: input.domainRequested,
      trackId: input.trackId,
      zipCode: orDefault(form.postalCode, DEFAULT_POSTAL_CODE),
      street: address,
      country: orDefault(form.country, DEFAULT_COUNTRY),
      ...(input.security ? { scoreCaptcha: input.security.scoreCaptcha, ...(input.security.captchaToken ? { captchaToken: input.security.captchaToken } : {}) } : {}),
    },
    customFieldValues: input.customFieldValues ?? [],
    txChannel: input.txChannel,
    lang: input.lang,
    serviceCode: input.serviceCode,
    transactionsType: input.transactionsType,
    isOldVersion: isOldVersionServiceCode(input.serviceCode),
    // A challenge comes back as an address the checkout follows (SPEC 9 WEB_REDIRECT).
    ipCheck: input.ip,
    isForm: input.isForm ?? false,
    isCashPayment: false,
    processDate: input.processDate.toISOString(),
    cashExpirationDate: null,
    idService: input.idService ?? null,
    codePay: input.code,
    resultType: THREE_DS_RESULT_TYPE,
    storeCard: input.storeCard ?? false,
    tryAgain: input.tryAgain ?? false,
  };
  if (donation) Object.assign(payload, donation);
  if (input.returnUrlString) payload.returnUrlString = input.returnUrlString;
  if (input.security) Object.assign(payload, fingerprintFields(input.security));
  return payload;
}
