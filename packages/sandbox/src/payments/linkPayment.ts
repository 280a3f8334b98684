import {
  PaymentSecurityEntries, amountToCents, parseCardTypeList, moneySchema, freeText, TEXT_LIMITS, CustomFieldValuesSchema, paymentMethodAvailability, CHANNEL, PaymentMethodEntrySchema, TRANSACTION_TYPES,
  type AvailableMethod, type MethodAvailability,
} from '@pasarela/core';
import * as v from 'valibot';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { payTargetOf, type PayTarget } from './payTarget';
import { checkAmount } from './checkAmount';
import { checkPaymentCaptcha } from './captchaVerdict';
import { checkGuestAllowed } from './cardChecks';
import { findMerchant, listMerchantServices, paymentMethodOf, type MerchantRow } from '../store/merchants';
import { insertTransaction, newCodOper, type NewTransaction, type TransactionRow } from '../store/transactions';
import { attemptThatWon, chargeFingerprint, earlierAttempt, identityOf } from './chargeAttempt';
import type { ChargeIdentity } from '@pasarela/core';

// SPEC 5 amount rules (core amountRules): checkLinkPayment applies the rest (above 0, the merchant limit).
const money = moneySchema();
const text = (max: number, tooLongMessage = 'text_too_long') => freeText(max, { tooLongMessage });

/** Fields every non-card method sends about the link it pays. */
export const LinkPaymentFields = {
  code: v.pipe(text(100, 'missing_arguments'), v.minLength(1, 'missing_arguments')),
  amount: v.optional(money),
  taxAmount: v.optional(money),
  email: v.optional(text(TEXT_LIMITS.email, 'invalid_email'), ''),
  phone: v.optional(text(TEXT_LIMITS.phone, 'invalid_phone_number'), ''),
  concept: v.optional(freeText(TEXT_LIMITS.concept, { multiline: true }), ''),
  description: v.optional(freeText(TEXT_LIMITS.description, { multiline: true }), ''),
  txChannel: v.optional(text(10), CHANNEL.widget),
  trackId: v.optional(text(64, 'missing_arguments')),
  // SPEC 3: the link's custom field values (methods other than the card send the link's own).
  customFieldValues: v.optional(CustomFieldValuesSchema),
  // The device's fingerprint ids and the captcha token with its score (core paymentSecurity).
  ...PaymentSecurityEntries,
};
export interface LinkPaymentInput {
  code: string;
  amount?: number | undefined;
  taxAmount?: number | undefined;
  email: string;
  phone: string;
  concept: string;
  description: string;
  txChannel: string;
  trackId?: string | undefined;
  /** Verified again here (checkPaymentCaptcha) before anything is checked or recorded. */
  captchaToken?: string | undefined;
}

export interface CheckedPayment {
  link: PayTarget;
  merchant: MerchantRow;
  /** Set when a guest pays (SPEC 6), recorded on the transaction. */
  anonymousUserServiceId: number | undefined;
  amountCents: number;
  taxCents: number;
  /** What core allows for this link and merchant (a cash payment also checks its network). */
  methods: MethodAvailability;
}


/** The checks every method shares: payable link, merchant, guest flag, limit, the method enabled. */
export async function checkLinkPayment(deps: Deps, input: LinkPaymentInput, method: AvailableMethod, anonymousUserServiceId: number | undefined): Promise<CheckedPayment> {
  await checkPaymentCaptcha(deps, input.captchaToken, { code: input.code });
  const link = await payTargetOf(deps, input.code);
  const merchant = await findMerchant(deps.db, link.merchantId);
  if (!merchant) throw new PaymentError('not_found', 'Merchant Not Found');
  checkGuestAllowed(merchant, anonymousUserServiceId);
  const { amountCents, taxCents } = checkAmount(link, input.amount, input.taxAmount, merchant.tx_limit_cents);
  const services = await listMerchantServices(deps.db, merchant.id);
  // SPEC 4 "Method filtering", the same rule the checkout shows: the merchant's services and the link's cardType list.
  const entries = services.map(paymentMethodOf).filter((e) => v.is(PaymentMethodEntrySchema, e));
  const methods = paymentMethodAvailability(entries, link.serviceCode, parseCardTypeList(link.cardTypes));
  if (!methods[method]) {
    // A card (a wallet user's saved one) is refused as a typed card is: card_not_valid.
    if (method === 'card') throw new PaymentError('refused', 'card_not_valid', 'This payment does not take cards');
    throw new PaymentError('not_found', 'service_unavailable', `${method} is not offered for this payment`);
  }
  return { link, merchant, anonymousUserServiceId, amountCents, taxCents, methods };
}

type MethodFields = Pick<NewTransaction, 'method' | 'status' | 'auth_status' | 'message_key'> & Partial<NewTransaction>;

/**
 * The fingerprint of a link payment's charge: method, code, amount and tax as sent, phone and
 * e-mail, and what else the method names (`extra`: a Nequi push or QR, a cash network, a saved card).
 */
export function linkPaymentFingerprint(
  deps: Pick<Deps, 'cardFingerprintKey'>, input: LinkPaymentInput, method: string, extra: Partial<ChargeIdentity> = {},
): string {
  return chargeFingerprint(deps.cardFingerprintKey, identityOf({
    method, target: input.code,
    amountCents: input.amount === undefined ? null : amountToCents(input.amount),
    taxCents: input.taxAmount === undefined ? null : amountToCents(input.taxAmount),
    phone: input.phone, email: input.email, ...extra,
  }));
}

/**
 * A repeat of an earlier request with this trackId and charge, looked up before the link's checks:
 * the payment it made is answered again even when the link is paid or expired by now.
 * The trackId on another charge is conflict track_id_reused.
 */
export async function repeatedPayment(deps: Pick<Deps, 'db' | 'captchaRequired'>, input: LinkPaymentInput, fingerprint: string): Promise<TransactionRow | undefined> {
  await checkPaymentCaptcha(deps, input.captchaToken, { code: input.code });
  return earlierAttempt(deps.db, input.trackId, fingerprint);
}

/**
 * Records a method's transaction once per trackId: a repeat of the same charge returns the first
 * row, the trackId on another charge is conflict track_id_reused. `fingerprint` is the route's
 * linkPaymentFingerprint when it names more than the method and the link fields.
 */
export async function recordPayment(
  deps: Pick<Deps, 'db' | 'cardFingerprintKey'>, checked: CheckedPayment, input: LinkPaymentInput, fields: MethodFields, lang: string,
  fingerprint: string = linkPaymentFingerprint(deps, input, fields.method),
): Promise<TransactionRow> {
  const earlier = await earlierAttempt(deps.db, input.trackId, fingerprint);
  if (earlier) return earlier;
  const row = await insertTransaction(deps.db, linkTransactionOf(checked, input, fields, lang, fingerprint), newCodOper());
  if (row) return row;
  if (!input.trackId) throw new Error('payment without trackId not inserted');
  // Another request with this trackId got there first (any node): the same charge, or a conflict.
  return attemptThatWon(deps.db, input.trackId, fingerprint);
}

/** The transaction a link payment records: the link's and the request's fields, then the method's. */
export function linkTransactionOf(checked: CheckedPayment, input: LinkPaymentInput, fields: MethodFields, lang: string, fingerprint: string): NewTransaction {
  return {
    track_id: input.trackId ?? null, link_code: checked.link.code, merchant_id: checked.merchant.id,
    amount_cents: checked.amountCents, tax_cents: checked.taxCents, tx_type: TRANSACTION_TYPES.authCapture,
    card_brand: null, card_last4: null, card_token: null, card_fingerprint: null, payer_name: '',
    email: input.email, phone: input.phone, concept: input.concept, description: input.description || checked.link.description,
    lang, tx_channel: input.txChannel, redirect_url: null, expires_at: null, reference: null, user_id: null, anonymous_user_service_id: checked.anonymousUserServiceId ?? null, details: {}, campaign_bridge_id: null, campaign_cents: 0,
    request_fingerprint: fingerprint,
    ...fields,
  };
}
