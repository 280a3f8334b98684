import {
  PaymentSecurityEntries, TrackIdSchema, amountToCents, parseCardTypeList, moneySchema, freeText, TEXT_LIMITS, CustomFieldValuesSchema, paymentMethodAvailability, CHANNEL, PaymentMethodEntrySchema, TRANSACTION_TYPES,
  type AvailableMethod, type MethodAvailability,
} from '@pasarela/core';
import * as v from 'valibot';
import { processorOfMethod } from '../gateways/processors';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { payTargetOf, type PayTarget } from './payTarget';
import { checkAmount } from './checkAmount';
import { checkPaymentCaptcha } from './captchaVerdict';
import { checkGuestAllowed } from './cardChecks';
import { findMerchant, listMerchantServices, paymentMethodOf, type MerchantRow } from '../store/merchants';
import { duplicateLockKey, insertUnlessDuplicate, newCodOper } from '../store/insertTransaction';
import { type NewTransaction, type TransactionRow } from '../store/transactions';
import { attemptThatWon, chargeFingerprint, earlierAttempt, identityOf } from './chargeAttempt';
import { duplicateCheckOf, type ChargeIdentity } from '@pasarela/core';

// SPEC 5 amount rules (core amountRules): checkLinkPayment applies the rest (above 0, the merchant limit).
const money = moneySchema();
const text = (max: number, tooLongMessage = 'text_too_long') => freeText(max, { tooLongMessage });

export const LinkPaymentFields = {
  code: v.pipe(text(100, 'missing_arguments'), v.minLength(1, 'missing_arguments')),
  amount: v.optional(money),
  taxAmount: v.optional(money),
  email: v.optional(text(TEXT_LIMITS.email, 'invalid_email'), ''),
  phone: v.optional(text(TEXT_LIMITS.phone, 'invalid_phone_number'), ''),
  concept: v.optional(freeText(TEXT_LIMITS.concept, { multiline: true }), ''),
  description: v.optional(freeText(TEXT_LIMITS.description, { multiline: true }), ''),
  txChannel: v.optional(text(10), CHANNEL.widget),
  trackId: v.optional(TrackIdSchema),
  customFieldValues: v.optional(CustomFieldValuesSchema),
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
  captchaToken?: string | undefined;
}

interface CheckedPayee {
  link: PayTarget;
  merchant: MerchantRow;
  anonymousUserServiceId: number | undefined;
  amountCents: number;
  taxCents: number;
}

export interface CheckedPayment extends CheckedPayee {
  /** What core allows for this link and merchant (cash also checks its network). */
  methods: MethodAvailability;
}


export async function checkLinkPayment(deps: Deps, input: LinkPaymentInput, method: AvailableMethod, anonymousUserServiceId: number | undefined): Promise<CheckedPayment> {
  const checked = await checkLinkPayee(deps, input, anonymousUserServiceId);
  const services = await listMerchantServices(deps.db, checked.merchant.id);
  // SPEC 4 "Method filtering", the same rule the checkout shows: the merchant's services and the link's cardType list.
  const entries = services.map(paymentMethodOf).filter((e) => v.is(PaymentMethodEntrySchema, e));
  const methods = paymentMethodAvailability(entries, checked.link.serviceCode, parseCardTypeList(checked.link.cardTypes));
  if (!methods[method]) {
    // A card (a wallet user's saved one) is refused as a typed card is: card_not_valid.
    if (method === 'card') throw new PaymentError('refused', 'card_not_valid', 'This payment does not take cards');
    throw new PaymentError('not_found', 'service_unavailable', `${method} is not offered for this payment`);
  }
  return { ...checked, methods };
}

/** The payee's checks before the method's own; a typed card goes on to its brand's check (payByCard). */
export async function checkLinkPayee(deps: Deps, input: LinkPaymentInput, anonymousUserServiceId: number | undefined): Promise<CheckedPayee> {
  const link = await payTargetOf(deps, input.code);
  const merchant = await findMerchant(deps.db, link.merchantId);
  if (!merchant) throw new PaymentError('not_found', 'Merchant Not Found');
  checkGuestAllowed(merchant, anonymousUserServiceId);
  const { amountCents, taxCents } = checkAmount(link, input.amount, input.taxAmount, merchant.tx_limit_cents);
  return { link, merchant, anonymousUserServiceId, amountCents, taxCents };
}

type CardCharged = Parameters<typeof duplicateCheckOf>[0];

type MethodFields = Pick<NewTransaction, 'method' | 'status' | 'auth_status' | 'message_key'> & Partial<NewTransaction>;

/** The fingerprint of a link payment's charge; `extra` names what else the method adds (a Nequi push, a cash network...). */
export function linkPaymentFingerprint(
  input: LinkPaymentInput, method: string, extra: Partial<ChargeIdentity> = {},
): string {
  return chargeFingerprint(identityOf({
    method, target: input.code,
    amountCents: input.amount === undefined ? null : amountToCents(input.amount),
    taxCents: input.taxAmount === undefined ? null : amountToCents(input.taxAmount),
    phone: input.phone, email: input.email, ...extra,
  }));
}

/**
 * A repeat of an earlier request with this trackId and charge, looked up before the link's checks, so it
 * is answered again even when the link is paid or expired by now; another charge is track_id_reused.
 * Every link payment starts here, so this is where its captcha is verified, once (a token counts once).
 */
export async function repeatedPayment(deps: Pick<Deps, 'db' | 'captchaRequired' | 'captcha'>, input: LinkPaymentInput, fingerprint: string): Promise<TransactionRow | undefined> {
  await checkPaymentCaptcha(deps, input.captchaToken, { code: input.code }, input.trackId);
  return earlierAttempt(deps.db, input.trackId, fingerprint);
}

/** Records a method's transaction once per trackId; a request with the same trackId that won meanwhile is answered by its row. */
export async function recordPayment(
  deps: Pick<Deps, 'db'>, checked: CheckedPayee, input: LinkPaymentInput, fields: MethodFields, lang: string,
  fingerprint: string = linkPaymentFingerprint(input, fields.method),
): Promise<TransactionRow> {
  return (await recordAttempt(deps, linkTransactionOf(checked, input, fields, lang, fingerprint), null)).row;
}

/**
 * The one insert of an attempt, once per trackId. A card's `charge` is held to SPEC 8's
 * possible_duplicated_tx in the same statement, under one advisory lock per (merchant, card, amount),
 * so two payments of one card at the same moment cannot both pass on any node.
 */
export async function recordAttempt(
  deps: Pick<Deps, 'db' | 'processors'>, given: NewTransaction, charge: CardCharged | null,
): Promise<{ row: TransactionRow; inserted: boolean }> {
  // The processor it goes to, so that only a node that has it settles the attempt.
  const attempt = { ...given, processor: given.processor ?? processorOfMethod(deps.processors, given.method) };
  const trackId = attempt.track_id;
  const fingerprint = attempt.request_fingerprint ?? '';
  const codOper = newCodOper();
  const result = charge
    ? await deps.db.oneStatementLocked(duplicateLockKey(charge), (db) => insertUnlessDuplicate(db, attempt, codOper, duplicateCheckOf(charge)))
    : await insertUnlessDuplicate(deps.db, attempt, codOper, null);
  if (result.kind === 'inserted') return { row: result.row, inserted: true };
  // The same trackId racing in again is a retry, not a second payment. The earlier payment is this
  // card's own (keyed fingerprint), so its payer may go back to it.
  if (result.kind === 'duplicate' && (!trackId || result.trackId !== trackId)) {
    throw new PaymentError('conflict', 'possible_duplicated_tx', result.state, {
      state: result.state, codOper: result.codOper, method: result.method, ...(result.challengeUrl ? { challengeUrl: result.challengeUrl } : {}),
    });
  }
  if (!trackId) throw new Error('payment without trackId not inserted');
  // Another request with this trackId got there first (any node): the same charge, or a conflict.
  return { row: await attemptThatWon(deps.db, trackId, fingerprint), inserted: false };
}

export function linkTransactionOf(checked: CheckedPayee, input: LinkPaymentInput, fields: MethodFields, lang: string, fingerprint: string): NewTransaction {
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
