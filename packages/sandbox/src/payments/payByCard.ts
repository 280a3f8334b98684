import { CardPaymentPayloadSchema, CARD_AUTH_STATUS, CARD_RESULT_STATUS, duplicateCheckOf, isOldVersionServiceCode, processingFailureKey, type CardPaymentPayload, amountToCents, TRANSACTION_TYPES, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { CardAuthorization, CardDecision } from '../gateways/CardProcessor';
import { gatewayCall, GatewayOutcomeUnknown } from '../gateways/GatewayCall';
import { saveUserCard } from '../store/userCards';
import { ApiError } from '../http/ApiError';
import { isConnectionError } from '../db/unavailable';
import { cardPaymentStartOf } from './payTarget';
import { checkAmount } from './checkAmount';
import { mailReceipt } from './receiptMail';
import { checkCard, checkDomain, checkGuestAllowed, donationOf } from './cardChecks';
import { duplicateLockKey, insertUnlessDuplicate, newCodOper, dropUnsentAttempt, type NewTransaction, type TransactionRow } from '../store/transactions';
import { cardFingerprintOf, storedCard } from './cardFingerprint';
import { attemptThatWon, chargeFingerprint, identityOf, sameChargeOrRefuse } from './chargeAttempt';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { cardOutcomeOf } from './gatewayOutcomes';
import { parseOr400 } from './validatePayload';
import { checkPaymentCaptcha } from './captchaVerdict';
import { calledOffMeanwhile, settlePayment } from './settlePayment';

export interface PayContext {
  lang: Language;
  /** The checkout origin, for the 3DS challenge URL. */
  origin: string;
  /** SPEC 6: the anonymous user service id when the caller is a guest (client key, no token). */
  anonymousUserServiceId: number | undefined;
  /** The wallet user paying, when logged in. */
  userId?: number | undefined;
}

/** POST /cards/auth-capture: checks, the simulated gateway, one row per trackId. */
export async function payByCard(deps: Deps, body: unknown, ctx: PayContext): Promise<CardAnswer> {
  const payload = parseOr400(CardPaymentPayloadSchema, body);
  const lang = ctx.lang;
  const trackId = payload.additionalData.trackId;
  await checkPaymentCaptcha(deps, payload.additionalData.captchaToken, { code: payload.code });
  // The card's keyed fingerprint, for the charge's and for the row (one HMAC, not two).
  const cardFingerprint = cardFingerprintOf(payload.cardInformation.cardNumber, deps.cardFingerprintKey);
  const fingerprint = cardPaymentFingerprint(deps.cardFingerprintKey, payload, cardFingerprint);
  // One query: the trackId, the link, its merchant and the merchant's card brands.
  const start = await cardPaymentStartOf(deps, payload.code, trackId);
  // A repeated trackId (double click, retry after a timeout) answers what the first one did;
  // the same trackId on another charge is refused (409 track_id_reused).
  if (start.kind === 'repeat') return cardAnswerOf(sameChargeOrRefuse(start.earlier, fingerprint), lang);
  const { target: link, merchant, cardCodes } = start;
  checkGuestAllowed(merchant, ctx.anonymousUserServiceId);
  checkAmount(link, payload.amount, payload.taxAmount, merchant.tx_limit_cents);
  checkDomain(merchant, payload.additionalData.domainRequested);
  const brand = checkCard(payload, link.cardTypes, cardCodes);

  const digits = payload.cardInformation.cardNumber;
  const card = storedCard(digits, brand, deps.cardFingerprintKey, cardFingerprint);
  const amountCents = amountToCents(payload.amount);
  const codOper = newCodOper();
  const donation = await donationOf(deps, payload, merchant.id);
  // SPEC 8 possible_duplicated_tx at this merchant, unless the payer confirmed a second purchase (tryAgain).
  const duplicate = duplicateCheckOf({ merchantId: merchant.id, cardFingerprint: card.fingerprint, amountCents, tryAgain: payload.tryAgain === true });
  // The duplicate check and the insert hold a lock on (merchant, card, amount): two payments of the
  // same card at the same moment, each with its own trackId, on any of its links, cannot both pass.
  const advisoryLock = duplicateLockKey({ merchantId: merchant.id, cardFingerprint: card.fingerprint, amountCents });
  const txType = payload.transactionsType || TRANSACTION_TYPES.authCapture;
  const newRow: NewTransaction = {
    track_id: trackId,
    link_code: link.code,
    merchant_id: merchant.id,
    method: 'card',
    amount_cents: amountCents,
    tax_cents: amountToCents(payload.taxAmount),
    // The attempt is recorded before the processor is asked: whatever fails after, it is found by its key.
    status: CARD_RESULT_STATUS.processing,
    auth_status: CARD_AUTH_STATUS.processing,
    message_key: 'processing',
    tx_type: txType,
    card_brand: card.brand,
    card_last4: card.last4,
    card_token: card.token,
    card_fingerprint: card.fingerprint,
    payer_name: `${payload.cardInformation.firstName} ${payload.cardInformation.lastName}`.trim(),
    email: payload.email,
    phone: payload.phone,
    concept: payload.concept,
    description: payload.description || link.description,
    lang,
    tx_channel: payload.txChannel,
    redirect_url: null,
    expires_at: null,
    reference: null,
    user_id: ctx.userId ?? null,
    anonymous_user_service_id: ctx.anonymousUserServiceId ?? null,
    details: {},
    ...donation,
    request_fingerprint: fingerprint,
  };
  const result = await deps.db.oneStatementLocked(advisoryLock, (db) => insertUnlessDuplicate(db, newRow, codOper, duplicate));
  // The same trackId racing in at the same moment is a retry, not a second payment.
  if (result.kind === 'duplicate' && result.trackId !== trackId) throw new ApiError(409, 'possible_duplicated_tx');
  // Not inserted: the same trackId got there first (any node), with this charge or another.
  if (result.kind !== 'inserted') return cardAnswerOf(await attemptThatWon(deps.db, trackId, fingerprint), lang);
  const decision = await authorize(deps, result.row, {
    card: { number: digits, expMonth: payload.cardInformation.expMonth, expYear: payload.cardInformation.expYear, cvc: payload.cardInformation.cvv, holder: result.row.payer_name },
    merchant: { name: merchant.name, logo: merchant.logo || null }, lang, capture: txType !== TRANSACTION_TYPES.auth,
  });
  if (decision.status === 'failed') {
    // The processor could not decide and charged nothing: the attempt is forgotten, so the payer's
    // retry (the same trackId) is a new one. SPEC 8 "error_processing_request for an old-version
    // tx failure" (payment_error_try_again otherwise).
    await dropUnsentAttempt(deps.db, codOper);
    throw new ApiError(502, processingFailureKey(payload.isOldVersion ?? isOldVersionServiceCode(payload.serviceCode)));
  }
  const settled = await settlePayment(deps, codOper, {
    ...cardOutcomeOf(decision), ...(decision.status === 'challenge' ? { redirectUrl: new URL(decision.url, ctx.origin).toString() } : {}),
  });
  if (calledOffMeanwhile(settled)) {
    // Authorized for a single-use link another payment paid meanwhile: voided there, charged nowhere.
    throw new ApiError(409, 'request_already_paid', 'This single-use link was paid by another payment');
  }
  const row = settled?.row ?? result.row;
  if (settled?.kind === 'settled' && decision.status === 'approved') {
    await mailReceipt(deps.db, row, merchant.name, ctx.origin);
    // SPEC 3 storeCard: a wallet user's approved card is kept (as a token) for the next payment.
    if (ctx.userId && payload.storeCard === true) await saveUserCard(deps.db, ctx.userId, card, row.payer_name);
  }
  return cardAnswerOf(row, lang);
}

/**
 * Asks the card processor through its port, with the attempt's key. An answer that does not come
 * (the deadline passed, the connection or the adapter failed) leaves the attempt in doubt for the
 * reconciler: the payer hears 504, and the checkout looks the attempt up by its trackId.
 */
async function authorize(deps: Deps, attempt: TransactionRow, request: Pick<CardAuthorization, 'card' | 'merchant' | 'lang' | 'capture'>): Promise<CardDecision> {
  try {
    return await deps.gateways.card.authorize({ ...gatewayCall(attempt.cod_oper), amountCents: attempt.amount_cents + attempt.tax_cents + attempt.campaign_cents, ...request });
  } catch (error) {
    // The database went away (the simulated books live there): the 503 every request gets then.
    if (isConnectionError(error)) throw error;
    // No answer, or a broken one: whether it charged is unknown until the reconciler asks by the key.
    throw new ApiError(504, 'payment_error_try_again', error instanceof GatewayOutcomeUnknown
      ? 'The card processor did not answer in time; the payment is being checked' : 'The card processor failed; the payment is being checked');
  }
}

/**
 * What defines a card payment's charge (core ChargeIdentity): the link, amount, tax, donation and
 * the card's keyed fingerprint (cardFingerprintOf, which the caller has); nothing the payer may
 * retype or the widget may renew on a retry.
 */
export function cardPaymentFingerprint(key: Buffer, payload: CardPaymentPayload, cardFingerprint: string): string {
  const bridge = Number(payload.idCampaignBridge);
  return chargeFingerprint(key, identityOf({
    method: 'card', target: payload.code, amountCents: amountToCents(payload.amount), taxCents: amountToCents(payload.taxAmount),
    donationCents: payload.amountToCampaign && Number.isSafeInteger(bridge) ? amountToCents(payload.amountToCampaign) : 0,
    card: cardFingerprint,
  }));
}
