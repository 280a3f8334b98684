import { CardPaymentPayloadSchema, duplicateWindowStart, isOldVersionServiceCode, processingFailureKey, type CardPaymentPayload, exceedsMerchantLimit, type Language, amountToCents, centsToAmount, TRANSACTION_TYPES } from '@pasarela/core';
import type { Deps } from '../Deps';
import { saveUserCard } from '../store/userCards';
import { ApiError } from '../http/ApiError';
import { AUTH_STATUS, CARD_STATUS, cardOutcomeFor, outcomeKey } from '../gateways/testCards';
import { cardPaymentStartOf } from './payTarget';
import { checkAmount } from './checkAmount';
import { receiptMailOf } from './receiptMail';
import { checkCard, checkDomain, checkGuestAllowed, donationOf } from './cardChecks';
import { duplicateLockKey, insertUnlessDuplicate, newCodOper, type NewTransaction, type TransactionRow } from '../store/transactions';
import { cardFingerprintOf, storedCard } from './cardFingerprint';
import { attemptThatWon, chargeFingerprint, identityOf, sameChargeOrRefuse } from './chargeAttempt';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { parseOr400 } from './validatePayload';
import { checkPaymentCaptcha } from './captchaVerdict';
import { claimLinkOrRefuse } from './settlePayment';

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
  const outcome = cardOutcomeFor(digits);
  // The gateway failed before deciding: nothing is recorded, so the payer may simply retry.
  // SPEC 8 "error_processing_request for an old-version tx failure" (payment_error_try_again otherwise).
  if (outcome.kind === 'processing_error') throw new ApiError(502, processingFailureKey(payload.isOldVersion ?? isOldVersionServiceCode(payload.serviceCode)));
  const key = outcomeKey(outcome);
  const codOper = newCodOper();
  const donation = await donationOf(deps, payload, merchant.id);
  const since = duplicateWindowStart();
  // The duplicate check and the insert hold a lock on (card, amount): two payments of the same
  // card at the same moment, each with its own trackId, on any links, cannot both pass the check.
  const advisoryLock = duplicateLockKey(card.fingerprint, amountCents);
  const newRow: NewTransaction = {
    track_id: trackId,
    link_code: link.code,
    merchant_id: merchant.id,
    method: 'card',
    amount_cents: amountCents,
    tax_cents: amountToCents(payload.taxAmount),
    status: CARD_STATUS[key],
    auth_status: AUTH_STATUS[key],
    message_key: key,
    tx_type: payload.transactionsType || TRANSACTION_TYPES.authCapture,
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
    redirect_url: outcome.kind === 'three_ds' ? `${ctx.origin}/sandbox/3ds/${codOper}` : null,
    expires_at: null,
    reference: null,
    user_id: ctx.userId ?? null,
    anonymous_user_service_id: ctx.anonymousUserServiceId ?? null,
    details: {},
    ...donation,
    request_fingerprint: fingerprint,
  };
  // The receipt e-mail goes in the payment's own statement, written only when the row is: one
  // commit (one WAL flush on PostgreSQL), and never a receipt without its payment.
  const mail = receiptMailOf({ ...newRow, cod_oper: codOper }, merchant.name, ctx.origin);
  const duplicate = { fingerprint: card.fingerprint, amountCents, since };
  // A single-use link is claimed by its payment in the payment's own transaction (claimLinkOrRefuse).
  const result = link.singleUse
    ? await deps.db.transaction(async (tx) => {
      const done = await insertUnlessDuplicate(tx, newRow, codOper, duplicate, mail);
      if (done.kind === 'inserted') await claimLinkOrRefuse(tx, done.row, true);
      return done;
    }, { advisoryLock })
    : await deps.db.oneStatementLocked(advisoryLock, (db) => insertUnlessDuplicate(db, newRow, codOper, duplicate, mail));
  // The same trackId racing in at the same moment is a retry, not a second payment.
  if (result.kind === 'duplicate' && result.trackId !== trackId) throw new ApiError(409, 'possible_duplicated_tx');
  const inserted = result.kind === 'inserted' ? result.row : undefined;
  // Not inserted: the same trackId got there first (any node), with this charge or another.
  const row: TransactionRow = inserted ?? (await attemptThatWon(deps.db, trackId, fingerprint));
  // SPEC 3 storeCard: a wallet user's approved card is kept (as a token) for the next payment.
  if (inserted && ctx.userId && payload.storeCard === true && inserted.status === CARD_STATUS.approved) {
    await saveUserCard(deps.db, ctx.userId, card, inserted.payer_name);
  }
  return cardAnswerOf(row, lang);
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
