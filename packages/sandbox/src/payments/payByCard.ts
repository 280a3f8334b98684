import { amountToCents, captureMethodOf, payerTypeDisagrees, isOldVersionServiceCode, processingFailureKey, processorName, TRANSACTION_TYPES, type CardPaymentPayload, type Language } from '@pasarela/core';
import { payerPhoneErrorKey } from '@pasarela/core/phone';
import { DEFAULT_HOLD_RELEASE_AFTER_MS, type Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { setCaptureDeadline } from '../store/holds';
import { merchantPrices } from '../store/balanceTransactions';
import { findLinkByCode } from '../store/links';
import { findMerchant, merchantCardCodes, type MerchantRow } from '../store/merchants';
import { findTransactionByTrackId, type TransactionRow } from '../store/transactions';
import { cardAnswerOf, type CardAnswer } from './cardAnswer';
import { checkCard, checkDomain, donationCentsOf, donationOf } from './cardChecks';
import { storedCard } from './cardFingerprint';
import { cardTokenOf, chargeOrDecided, dropCvcAfterOutcome, outcomeFinal, refuseSpentCvc, vaultCardOf, vaultExpiry } from './vaultCard';
import { chargeFingerprint, identityOf } from './chargeAttempt';
import { chargeCard, stillInDoubt } from './chargeCard';
import { IN_DOUBT } from './inDoubt';
import type { JustRecorded } from './settlePayment';
import { keepWalletCard } from './savedCard';
import { checkLinkPayee, linkTransactionOf, readOpening, recordAttempt, repeatedPayment, type LinkPaymentInput } from './linkPayment';

export interface PayContext {
  lang: Language;
  origin: string;
  /** SPEC 6: set when the caller is a guest. */
  anonymousUserServiceId: number | undefined;
  userId?: number | undefined;
}

/** As its receipt names it; returnUrl '' for none (SPEC 2 /pf/returnpage). */
interface CardPayee {
  merchant: MerchantRow;
  returnUrl: string;
}

/** When it paid, the receipt's parts too, so the payer needs no second request. */
export interface CardPaymentResult {
  answer: CardAnswer;
  receipt?: (CardPayee & { row: TransactionRow }) | undefined;
}

/**
 * SPEC 7 "POST card auth-capture", the shape of every method: a repeated trackId answers what it did;
 * else recorded in doubt with SPEC 8's duplicate rule, charged under its key, settled by settlePayment.
 */
export async function payByCard(deps: Deps, payload: CardPaymentPayload, ctx: PayContext): Promise<CardPaymentResult> {
  const input = linkInputOf(payload);
  // The card as the vault holds it: its brand, expiry and fingerprint, not the payload's word for them
  // (the attempt spends the token: recordAttempt).
  const vaultCard = await vaultCardOf(deps, payload.cardInformation.cardNumber, 'cardInformation.cardNumber', async () => input.trackId ? findTransactionByTrackId(deps.db, input.trackId) : undefined);
  const cardFingerprint = vaultCard.fingerprint;
  const fingerprint = cardPaymentFingerprint(payload, cardFingerprint);
  const opening = await readOpening(deps, input);
  // SPEC 5 invalid_phone_number as the card form checks it, in the merchant's country; a payment may leave it out.
  if (input.phone !== '' && payerPhoneErrorKey(input.phone, opening.merchant?.country) !== null) {
    throw new PaymentError('invalid', 'invalid_phone_number', "phone is not a phone number (one without its country code is read as the merchant's country's)");
  }
  const earlier = await repeatedPayment(deps, input, fingerprint, opening);
  if (earlier) {
    if (stillInDoubt(earlier)) return charged(earlier, await payeeOf(deps, earlier));
    return answered(earlier, earlier.status === 1 ? await payeeOf(deps, earlier) : undefined);
  }
  const checked = await checkLinkPayee(deps, input, ctx.anonymousUserServiceId);
  const { link, merchant } = checked;
  // Issue 89: a hold is the merchant's choice (the link's type), never the payer's.
  if (payerTypeDisagrees(link.transactionsType, payload.transactionsType)) {
    throw new PaymentError('invalid', 'invalid_arguments', `transactionsType must be the link's (${link.transactionsType})`);
  }
  checkDomain(merchant, payload.additionalData.domainRequested);
  const brand = checkCard({ ...payload, cardInformation: { ...payload.cardInformation, ...vaultExpiry(vaultCard), cardType: vaultCard.brand } }, link.cardTypes, await merchantCardCodes(deps.db, merchant.id, checked.services));
  const card = storedCard(vaultCard.last4, brand, cardFingerprint);
  refuseSpentCvc(vaultCard, 'cardInformation.cardNumber');
  const { row, inserted } = await recordAttempt(deps, linkTransactionOf(checked, input, {
    method: 'card', ...IN_DOUBT, tx_type: link.transactionsType === TRANSACTION_TYPES.auth ? TRANSACTION_TYPES.auth : TRANSACTION_TYPES.authCapture,
    card_brand: card.brand, card_last4: card.last4, card_token: card.token, card_fingerprint: card.fingerprint,
    payer_name: `${payload.cardInformation.firstName} ${payload.cardInformation.lastName}`.trim(),
    user_id: ctx.userId ?? null, ...(await donationOf(deps, payload, merchant)),
  }, ctx.lang, fingerprint), {
    merchantId: merchant.id, cardFingerprint: card.fingerprint, tryAgain: payload.tryAgain === true,
  }, { key: vaultCard.token, field: 'cardInformation.cardNumber' });
  if (inserted && captureMethodOf(row.tx_type) === 'manual') {
    await setCaptureDeadline(deps.db, row.cod_oper, deps.holdReleaseAfterMs ?? DEFAULT_HOLD_RELEASE_AFTER_MS, checked.prices ?? await merchantPrices(deps.db, merchant.id));
  }
  const payee = { merchant, returnUrl: link.returnUrl };
  const justRecorded = checked.prices && { singleUseLink: link.singleUse, prices: checked.prices };
  return inserted ? charged(row, payee, justRecorded, true) : answered(row, payee);

  function answered(row: TransactionRow, payee: CardPayee | undefined): CardPaymentResult {
    const answer = cardAnswerOf(row, ctx.lang);
    return { answer, receipt: answer.status === 1 && payee ? { row, ...payee } : undefined };
  }

  async function charged(attempt: TransactionRow, payee: CardPayee | undefined, justRecorded?: Omit<JustRecorded, 'row'>, firstCall = false): Promise<CardPaymentResult> {
    const charge = await chargeOrDecided(deps, vaultCard, attempt.cod_oper, () => chargeCard(deps, attempt, {
      card: cardTokenOf(vaultCard, attempt.payer_name),
      merchant: { name: payee?.merchant.name ?? '', logo: payee?.merchant.logo || null }, lang: ctx.lang, capture: attempt.tx_type !== TRANSACTION_TYPES.auth, origin: ctx.origin,
      failureKey: processingFailureKey(payload.isOldVersion ?? isOldVersionServiceCode(payload.serviceCode)),
      calledOff: 'This single-use link was paid by another payment',
      shop: payee?.merchant,
      receipt: { origin: ctx.origin, shop: payee?.merchant },
      justRecorded, firstCall,
    }));
    if ('decided' in charge) return answered(charge.decided, payee);
    const { row, settled } = charge.charged;
    if (settled?.kind === 'settled' && row.status === 1 && ctx.userId && payload.storeCard === true) {
      // The payment stands whatever the save answers: a card the processor did not save is not kept.
      await keepWalletCard(deps, `save-card:${row.cod_oper}`, ctx.userId, cardTokenOf(vaultCard, processorName(row.payer_name)), { brand: vaultCard.brand, fingerprint: cardFingerprint, nameOnCard: row.payer_name }).catch(() => false);
    }
    // After the outcome's commit and the card's save, whose call carries the CVC too.
    if (outcomeFinal(row)) dropCvcAfterOutcome(deps, vaultCard);
    return answered(row, payee);
  }
}

function linkInputOf(payload: CardPaymentPayload): LinkPaymentInput {
  return {
    code: payload.code, amount: payload.amount, taxAmount: payload.taxAmount, email: payload.email, phone: payload.phone,
    concept: payload.concept, description: payload.description, txChannel: payload.txChannel,
    trackId: payload.additionalData.trackId, captchaToken: payload.additionalData.captchaToken, customFieldValues: payload.customFieldValues,
  };
}

async function payeeOf(deps: Deps, row: TransactionRow): Promise<CardPayee | undefined> {
  const merchant = await findMerchant(deps.db, row.merchant_id);
  const link = merchant && row.link_code ? await findLinkByCode(deps.db, row.link_code) : undefined;
  return merchant ? { merchant, returnUrl: link?.return_url ?? '' } : undefined;
}

/** Nothing the payer may retype or the widget may renew on a retry. */
function cardPaymentFingerprint(payload: CardPaymentPayload, cardFingerprint: string): string {
  return chargeFingerprint(identityOf({
    method: 'card', target: payload.code, amountCents: amountToCents(payload.amount), taxCents: amountToCents(payload.taxAmount),
    donationCents: donationCentsOf(payload),
    card: cardFingerprint,
  }));
}
