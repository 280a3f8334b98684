import {
  PaymentSecurityEntries, TrackIdSchema, amountToCents, parseCardTypeList, moneySchema, freeText, TEXT_LIMITS, CustomFieldValuesSchema, customFieldAnswersOf, paymentMethodAvailability, CHANNEL, PaymentMethodEntrySchema, TRANSACTION_TYPES,
  payerEmail, type AvailableMethod, type Language, type MethodAvailability, type MethodPrice,
} from '@pasarela/core';
import * as v from 'valibot';
import { phoneErrorKey } from '@pasarela/core/phone';
import type { CashNetwork } from '@pasarela/gateways';
import { processorOfMethod } from '../gateways/processors';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { namingThePaymentThatPaid, payTargetFrom, payTargetOf, type PayTarget } from './payTarget';
import { checkAmount } from './checkAmount';
import { captchaSpentError, captchaTokenHash, spendOrRefuse, verifyPaymentCaptcha, type CaptchaSpend } from './captchaVerdict';
import { announceTransaction } from '../changes/announcements';
import type { Queryable } from '../db/Database';
import { checkGuestAllowed } from './cardChecks';
import { findMerchant, listMerchantServices, paymentMethodOf, type MerchantRow, type MerchantServiceRow } from '../store/merchants';
import { readPaymentOpening, type PaymentOpening } from '../store/paymentOpening';
import { cardTokenHash } from '../store/cardTokenUses';
import { insertUnlessDuplicate, newCodOper } from '../store/insertTransaction';
import { paidCentsOf, type NewTransaction, type TransactionRow } from '../store/transactions';
import { attemptThatWon, chargeFingerprint, identityOf, sameChargeOrRefuse } from './chargeAttempt';
import { duplicateCheckOf, type ChargeIdentity } from '@pasarela/core';
import type { JustRecorded } from './settlePayment';
import { spentCvcError } from './vaultCard';

// SPEC 5 amount rules (core amountRules): checkLinkPayment applies the rest (above 0, the merchant limit).
const money = moneySchema();
const text = (max: number, tooLongMessage = 'text_too_long') => freeText(max, { tooLongMessage });

export const LinkPaymentFields = {
  code: v.pipe(text(100, 'missing_arguments'), v.minLength(1, 'missing_arguments')),
  amount: v.optional(money),
  taxAmount: v.optional(money),
  // SPEC 5 invalid_email, as a card payment's: the voucher, the receipt and the payer's questions go there.
  email: v.optional(v.pipe(text(TEXT_LIMITS.email, 'invalid_email'), payerEmail({ emptyAllowed: true })), ''),
  // SPEC 5 invalid_phone_number, as the voucher's form checks it: without a country code, Panama's (where
  // the cash networks are). A Nequi push and Yappy take theirs by their own rules (routes/payer).
  phone: v.optional(v.pipe(text(TEXT_LIMITS.phone, 'invalid_phone_number'), v.check((p) => p === '' || phoneErrorKey(p, 'PA') === null, 'invalid_phone_number')), ''),
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
  /** What the checkout sent for the custom fields it asked (CustomFieldValuesSchema): kept with the payment as its answers. */
  customFieldValues?: unknown[] | undefined;
}

interface CheckedPayee {
  link: PayTarget;
  merchant: MerchantRow;
  anonymousUserServiceId: number | undefined;
  amountCents: number;
  taxCents: number;
  /** The merchant's enabled services, when read with the link. */
  services?: readonly MerchantServiceRow[] | undefined;
  /** The merchant's prices, when read with the link: its approval is then settled in one statement (settlePayment). */
  prices?: Record<string, MethodPrice> | undefined;
}

export interface CheckedPayment extends CheckedPayee {
  /** What core allows for this link and merchant (cash also checks its network). */
  methods: MethodAvailability;
}


/** `cashNetwork`: a voucher's network, which the merchant must offer on its own (SPEC 4 "Cash and cash-point availability flags"). */
export async function checkLinkPayment(
  deps: Deps, input: LinkPaymentInput, method: AvailableMethod, anonymousUserServiceId: number | undefined, cashNetwork?: CashNetwork,
): Promise<CheckedPayment> {
  const checked = await checkLinkPayee(deps, input, anonymousUserServiceId);
  const services = checked.services ?? (await listMerchantServices(deps.db, checked.merchant.id));
  // SPEC 4 "Method filtering", the same rule the checkout shows: the merchant's services and the link's cardType list.
  const entries = services.map(paymentMethodOf).filter((e) => v.is(PaymentMethodEntrySchema, e));
  const methods = paymentMethodAvailability(entries, checked.link.serviceCode, parseCardTypeList(checked.link.cardTypes));
  if (!methods[method]) {
    // A card (a wallet user's saved one) is refused as a typed card is: card_not_valid.
    if (method === 'card') throw new PaymentError('refused', 'card_not_valid', 'This payment does not take cards');
    throw new PaymentError('not_found', 'service_unavailable', `${method} is not offered for this payment`);
  }
  if (cashNetwork && !(cashNetwork === 'PAYCASH' ? methods.payCash : methods.cashPoint)) {
    throw new PaymentError('not_found', 'service_unavailable', `${cashNetwork === 'PAYCASH' ? 'pay-cash' : 'cash-point'} vouchers are not offered for this payment`);
  }
  return { ...checked, services, methods };
}

/** The payee's checks before the method's own; a typed card goes on to its brand's check (payByCard). */
export async function checkLinkPayee(deps: Deps, input: LinkPaymentInput, anonymousUserServiceId: number | undefined): Promise<CheckedPayee> {
  const opening = openings.get(input);
  let link: PayTarget;
  try {
    link = opening ? payTargetFrom(opening.link, opening.station) : await payTargetOf(deps, input.code);
  } catch (error) {
    // Paid in another browser after this one read the order: said so there, with that payment's receipt.
    throw await namingThePaymentThatPaid(deps.db, input.code, error);
  }
  const merchant = opening ? opening.merchant : await findMerchant(deps.db, link.merchantId);
  if (!merchant) throw new PaymentError('not_found', 'Merchant Not Found');
  checkGuestAllowed(merchant, anonymousUserServiceId);
  const { amountCents, taxCents } = checkAmount(link, input.amount, input.taxAmount, merchant.tx_limit_cents, merchant.currency);
  return { link, merchant, anonymousUserServiceId, amountCents, taxCents, services: opening?.services, prices: opening?.prices };
}

/** The card a payment charges, for SPEC 8's duplicate rule; the amount it compares is the attempt's charge (recordAttempt). */
type CardCharged = Omit<Parameters<typeof duplicateCheckOf>[0], 'amountCents'>;

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
export async function repeatedPayment(
  deps: Pick<Deps, 'db' | 'captchaRequired' | 'captcha'>, input: LinkPaymentInput, fingerprint: string, given?: PaymentOpening,
): Promise<TransactionRow | undefined> {
  // Read here unless the method read it for its own checks first (readOpening).
  const opening = given ?? (await readOpening(deps, input));
  const { merchant } = opening;
  const captchaPayee = merchant ? { id: merchant.id, captchaRequired: merchant.captcha_required, earlierUse: opening.captchaUse } : null;
  const spend = await verifyPaymentCaptcha(deps, input.captchaToken, { code: input.code }, input.trackId, captchaPayee);
  const earlier = opening.earlier && sameChargeOrRefuse(opening.earlier, fingerprint);
  openings.set(input, opening);
  // A new payment spends its token in its attempt's statement (one commit); an answer again spends it now.
  if (spend && earlier) await spendOrRefuse(deps.db, spend);
  else if (spend) pendingSpends.set(input, spend);
  return earlier;
}

/**
 * The captcha's merchant and token, the trackId's payment, the link and its merchant (and the wallet
 * card a saved card's payment names): one read, which a method may use for its own checks first (a
 * Nequi push's phone, a saved card) and hand to repeatedPayment.
 */
export function readOpening(deps: Pick<Deps, 'db'>, input: LinkPaymentInput, walletUser?: { userId: number; cardId: number | null }): Promise<PaymentOpening> {
  return readPaymentOpening(deps.db, input.code, input.trackId || null, input.captchaToken === undefined ? null : captchaTokenHash(input.captchaToken), walletUser);
}

/** The token a payment's checks accepted, spent by its attempt's insert (recordAttempt) or by balancePaymentSpend. */
const pendingSpends = new WeakMap<LinkPaymentInput, CaptchaSpend>();
/** What repeatedPayment read, for the payee's checks that follow it. */
const openings = new WeakMap<LinkPaymentInput, PaymentOpening>();
const attemptSpends = new WeakMap<NewTransaction, CaptchaSpend>();

/** The wallet balance's payment records in its own transaction: its token is spent there. */
export async function spendPendingCaptcha(tx: Queryable, input: LinkPaymentInput): Promise<void> {
  const spend = pendingSpends.get(input);
  if (spend) await spendOrRefuse(tx, spend);
}

/** Records a method's transaction once per trackId; a request with the same trackId that won meanwhile is answered by its row. */
export async function recordPayment(
  deps: Pick<Deps, 'db'>, checked: CheckedPayee, input: LinkPaymentInput, fields: MethodFields, lang: string,
  fingerprint: string = linkPaymentFingerprint(input, fields.method),
): Promise<{ row: TransactionRow; inserted: boolean }> {
  return recordAttempt(deps, linkTransactionOf(checked, input, fields, lang, fingerprint), null);
}

/** A link payment's attempt: the earlier one with this trackId, else recorded now with what its checks read. */
export async function linkPaymentAttempt(
  deps: Deps, input: LinkPaymentInput, method: AvailableMethod, anonymousUserServiceId: number | undefined, fields: MethodFields, lang: string, fingerprint: string,
  opening?: PaymentOpening, cashNetwork?: CashNetwork,
): Promise<{ attempt: TransactionRow; merchant: MerchantRow | undefined; justRecorded: Omit<JustRecorded, 'row'> | undefined; inserted: boolean }> {
  const earlier = await repeatedPayment(deps, input, fingerprint, opening);
  if (earlier) return { attempt: earlier, merchant: undefined, justRecorded: undefined, inserted: false };
  const checked = await checkLinkPayment(deps, input, method, anonymousUserServiceId, cashNetwork);
  const { row, inserted } = await recordAttempt(deps, linkTransactionOf(checked, input, fields, lang, fingerprint), null);
  const justRecorded = inserted && checked.prices ? { singleUseLink: checked.link.singleUse, prices: checked.prices } : undefined;
  return { attempt: row, merchant: checked.merchant, justRecorded, inserted };
}

/**
 * The one insert of an attempt, once per trackId. A card's `charge` is held to SPEC 8's
 * possible_duplicated_tx in the same statement, under one advisory lock per (merchant, card, amount),
 * so two payments of one card at the same moment cannot both pass on any node.
 */
export async function recordAttempt(
  deps: Pick<Deps, 'db' | 'processors'>, given: NewTransaction, charge: CardCharged | null,
  /** A typed card's vault token (its key), spent by this attempt alone (store/cardTokenUses.ts); `field` names it in a refusal. */
  cardToken?: { key: string; field: string },
): Promise<{ row: TransactionRow; inserted: boolean }> {
  // The processor it goes to, so that only a node that has it settles the attempt.
  const attempt = { ...given, processor: given.processor ?? processorOfMethod(deps.processors, given.method) };
  const trackId = attempt.track_id;
  const fingerprint = attempt.request_fingerprint ?? '';
  const codOper = newCodOper();
  // tryAgain makes no check, so it takes no lock: only a checked insert waits for its card's others.
  // "Same amount": what the card is charged, the amount with its tax and any donation, the total the payer's question names.
  const check = charge ? duplicateCheckOf({ ...charge, amountCents: paidCentsOf(attempt) }) : null;
  // The captcha token spent, the duplicate rule's lock and check, and the attempt recorded in one
  // statement, one commit; told to every node after it.
  const shape = { captchaTokenHash: attemptSpends.get(given)?.tokenHash, cardTokenHash: cardToken && cardTokenHash(cardToken.key), announcedByNode: true };
  const result = await insertUnlessDuplicate(deps.db, attempt, codOper, check, shape);
  if (result.kind === 'captcha_spent') throw captchaSpentError();
  if (result.kind === 'card_token_spent') throw spentCvcError(cardToken?.field ?? 'card');
  if (result.kind === 'inserted') {
    announceTransaction(deps.db, result.row);
    return { row: result.row, inserted: true };
  }
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

/** What the payer read: the link's description in the payment's language when the merchant wrote one, else its default. */
function descriptionIn(target: PayTarget, lang: string): string {
  return (Object.hasOwn(target.descriptions, lang) ? target.descriptions[lang as Language] : undefined) ?? target.description;
}

export function linkTransactionOf(checked: CheckedPayee, input: LinkPaymentInput, fields: MethodFields, lang: string, fingerprint: string): NewTransaction {
  const attempt: NewTransaction = {
    track_id: input.trackId ?? null, link_code: checked.link.code, merchant_id: checked.merchant.id,
    amount_cents: checked.amountCents, tax_cents: checked.taxCents, tx_type: TRANSACTION_TYPES.authCapture,
    card_brand: null, card_last4: null, card_token: null, card_fingerprint: null, payer_name: '',
    email: input.email, phone: input.phone, concept: input.concept, description: input.description || descriptionIn(checked.link, lang),
    lang, tx_channel: input.txChannel, redirect_url: null, expires_at: null, reference: null, user_id: null, anonymous_user_service_id: checked.anonymousUserServiceId ?? null, details: {}, campaign_bridge_id: null, campaign_cents: 0,
    request_fingerprint: fingerprint, custom_field_values: customFieldAnswersOf(input.customFieldValues),
    ...fields,
  };
  const spend = pendingSpends.get(input);
  // Spent for the merchant and trackId the attempt records.
  if (spend && spend.merchantId === attempt.merchant_id && spend.trackId === (attempt.track_id ?? '')) attemptSpends.set(attempt, spend);
  return attempt;
}
