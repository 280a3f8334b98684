import { fingerprintFields, type PaymentSecurity } from './paymentSecurity';
import { cardBrandOf, digitsOnly } from './cards';
import {
  DEFAULT_ADDRESS, DEFAULT_CITY, DEFAULT_CONCEPT, DEFAULT_COUNTRY, DEFAULT_POSTAL_CODE, THREE_DS_RESULT_TYPE,
} from './constants';
import { isOldVersionServiceCode } from './serviceCodes';
import type { Language } from './constants';
import { campaignDonation, roundAmount } from './money';
import { splitFullName } from './names';
import { parseExpiry } from './cardExpiry';
import type { CardPaymentPayload } from './cardPaymentSchema';

// The server's schema is cardPaymentSchema.ts, apart so the checkout does not ship it.

interface CardPaymentFormValues {
  email: string;
  phone: string;
  name: string;
  cardnumber: string;
  expirationDate: string;
  cvc: string;
  country?: string | undefined;
  city?: string | undefined;
  userAddress?: string | undefined;
  postalCode?: string | undefined;
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

/** Throws TypeError('invalid_card') for a number of no known brand. */
export function buildCardPaymentPayload(input: CardPaymentInput): CardPaymentPayload {
  const { form } = input;
  const cardType = cardBrandOf(form.cardnumber);
  const expiry = parseExpiry(form.expirationDate);
  if (!cardType) throw new TypeError('invalid_card');
  if (!expiry) throw new TypeError('expired');
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
      cardNumber: digitsOnly(form.cardnumber),
      expMonth: String(expiry.month).padStart(2, '0'),
      expYear: String(expiry.year % 100).padStart(2, '0'),
      cvv: form.cvc.trim(),
      firstName,
      lastName,
      cardType,
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
