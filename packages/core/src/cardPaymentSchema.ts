import * as v from 'valibot';
import { PaymentSecurityEntries } from './paymentSecurity';
import { CARD_BRANDS, cardBrandOf, passesLuhn } from './cards';
import { CHANNEL, DEFAULT_ADDRESS, DEFAULT_CITY, DEFAULT_CONCEPT, DEFAULT_LANGUAGE, DEFAULT_POSTAL_CODE, LANGUAGES, THREE_DS_RESULT_TYPE } from './constants';
import { moneySchema } from './amountRules';
import { TEXT_LIMITS, freeText, jsonHasForbiddenCharacters } from './freeText';
import { payerEmail } from './validation';

// Apart from cardPayment.ts so the checkout, which never parses payloads, does not ship it.

const text = (max: number, multiline = false) => freeText(max, { multiline });
const str = (max: number = TEXT_LIMITS.concept, multiline = false) => v.pipe(text(max, multiline), v.check((s) => s.trim() !== '', 'missing_arguments'));
const optStr = (max: number = TEXT_LIMITS.description) => v.optional(text(max));
export const CustomFieldValuesSchema = v.pipe(
  v.array(v.unknown(), 'missing_arguments'),
  v.maxLength(50, 'missing_arguments'),
  v.check((values) => !jsonHasForbiddenCharacters(values, { multiline: true }), 'invalid_characters'),
  v.check((values) => JSON.stringify(values).length <= 50 * TEXT_LIMITS.customValue, 'text_too_long'),
);

export const CardNumberSchema = v.pipe(str(19), v.check((s) => /^\d{12,19}$/.test(s) && passesLuhn(s) && cardBrandOf(s) !== null, 'invalid_card'));

/**
 * The vault's token as `POST /v1/cards` answers it, `tok_<key>.<seal>`: its key (`tok_` and 24 random
 * bytes in base64url, 32 characters), and after a dot the card's facts sealed for the server (40 to 600
 * base64url characters; packages/vault cardFacts.ts). The key alone is a token too: the server then asks
 * the vault for the facts. Unanchored, for patterns that find a token inside a longer text.
 */
export const CARD_TOKEN_SOURCE = 'tok_[A-Za-z0-9_-]{32}(?:\\.[A-Za-z0-9_-]{40,600})?';

/** A whole string that is the vault's token (CARD_TOKEN_SOURCE), with or without its seal. */
export const CARD_TOKEN_PATTERN = new RegExp(`^${CARD_TOKEN_SOURCE}$`);

/**
 * Issue 90: the card number and CVC never reach the server. `cardNumber` carries the vault's token in
 * the number's place; a number (or anything else) there, or any CVC, is refused naming the field.
 */
export const CardTokenSchema = v.pipe(v.string('missing_arguments'), v.regex(CARD_TOKEN_PATTERN, 'card_token_required'));
const NoCvc = v.optional(v.never('card_token_required'));

/**
 * SPEC 7's text ("03", "2029"), or the vault's answer as it comes (`expMonth: 3`, `expYear: 2029`,
 * docs/security.md "Card data"): read as text, a month of one digit given its zero.
 */
const expiryPart = (width: 2 | 4) =>
  v.union([str(width), v.pipe(v.number(), v.transform((n) => (width === 2 ? String(n).padStart(2, '0') : String(n))))], 'missing_arguments');

export const CardInformationSchema = v.object(
  {
    cardNumber: CardTokenSchema,
    expMonth: v.pipe(expiryPart(2), v.regex(/^(0[1-9]|1[0-2])$/, 'expired')),
    expYear: v.pipe(expiryPart(4), v.regex(/^(\d{2}|\d{4})$/, 'expired')),
    cvv: NoCvc,
    firstName: str(TEXT_LIMITS.name),
    lastName: str(TEXT_LIMITS.name),
    cardType: v.picklist(CARD_BRANDS, 'card_not_valid'),
  },
  'missing_arguments',
);

/** SPEC 3 amountToCampaign and idCampaignBridge: a donation with a card payment, typed or saved. */
export const CampaignDonationEntries = {
  amountToCampaign: v.optional(moneySchema()),
  idCampaignBridge: v.optional(v.union([v.number(), text(20)], 'missing_arguments')),
};

export const CardPaymentPayloadSchema = v.pipe(v.object(
  {
    cclw: str(60),
    code: str(100),
    amount: moneySchema({ positive: true }),
    taxAmount: v.optional(moneySchema(), 0),
    // SPEC 5 invalid_email by the card form's rule (core validation.ts), the support address included.
    email: v.pipe(str(TEXT_LIMITS.email), payerEmail()),
    // SPEC 5 invalid_phone_number is checked with the merchant's country (payByCard), as the card form reads it.
    phone: v.optional(text(TEXT_LIMITS.phone), ''),
    // The server applies SPEC 5's defaults too, so a hand-made request may omit them.
    address: v.optional(str(TEXT_LIMITS.address), DEFAULT_ADDRESS),
    city: v.optional(str(TEXT_LIMITS.title), DEFAULT_CITY),
    ip: v.optional(text(64), ''),
    // The link's detail may keep a line break of its description.
    concept: v.optional(str(TEXT_LIMITS.concept, true), DEFAULT_CONCEPT),
    description: v.optional(text(TEXT_LIMITS.description, true), ''),
    cardInformation: CardInformationSchema,
    additionalData: v.looseObject(
      {
        domainRequested: v.optional(text(253), ''),
        trackId: v.pipe(str(64), v.maxLength(64, 'missing_arguments')),
        zipCode: v.optional(str(20), DEFAULT_POSTAL_CODE),
        street: v.optional(str(TEXT_LIMITS.address), DEFAULT_ADDRESS),
        country: optStr(TEXT_LIMITS.code),
        scoreCaptcha: PaymentSecurityEntries.scoreCaptcha,
        captchaToken: PaymentSecurityEntries.captchaToken,
      },
      'missing_arguments',
    ),
    customFieldValues: v.optional(CustomFieldValuesSchema, []),
    txChannel: v.optional(str(TEXT_LIMITS.code), CHANNEL.checkout),
    lang: v.optional(v.picklist(LANGUAGES, 'missing_arguments'), DEFAULT_LANGUAGE),
    serviceCode: v.optional(text(TEXT_LIMITS.code), 'LK'),
    // Absent: the link's (a hold on a manual-capture link); given, it must agree with it (payByCard).
    transactionsType: v.optional(text(TEXT_LIMITS.code)),
    isOldVersion: v.optional(v.boolean('missing_arguments')),
    ...CampaignDonationEntries,
    storeCard: v.optional(v.boolean('missing_arguments')),
    tryAgain: v.optional(v.boolean('missing_arguments')),
    returnUrlString: optStr(2000),
    deviceInformation: PaymentSecurityEntries.deviceInformation,
    pfFingerprint: PaymentSecurityEntries.pfFingerprint,
    pfFingerprintIntegration: PaymentSecurityEntries.pfFingerprintIntegration,
    // Each held to the one value a card payment can have; omitted, it gets that value.
    ipCheck: v.optional(text(64), ''),
    isForm: v.optional(v.boolean('missing_arguments'), false),
    isCashPayment: v.optional(v.literal(false, 'invalid_arguments'), false),
    processDate: v.optional(v.pipe(v.string('missing_arguments'), v.maxLength(40, 'missing_arguments'), v.isoTimestamp('missing_arguments'))),
    cashExpirationDate: v.optional(v.null('invalid_arguments'), null),
    idService: v.optional(v.nullable(v.pipe(v.number('missing_arguments'), v.safeInteger('missing_arguments'), v.minValue(1, 'missing_arguments'))), null),
    codePay: v.optional(str(100)),
    resultType: v.optional(v.literal(THREE_DS_RESULT_TYPE, 'invalid_arguments'), THREE_DS_RESULT_TYPE),
  },
  'missing_arguments',
),
// A body naming two codes is refused rather than guessed at.
v.forward(v.partialCheck([['code'], ['codePay']], (p) => p.codePay === undefined || p.codePay === p.code, 'invalid_arguments'), ['codePay']),
);
export type CardPaymentPayload = v.InferOutput<typeof CardPaymentPayloadSchema>;
