import type { CardAuthorization } from '@pasarela/gateways';
import { cardBrandOf, CardPaymentPayloadSchema, CARD_AUTH_STATUS, CARD_RESULT_STATUS, duplicateCheckOf, isOldVersionServiceCode, processingFailureKey, processorName, type CardPaymentPayload, amountToCents, TRANSACTION_TYPES, type Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import { findMerchant } from '../store/merchants';
import { saveUserCard } from '../store/userCards';
import { PaymentError } from '../errors/PaymentError';
import { callInDoubt, IN_DOUBT } from './inDoubt';
import { cardPaymentStartOf, type CardPayee } from './payTarget';
import { checkAmount } from './checkAmount';
import { mailReceipt } from './receiptMail';
import { checkCard, checkDomain, checkGuestAllowed, donationOf } from './cardChecks';
import { duplicateLockKey, insertUnlessDuplicate, newCodOper, dropUnsentAttempt, writeOutcomeIfUnchanged, type NewTransaction, type PaymentOutcome, type TransactionRow } from '../store/transactions';
import { cardFingerprintOf, storedCard } from './cardFingerprint';
import { attemptThatWon, chargeFingerprint, identityOf, sameChargeOrRefuse } from './chargeAttempt';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { cardOutcomeOf } from './gatewayOutcomes';
import { parseOr400 } from './validatePayload';
import { checkPaymentCaptcha } from './captchaVerdict';
import { calledOffMeanwhile, settlePayment, type Settlement } from './settlePayment';
import { issuerPageFields } from './bankPageReturn';
import type { ShopOfOperation } from '../store/merchantBrand';

export interface PayContext {
  lang: Language;
  /** The checkout origin, for the 3DS challenge URL. */
  origin: string;
  /** SPEC 6: the anonymous user service id when the caller is a guest (client key, no token). */
  anonymousUserServiceId: number | undefined;
  /** The wallet user paying, when logged in. */
  userId?: number | undefined;
}

/** What an approved card payment's receipt is drawn from: the payment as recorded, and whom it paid. */
export interface CardReceiptParts extends CardPayee {
  row: TransactionRow;
}

/** A card payment's answer and, when it paid, what its receipt shows (so the payer needs no second request). */
export interface CardPaymentResult {
  answer: CardAnswer;
  receipt?: CardReceiptParts | undefined;
}

/** POST /cards/auth-capture: checks, the simulated gateway, one row per trackId. */
export async function payByCard(deps: Deps, body: unknown, ctx: PayContext): Promise<CardPaymentResult> {
  const payload = parseOr400(CardPaymentPayloadSchema, body);
  const lang = ctx.lang;
  const trackId = payload.additionalData.trackId;
  const digits = payload.cardInformation.cardNumber;
  await checkPaymentCaptcha(deps, payload.additionalData.captchaToken, { code: payload.code });
  // The card's keyed fingerprint, for the charge's and for the row (one HMAC, not two).
  const cardFingerprint = cardFingerprintOf(payload.cardInformation.cardNumber, deps.cardFingerprintKey);
  const fingerprint = cardPaymentFingerprint(deps.cardFingerprintKey, payload, cardFingerprint);
  // One query: the trackId, the link, its merchant and the merchant's card brands.
  const start = await cardPaymentStartOf(deps, payload.code, trackId);
  // A repeated trackId (double click, retry after a timeout) answers what the first one did;
  // the same trackId on another charge is refused (conflict track_id_reused).
  if (start.kind === 'repeat') {
    const earlier = sameChargeOrRefuse(start.earlier, fingerprint);
    const payee = async () => start.payee ?? (await payeeOf(deps, earlier));
    if (!stillInDoubt(earlier)) return answered(earlier, earlier.status === 1 ? await payee() : undefined);
    // Its first request met no answer (in_doubt): the processor is asked again under the attempt's key.
    return paid(earlier, await payee());
  }
  const { target: link, merchant, cardCodes, returnUrl } = start;
  checkGuestAllowed(merchant, ctx.anonymousUserServiceId);
  checkAmount(link, payload.amount, payload.taxAmount, merchant.tx_limit_cents);
  checkDomain(merchant, payload.additionalData.domainRequested);
  const brand = checkCard(payload, link.cardTypes, cardCodes);

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
  if (result.kind === 'duplicate' && result.trackId !== trackId) throw new PaymentError('conflict', 'possible_duplicated_tx', result.state);
  // Not inserted: the same trackId got there first (any node), with this charge or another.
  if (result.kind !== 'inserted') return answered(await attemptThatWon(deps.db, trackId, fingerprint), { merchant, returnUrl });
  return paid(result.row, { merchant, returnUrl }, link.singleUse);

  /** The answer for a recorded attempt, with its receipt's parts when it is approved (SPEC 4 status 1). */
  function answered(row: TransactionRow, payee: CardPayee | undefined): CardPaymentResult {
    const answer = cardAnswerOf(row, lang);
    return { answer, receipt: answer.status === 1 && payee ? { row, ...payee } : undefined };
  }

  /** Charges a recorded attempt; `singleUse` when its link is known to be single-use (its outcome claims the link). */
  async function paid(attempt: TransactionRow, payee: CardPayee | undefined, singleUse?: boolean): Promise<CardPaymentResult> {
    const merchantName = payee?.merchant.name ?? '';
    const charged = await chargeCard(deps, attempt, {
      card: { number: digits, expMonth: payload.cardInformation.expMonth, expYear: payload.cardInformation.expYear, cvc: payload.cardInformation.cvv, holder: attempt.payer_name },
      merchant: { name: merchantName, logo: payee?.merchant.logo || null }, lang, capture: attempt.tx_type !== TRANSACTION_TYPES.auth, origin: ctx.origin,
      // SPEC 8 "error_processing_request for an old-version tx failure" (payment_error_try_again otherwise).
      failureKey: processingFailureKey(payload.isOldVersion ?? isOldVersionServiceCode(payload.serviceCode)),
      calledOff: 'This single-use link was paid by another payment',
      plainPayment: singleUse !== true,
      shop: payee?.merchant,
    });
    if (charged.settledNow && charged.row.status === 1) {
      await mailReceipt(deps.db, charged.row, merchantName, ctx.origin, payee?.merchant);
      // SPEC 3 storeCard: a wallet user's approved card is kept (as a token) for the next payment.
      const brand = cardBrandOf(digits);
      if (ctx.userId && payload.storeCard === true && brand) await saveUserCard(deps.db, ctx.userId, storedCard(digits, brand, deps.cardFingerprintKey, cardFingerprint), charged.row.payer_name);
    }
    return answered(charged.row, payee);
  }
}

/** Whom an earlier attempt paid, read again (its code is not a link: a payment station); undefined when its merchant is gone. */
async function payeeOf(deps: Deps, row: TransactionRow): Promise<CardPayee | undefined> {
  const merchant = await findMerchant(deps.db, row.merchant_id);
  return merchant ? { merchant, returnUrl: '' } : undefined;
}

/** How the card processor is asked to charge one recorded attempt, whichever way the card came. */
export interface CardCharge extends Pick<CardAuthorization, 'card' | 'merchant' | 'lang' | 'capture'> {
  /** The checkout origin, for the 3DS challenge URL; a URL the processor gave whole stays as it is. */
  origin?: string | undefined;
  /** SPEC 8's key when the processor could not decide (gateway_failed). */
  failureKey: string;
  /** The conflict request_already_paid detail when another payment took the attempt's link or subscription meanwhile. */
  calledOff: string;
  /** A payment of a link or station alone (no subscription it activates): its outcome may take the one-statement way (writeOutcomeIfUnchanged). */
  plainPayment?: boolean | undefined;
  /** The shop (name, logo, brand) as the payment read it already, for the issuer's page. */
  shop?: ShopOfOperation | undefined;
}

/**
 * The one way a card attempt recorded in doubt is charged (a typed card, a saved card's token, a
 * subscription's activation): the card processor asked through its port with the attempt's key
 * inside the in-doubt wrapper (no answer: in_doubt, the attempt left for the reconciler and the retry),
 * an attempt the processor could not decide forgotten (nothing charged: gateway_failed, the retry is a new
 * one), and the decision recorded (settlePayment). Asked again for an attempt still in doubt, the
 * processor answers what it decided under that key: never a second charge.
 */
export async function chargeCard(deps: Deps, attempt: TransactionRow, charge: CardCharge): Promise<{ row: TransactionRow; settledNow: boolean }> {
  // The issuer's 3DS page is on its own origin: the shop as its payers know it, and the way back here.
  const page = charge.origin ? await issuerPageFields(deps.db, attempt.cod_oper, charge.merchant, charge.origin, charge.shop) : {};
  const decision = await callInDoubt('card processor', () => deps.gateways.card.authorize({
    ...gatewayCall(attempt.cod_oper), amountCents: attempt.amount_cents + attempt.tax_cents + attempt.campaign_cents, currency: PAYMENT_CURRENCY,
    // The processor takes plain letters (SPEC 5 only_alpha_characters): the name is transliterated as sent, kept as written everywhere else.
    card: 'holder' in charge.card ? { ...charge.card, holder: processorName(charge.card.holder) } : charge.card, merchant: charge.merchant, lang: charge.lang, capture: charge.capture,
    ...page,
  }));
  if (decision.status === 'failed') {
    await dropUnsentAttempt(deps.db, attempt.cod_oper);
    throw new PaymentError('gateway_failed', charge.failureKey);
  }
  const outcome: PaymentOutcome = {
    ...cardOutcomeOf(decision), ...(decision.status === 'challenge' ? { redirectUrl: charge.origin ? new URL(decision.url, charge.origin).toString() : decision.url } : {}),
  };
  // Nothing changed the attempt meanwhile and nothing waits on its outcome: one statement writes it;
  // otherwise (a single-use link to claim, a call-off or a sweep got there first) settlePayment decides.
  const unchanged = charge.plainPayment ? await deps.db.transaction((tx) => writeOutcomeIfUnchanged(tx, attempt, outcome)) : undefined;
  const settled: Settlement | undefined = unchanged ? { kind: 'settled', row: unchanged } : await settlePayment(deps, attempt.cod_oper, outcome);
  // Authorized for a single-use link or a subscription another payment took meanwhile: voided there, charged nowhere.
  if (calledOffMeanwhile(settled)) throw new PaymentError('conflict', 'request_already_paid', charge.calledOff);
  return { row: settled?.row ?? attempt, settledNow: settled?.kind === 'settled' };
}

/** An attempt recorded and sent whose answer was never recorded (in doubt, a crash): its retry asks the processor again under its key. */
export function stillInDoubt(row: TransactionRow): boolean {
  return row.auth_status === IN_DOUBT.auth_status;
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
