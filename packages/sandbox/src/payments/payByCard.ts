import { CardPaymentPayloadSchema, DUPLICATE_WINDOW_MS, exceedsMerchantLimit, type Language, amountToCents, centsToAmount, TRANSACTION_TYPES } from '@pasarela/core';
import type { Deps } from '../Deps';
import { saveUserCard } from '../store/userCards';
import { ApiError } from '../http/ApiError';
import { AUTH_STATUS, CARD_STATUS, cardOutcomeFor, outcomeKey } from '../gateways/testCards';
import { payTargetOf } from './payTarget';
import { checkAmount } from './checkAmount';
import { mailReceipt } from './receiptMail';
import { findMerchant } from '../store/merchants';
import { checkCard, checkDomain, checkGuestAllowed, donationOf } from './cardChecks';
import { findTransactionByTrackId, findRecentDuplicate, insertTransaction, newCodOper, type TransactionRow } from '../store/transactions';
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
  // A repeated trackId (double click, retry after a timeout) answers what the first one did.
  const earlier = await findTransactionByTrackId(deps.db, trackId);
  if (earlier) return cardAnswerOf(earlier, lang);

  const link = await payTargetOf(deps, payload.code);
  const merchant = await findMerchant(deps.db, link.merchantId);
  if (!merchant) throw new ApiError(404, 'Merchant Not Found');
  checkGuestAllowed(merchant, ctx.anonymousUserServiceId);
  if (exceedsMerchantLimit(payload.amount, centsToAmount(merchant.tx_limit_cents))) throw new ApiError(422, 'amount_exceeds_limit_allowed');
  checkAmount(link, payload.amount, payload.taxAmount);
  checkDomain(merchant, payload.additionalData.domainRequested);
  const brand = await checkCard(deps, payload, merchant.id, link.cardTypes);

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
  const inserted = await deps.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${card.fingerprint}:${amountCents}:${link.code}`]);
    const duplicate = await findRecentDuplicate(tx, { linkCode: link.code, fingerprint: card.fingerprint, amountCents, since });
    // The same trackId racing in at the same moment is a retry, not a second payment.
    if (duplicate?.track_id === trackId) return undefined;
    if (duplicate) throw new ApiError(409, 'possible_duplicated_tx');
    return insertTransaction(tx, {
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
    }, codOper);
  });
  const row: TransactionRow | undefined = inserted ?? (await findTransactionByTrackId(deps.db, trackId));
  if (!row) throw new Error('transaction neither inserted nor found');
  if (inserted) await mailReceipt(deps.db, inserted, merchant.name);
  // SPEC 3 storeCard: a wallet user's approved card is kept (as a token) for the next payment.
  if (inserted && ctx.userId && payload.storeCard === true && inserted.status === CARD_STATUS.approved) {
    await saveUserCard(deps.db, ctx.userId, card, inserted.payer_name);
  }
  return cardAnswerOf(row, lang);
}
