import { processorName } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { CardAuthorization } from '@pasarela/gateways';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import type { ShopOfOperation } from '../store/merchantBrand';
import { type TransactionRow } from '../store/transactions';
import { dropUnsentAttempt, type PaymentOutcome } from '../store/transactionUpdates';
import { issuerPageFields } from './bankPageReturn';
import { cardOutcomeOf } from './gatewayOutcomes';
import { callInDoubt, IN_DOUBT } from './inDoubt';
import { calledOffMeanwhile, settlePayment, type Settlement } from './settlePayment';

/** How the card processor is asked to charge one recorded attempt, whichever way the card came. */
interface CardCharge extends Pick<CardAuthorization, 'card' | 'merchant' | 'lang' | 'capture'> {
  /** The checkout origin, for the 3DS challenge URL; a URL the processor gave whole stays as it is. */
  origin?: string | undefined;
  /**
   * SPEC 8's key when the processor could not decide (gateway_failed: the attempt is forgotten and
   * the payer's retry is a new one). Absent for a renewal, which no payer retries: the failure is recorded.
   */
  failureKey?: string | undefined;
  /** The conflict request_already_paid detail when another payment took the attempt's link or subscription meanwhile. */
  calledOff: string;
  /** The shop (name, logo, brand) as the payment read it already, for the issuer's page. */
  shop?: ShopOfOperation | undefined;
}

/** A charged attempt as recorded now, and what recording its outcome did (undefined: the attempt is gone). */
interface ChargedCard {
  row: TransactionRow;
  settled: Settlement | undefined;
}

/**
 * The one way a card attempt recorded in doubt is charged (a typed card, a saved card's token, a
 * subscription's activation or renewal): the card processor asked through its port with the
 * attempt's key inside callInDoubt (no answer: in_doubt, the attempt left for the reconciler and the
 * retry), and its decision recorded by settlePayment. Asked again for an attempt still in doubt, the
 * processor answers what it decided under that key: never a second charge.
 */
export async function chargeCard(deps: Pick<Deps, 'db' | 'gateways'>, attempt: TransactionRow, charge: CardCharge): Promise<ChargedCard> {
  // The issuer's 3DS page is on its own origin: the shop as its payers know it, and the way back here.
  const page = charge.origin ? await issuerPageFields(deps.db, attempt.cod_oper, charge.merchant, charge.origin, charge.shop) : {};
  const decision = await callInDoubt('card processor', () => deps.gateways.card.authorize({
    ...gatewayCall(attempt.cod_oper), amountCents: attempt.amount_cents + attempt.tax_cents + attempt.campaign_cents, currency: PAYMENT_CURRENCY,
    // The processor takes plain letters (SPEC 5 only_alpha_characters): the name is transliterated as sent, kept as written everywhere else.
    card: 'holder' in charge.card ? { ...charge.card, holder: processorName(charge.card.holder) } : charge.card, merchant: charge.merchant, lang: charge.lang, capture: charge.capture,
    ...page,
  }));
  if (decision.status === 'failed' && charge.failureKey !== undefined) {
    await dropUnsentAttempt(deps.db, attempt.cod_oper);
    throw new PaymentError('gateway_failed', charge.failureKey);
  }
  const outcome: PaymentOutcome = {
    ...cardOutcomeOf(decision), ...(decision.status === 'challenge' ? { redirectUrl: charge.origin ? new URL(decision.url, charge.origin).toString() : decision.url } : {}),
  };
  const settled = await settlePayment(deps, attempt.cod_oper, outcome);
  // Authorized for a single-use link or a subscription another payment took meanwhile: voided there, charged nowhere.
  if (calledOffMeanwhile(settled)) throw new PaymentError('conflict', 'request_already_paid', charge.calledOff);
  return { row: settled?.row ?? attempt, settled };
}

/** An attempt recorded and sent whose answer was never recorded (in doubt, a crash): its retry asks the processor again under its key. */
export function stillInDoubt(row: TransactionRow): boolean {
  return row.auth_status === IN_DOUBT.auth_status;
}
