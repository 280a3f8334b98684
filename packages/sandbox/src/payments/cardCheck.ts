import { isGatewayOutcomeUnknown, type CardDecision, type GatewayOutcomeUnknown } from '@pasarela/gateways';
import {
  processorName,
  CARD_AUTH_STATUS, cardBrandOf, cardCheckMessage, cardCheckSavesCard, cvcLengthFor, digitsOnly, isCardExpiryValid, RegisterCardSchema, SPECIFIC_ERROR_CODES, trackIdRepeatOf, type Language,
} from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import {
  cardChecksInDoubt, dropUndecidedCardCheck, findCardCheck, findCheckedCard, insertCardCheck, linkSavedCard, settleCardCheck, type CardCheckRow,
} from '../store/cardChecks';
import { newCodOper } from '../store/transactions';
import { registerUserCard, type UserCardRow } from '../store/userCards';
import { cardFingerprintOf, storedCard } from './cardFingerprint';
import { chargeFingerprint, identityOf } from './chargeAttempt';
import { cardResultKeyOf } from './gatewayOutcomes';
import { callInDoubt, IN_DOUBT } from './inDoubt';
import { parseOr400 } from './validatePayload';

/** Whom a card check is made for, as the issuer's page would show it: Pasarela's wallet itself. */
const WALLET_MERCHANT = { name: 'Pasarela', logo: null };

/** SPEC 7 "POST card register (status 0 means error, with messageSys)". */
export type CardCheckAnswer =
  | { status: 1; messageSys: string; card: UserCardRow }
  | { status: 0; messageSys: string; authStatus: string };

/**
 * The wallet's add-card check: core's rules on the card, the check recorded in doubt under the
 * payer's trackId, a zero-amount authorization at the card processor through its port with the
 * check's key (the in-doubt wrapper: no answer is in_doubt, and the check waits for this trackId's retry
 * or the reconciler), and its answer recorded. Only an approved check saves the card, once,
 * whoever records it. A retry with the same trackId is the same check: it answers what the first
 * one did, or asks the processor again under the same key while the answer is in doubt.
 */
export async function checkAndSaveCard(deps: Deps, userId: number, body: unknown, lang: Language): Promise<CardCheckAnswer> {
  const parsed = parseOr400(RegisterCardSchema, body);
  const brand = cardBrandOf(parsed.cardNumber);
  if (!brand) throw new PaymentError('invalid', 'invalid_card');
  if (parsed.cvv.length !== cvcLengthFor(brand)) throw new PaymentError('invalid', 'invalid_cvc', 'cvv is not valid');
  if (!isCardExpiryValid(parsed.expMonth, parsed.expYear, Date.now())) throw new PaymentError('invalid', 'expired', 'expYear is in the past');
  const digits = digitsOnly(parsed.cardNumber);
  const cardFingerprint = cardFingerprintOf(digits, deps.cardFingerprintKey);
  // What defines the check: the card (never its number), for this user. The same trackId on another card is conflict track_id_reused.
  const fingerprint = chargeFingerprint(deps.cardFingerprintKey, identityOf({ method: 'card_check', target: `user:${userId}`, card: cardFingerprint }));
  const card = { number: digits, expMonth: parsed.expMonth, expYear: parsed.expYear, cvc: parsed.cvv, holder: processorName(parsed.nameOnCard) };

  let check = await findCardCheck(deps.db, userId, parsed.trackId);
  if (!check) {
    check = await insertCardCheck(deps.db, {
      check_key: `card-check:${newCodOper()}`, user_id: userId, track_id: parsed.trackId, request_fingerprint: fingerprint,
      card: storedCard(digits, brand, deps.cardFingerprintKey, cardFingerprint), name_on_card: parsed.nameOnCard, make_default: parsed.isDefault === true, lang,
    }, { auth_status: IN_DOUBT.auth_status, message_key: IN_DOUBT.message_key })
      // The same trackId racing in at the same moment: a retry of this check, not a second one.
      ?? (await findCardCheck(deps.db, userId, parsed.trackId));
    if (!check) throw new Error('card check neither inserted nor found');
  }
  sameCheckOrRefuse(check, fingerprint);
  if (check.auth_status !== IN_DOUBT.auth_status) return answerOf(deps, check, lang);
  const inDoubt = check;
  const decision = await callInDoubt('card processor', () => deps.gateways.card.authorize({
    ...gatewayCall(inDoubt.check_key), amountCents: 0, currency: PAYMENT_CURRENCY, lang, capture: false, card, merchant: WALLET_MERCHANT,
  }));
  return answerOf(deps, await recordCheck(deps, inDoubt, decision) ?? (await findCardCheck(deps.db, userId, parsed.trackId)) ?? inDoubt, lang);
}

/** A trackId seen before must check the same card (core trackIdRepeatOf); else conflict track_id_reused, as a payment's. */
function sameCheckOrRefuse(check: CardCheckRow, fingerprint: string): void {
  if (trackIdRepeatOf(check.request_fingerprint, fingerprint) === 'reused') {
    throw new PaymentError('conflict', SPECIFIC_ERROR_CODES.trackIdReused, 'trackId was already used for another card: send a new trackId for a new card');
  }
}

/**
 * Records the processor's answer on a check in doubt, and saves the card when it approved: one
 * transaction, conditional on the check still being in doubt, so the request, its retry and the
 * reconciler save it once. A check the processor could not decide is forgotten (it held nothing).
 * A challenge or a pending answer is withdrawn at the processor: the wallet runs no 3D Secure page.
 * Undefined when another recorded it first.
 */
async function recordCheck(deps: Pick<Deps, 'db' | 'gateways'>, check: CardCheckRow, decision: CardDecision): Promise<CardCheckRow | undefined> {
  const key = cardResultKeyOf(decision);
  if (decision.status === 'failed') {
    await dropUndecidedCardCheck(deps.db, check.id, IN_DOUBT.auth_status);
    return { ...check, auth_status: CARD_AUTH_STATUS.failed, message_key: key };
  }
  const recorded = await deps.db.transaction(async (tx) => {
    const settled = await settleCardCheck(tx, check.id, IN_DOUBT.auth_status, { auth_status: CARD_AUTH_STATUS[key], message_key: key });
    if (!settled || !cardCheckSavesCard(key)) return settled;
    const saved = await registerUserCard(tx, settled.user_id, {
      brand: settled.card_brand, last4: settled.card_last4, token: settled.card_token, fingerprint: settled.card_fingerprint,
    }, settled.name_on_card, settled.make_default);
    await linkSavedCard(tx, settled.id, saved.id);
    return { ...settled, user_card_id: saved.id };
  });
  if (recorded && (decision.status === 'challenge' || decision.status === 'pending')) {
    // Not the issuer's yes: the hold it may still become is called off (best effort; nothing is kept either way).
    await deps.gateways.card.void({ ...gatewayCall(`${check.check_key}:void`), reference: decision.reference }).catch(() => undefined);
  }
  return recorded;
}

async function answerOf(deps: Pick<Deps, 'db'>, check: CardCheckRow, lang: Language): Promise<CardCheckAnswer> {
  if (check.user_card_id !== null) {
    const card = await findCheckedCard(deps.db, check.user_id, check.user_card_id);
    if (card) return { status: 1, messageSys: cardCheckMessage('approved', lang), card };
  }
  // Still in doubt (another request asks meanwhile), not approved, or approved and the card removed since.
  if (check.auth_status === IN_DOUBT.auth_status) throw new PaymentError('in_doubt', 'payment_error_try_again', 'The card processor did not answer; the card check is being checked');
  return { status: 0, messageSys: cardCheckMessage(check.message_key, lang), authStatus: check.auth_status };
}

/** How many checks one pass looks at; the next pass takes the rest. */
const RECONCILE_BATCH = 200;

/**
 * The reconciler's part for card checks: a check whose answer is past its deadline is settled from
 * what the processor says under its key (never by checking again): approved saves the card, one it
 * never received is forgotten. Returns the checks this pass changed.
 */
export async function reconcileCardChecks(deps: Pick<Deps, 'db' | 'gateways'>, inDoubtAfterMs: number, unanswered: (error: GatewayOutcomeUnknown) => void): Promise<string[]> {
  const changed: string[] = [];
  for (const check of await cardChecksInDoubt(deps.db, IN_DOUBT.auth_status, inDoubtAfterMs, RECONCILE_BATCH)) {
    let decision: CardDecision | null;
    try {
      decision = await deps.gateways.card.lookup({ ...gatewayCall(check.check_key), reference: null });
    } catch (error) {
      // No answer about this check: it waits for the next pass, and the checks behind it are still asked.
      if (!isGatewayOutcomeUnknown(error)) throw error;
      unanswered(error);
      continue;
    }
    const done = decision ? await recordCheck(deps, check, decision) : (await dropUndecidedCardCheck(deps.db, check.id, IN_DOUBT.auth_status)) || undefined;
    if (done) changed.push(check.check_key);
  }
  return changed;
}
