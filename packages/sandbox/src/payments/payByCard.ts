import { CardPaymentPayloadSchema, DUPLICATE_WINDOW_MS, exceedsMerchantLimit, type Language, amountToCents, centsToAmount, TRANSACTION_TYPES } from '@pasarela/core';
import type { Deps } from '../Deps';
import { saveUserCard } from '../store/userCards';
import { ApiError } from '../http/ApiError';
import { AUTH_STATUS, CARD_STATUS, cardOutcomeFor, outcomeKey } from '../gateways/testCards';
import { cardPaymentStartOf } from './payTarget';
import { checkAmount } from './checkAmount';
import { mailReceipt } from './receiptMail';
import { checkCard, checkDomain, checkGuestAllowed, donationOf } from './cardChecks';
import { findTransactionByTrackId, insertUnlessDuplicate, newCodOper, type TransactionRow } from '../store/transactions';
import { storedCard } from './cardFingerprint';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { parseOr400 } from './validatePayload';
import { checkPaymentCaptcha } from './captchaVerdict';

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
  checkPaymentCaptcha(payload.additionalData.captchaToken);
  // One query: the trackId, the link, its merchant and the merchant's card brands.
  const start = await cardPaymentStartOf(deps, payload.code, trackId);
  // A repeated trackId (double click, retry after a timeout) answers what the first one did.
  if (start.kind === 'repeat') return cardAnswerOf(start.earlier, lang);
  const { target: link, merchant, cardCodes } = start;
  checkGuestAllowed(merchant, ctx.anonymousUserServiceId);
  checkAmount(link, payload.amount, payload.taxAmount, merchant.tx_limit_cents);
  checkDomain(merchant, payload.additionalData.domainRequested);
  const brand = checkCard(payload, link.cardTypes, cardCodes);

  const digits = payload.cardInformation.cardNumber;
  const card = storedCard(digits, brand, deps.cardFingerprintKey);
  const amountCents = amountToCents(payload.amount);
  const outcome = cardOutcomeFor(digits);
  // The gateway failed before deciding: nothing is recorded, so the payer may simply retry.
  if (outcome.kind === 'processing_error') throw new ApiError(502, 'payment_error_try_again');
  const key = outcomeKey(outcome);
  const codOper = newCodOper();
  const donation = await donationOf(deps, payload, merchant.id);
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS);
  // The duplicate check and the insert hold a lock on (card, amount, link): two payments of the
  // same card at the same moment, each with its own trackId, cannot both pass the check.
  const advisoryLock = `${card.fingerprint}:${amountCents}:${link.code}`;
  const inserted = await deps.db.transaction(async (tx) => {
    const result = await insertUnlessDuplicate(tx, {
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
    }, codOper, { linkCode: link.code, fingerprint: card.fingerprint, amountCents, since });
    // The same trackId racing in at the same moment is a retry, not a second payment.
    if (result.kind === 'duplicate' && result.trackId === trackId) return undefined;
    if (result.kind === 'duplicate') throw new ApiError(409, 'possible_duplicated_tx');
    return result.kind === 'inserted' ? result.row : undefined;
  }, { advisoryLock });
  const row: TransactionRow | undefined = inserted ?? (await findTransactionByTrackId(deps.db, trackId));
  if (!row) throw new Error('transaction neither inserted nor found');
  if (inserted) await mailReceipt(deps.db, inserted, merchant.name);
  // SPEC 3 storeCard: a wallet user's approved card is kept (as a token) for the next payment.
  if (inserted && ctx.userId && payload.storeCard === true && inserted.status === CARD_STATUS.approved) {
    await saveUserCard(deps.db, ctx.userId, card, inserted.payer_name);
  }
  return cardAnswerOf(row, lang);
}
