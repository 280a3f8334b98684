import type { SavedCard } from '@pasarela/gateways';
import {
  processorName,
  CARD_AUTH_STATUS, cardCheckMessage, isCardExpiryValid, RegisterCardSchema, SPECIFIC_ERROR_CODES, trackIdRepeatOf, type Language,
} from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import {
  cardChecksInDoubt, dropUndecidedCardCheck, findCardCheck, findCheckedCard, insertCardCheck, linkSavedCard, settleCardCheck, type CardCheckRow,
} from '../store/cardChecks';
import { newCodOper } from '../store/insertTransaction';
import { registerUserCard, walletCustomerOf, type UserCardRow } from '../store/userCards';
import { cardTokenHash } from '../store/cardTokenUses';
import { cardTokenOf, dropCvcAfterOutcome, refuseSpentCvc, spentCvcError, vaultCardOf, vaultExpiry } from './vaultCard';
import { saveAtProcessor } from './savedCard';
import { chargeFingerprint, identityOf } from './chargeAttempt';
import { decidedMeanwhile, IN_DOUBT } from './inDoubt';
import { parseOr400 } from './validatePayload';

/** SPEC 7 "POST card register (status 0 means error, with messageSys)". */
export type CardCheckAnswer =
  | { status: 1; messageSys: string; card: UserCardRow }
  | { status: 0; messageSys: string; authStatus: string };

/**
 * The wallet's add-card check: recorded in doubt under the payer's trackId, the card saved at the
 * processor under the check's key. Only an approved check saves the card, once; a retry with the
 * same trackId answers what the first did, or asks again under the same key while in doubt.
 */
export async function checkAndSaveCard(deps: Deps, userId: number, body: unknown, lang: Language): Promise<CardCheckAnswer> {
  const parsed = parseOr400(RegisterCardSchema, body);
  // The card as the vault holds it (issue 90): its brand, expiry and fingerprint (the check spends the token).
  const vaultCard = await vaultCardOf(deps, parsed.cardNumber, 'cardNumber', () => findCardCheck(deps.db, userId, parsed.trackId));
  const brand = vaultCard.brand;
  const expiry = vaultExpiry(vaultCard);
  if (!isCardExpiryValid(expiry.expMonth, expiry.expYear, Date.now())) throw new PaymentError('invalid', 'expired', 'expYear is in the past');
  const cardFingerprint = vaultCard.fingerprint;
  // The same trackId on another card is track_id_reused.
  const fingerprint = chargeFingerprint(identityOf({ method: 'card_check', target: `user:${userId}`, card: cardFingerprint }));
  const card = cardTokenOf(vaultCard, processorName(parsed.nameOnCard));

  let check = await findCardCheck(deps.db, userId, parsed.trackId);
  if (!check) {
    refuseSpentCvc(vaultCard, 'cardNumber');
    const inserted = await insertCardCheck(deps.db, {
      check_key: `card-check:${newCodOper()}`, user_id: userId, track_id: parsed.trackId, request_fingerprint: fingerprint,
      card: { brand, last4: vaultCard.last4, fingerprint: cardFingerprint }, name_on_card: parsed.nameOnCard, make_default: parsed.isDefault === true, lang,
    }, { auth_status: IN_DOUBT.auth_status, message_key: IN_DOUBT.message_key }, cardTokenHash(vaultCard.token));
    if (inserted === 'card_token_spent') throw spentCvcError('cardNumber');
    // The same trackId racing in at the same moment: a retry of this check, not a second one.
    check = inserted ?? (await findCardCheck(deps.db, userId, parsed.trackId));
    if (!check) throw new Error('card check neither inserted nor found');
  }
  sameCheckOrRefuse(check, fingerprint);
  if (check.auth_status !== IN_DOUBT.auth_status) return answerOf(deps, check, lang);
  const inDoubt = check;
  let saved: SavedCard;
  try {
    saved = await saveAtProcessor(deps, inDoubt.check_key, card, await walletCustomerOf(deps.db, userId));
  } catch (error) {
    // The same trackId racing in, its call sent after the first one's outcome (and the CVC's drop): that outcome.
    const decided = await decidedMeanwhile(error, () => findCardCheck(deps.db, userId, parsed.trackId));
    if (decided) return answerOf(deps, decided, lang);
    throw error;
  }
  const recorded = await recordCheck(deps, inDoubt, saved) ?? (await findCardCheck(deps.db, userId, parsed.trackId)) ?? inDoubt;
  // The check's outcome committed: its CVC is not needed again (a check still in doubt keeps it for the retry).
  if (recorded.auth_status !== IN_DOUBT.auth_status) dropCvcAfterOutcome(deps, vaultCard);
  return answerOf(deps, recorded, lang);
}

function sameCheckOrRefuse(check: CardCheckRow, fingerprint: string): void {
  if (trackIdRepeatOf(check.request_fingerprint, fingerprint) === 'reused') {
    throw new PaymentError('conflict', SPECIFIC_ERROR_CODES.trackIdReused, 'trackId was already used for another card: send a new trackId for a new card');
  }
}

/** Conditional on the check still being in doubt, so the request and its retry keep the card once. */
async function recordCheck(deps: Pick<Deps, 'db'>, check: CardCheckRow, saved: SavedCard): Promise<CardCheckRow | undefined> {
  if (saved.status === 'declined') {
    return settleCardCheck(deps.db, check.id, IN_DOUBT.auth_status, { auth_status: CARD_AUTH_STATUS[saved.reason], message_key: saved.reason });
  }
  // docs/api.md: 3D Secure or pending at the issuer keeps no card (core cardCheckMessage words it).
  if (saved.status === 'unconfirmed') {
    const result = saved.outcome === 'challenge' ? 'three_ds' : 'pending';
    return settleCardCheck(deps.db, check.id, IN_DOUBT.auth_status, { auth_status: CARD_AUTH_STATUS[result], message_key: result });
  }
  return deps.db.transaction(async (tx) => {
    const settled = await settleCardCheck(tx, check.id, IN_DOUBT.auth_status, { auth_status: CARD_AUTH_STATUS.approved, message_key: 'approved' }, saved);
    if (!settled) return settled;
    const kept = await registerUserCard(tx, settled.user_id, {
      brand: settled.card_brand, last4: settled.card_last4, token: saved.token, customer: saved.customer, fingerprint: settled.card_fingerprint,
    }, settled.name_on_card, settled.make_default);
    await linkSavedCard(tx, settled.id, kept.id);
    return { ...settled, user_card_id: kept.id };
  });
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

const RECONCILE_BATCH = 200;

export const CARD_CHECK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A check still in doubt a day later is forgotten: the processor cannot be asked without the card
 * (never kept), and saving charged nothing. Until then the payer's retry gets the same token.
 */
export async function reconcileCardChecks(deps: Pick<Deps, 'db'>): Promise<string[]> {
  const dropped: string[] = [];
  for (const check of await cardChecksInDoubt(deps.db, IN_DOUBT.auth_status, CARD_CHECK_RETRY_WINDOW_MS, RECONCILE_BATCH)) {
    if (await dropUndecidedCardCheck(deps.db, check.id, IN_DOUBT.auth_status)) dropped.push(check.check_key);
  }
  return dropped;
}
