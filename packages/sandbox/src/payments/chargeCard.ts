import { processorName } from '@pasarela/core';
import type { Deps } from '../Deps';
import type { CardAuthorization } from '@pasarela/gateways';
import { gatewayCall } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import type { ShopOfOperation } from '../store/merchantBrand';
import { paidCentsOf, type TransactionRow } from '../store/transactions';
import { dropUnsentAttempt, type PaymentOutcome } from '../store/transactionUpdates';
import { issuerPageFields } from './bankPageReturn';
import { cardOutcomeOf } from './gatewayOutcomes';
import { callInDoubt, cardPaymentsUnavailable, forgetIfNotSent, IN_DOUBT, refuseIfOtherProcessor } from './inDoubt';
import { calledOffMeanwhile, paidElsewhereRefusal, settlePayment, type JustRecorded, type Settlement } from './settlePayment';
import { receiptOfSettled, type ReceiptTo } from './receiptMail';

interface CardCharge extends Pick<CardAuthorization, 'card' | 'merchant' | 'lang' | 'capture'> {
  /** A URL the processor gave whole stays as it is. */
  origin?: string | undefined;
  /** SPEC 8's key when the processor could not decide; absent for a renewal (no payer retries it): the failure is recorded. */
  failureKey?: string | undefined;
  /** The request_already_paid detail when another payment took the link or subscription meanwhile. */
  calledOff: string;
  shop?: ShopOfOperation | undefined;
  /** Mailed in the outcome's commit when it pays (a payer's own card payment). */
  receipt?: ReceiptTo | undefined;
  /**
   * This request recorded the attempt: no earlier call under its key can have reached the processor,
   * so a connection refused now means nothing was ever sent for it. A retry of an attempt in doubt is
   * not: its first call may have charged, and a refusal now says nothing of that one.
   */
  firstCall?: boolean | undefined;
  /** The attempt was recorded by this request just now: what settlePayment's one statement needs. */
  justRecorded?: Omit<JustRecorded, 'row'> | undefined;
}

interface ChargedCard {
  row: TransactionRow;
  settled: Settlement | undefined;
}

/**
 * The one way a card attempt recorded in doubt is charged: asked under the attempt's key inside
 * callInDoubt, decided by settlePayment. Asked again, the processor answers what it decided: never a second charge.
 */
export async function chargeCard(deps: Pick<Deps, 'db' | 'gateways' | 'processors'>, attempt: TransactionRow, charge: CardCharge): Promise<ChargedCard> {
  // Sent under its key to another processor it would be a second charge: the attempt waits for a node that has its own.
  refuseIfOtherProcessor(deps, attempt, 'card processor');
    // The issuer's page is on its own origin: it shows the shop and the way back here.
  const page = charge.origin ? await issuerPageFields(deps.db, attempt.cod_oper, charge.merchant, charge.origin, charge.shop) : {};
  // The card vault (or the processor) refused the connection: nothing was sent, nothing charged. The
  // attempt is forgotten and the payer told card payments are down for now; the log says what refused
  // it, as the adapter named it. A renewal (without failureKey) has no payer waiting.
  const notSent = forgetIfNotSent(deps, attempt.cod_oper, { recorded: charge.firstCall === true ? 'this_request_attempt' : 'earlier_attempt', payerWaiting: charge.failureKey !== undefined },
    (refused) => cardPaymentsUnavailable(`${refused.message}: the card payment was not sent`));
  const decision = await callInDoubt('card processor', () => deps.gateways.card.authorize({
    ...gatewayCall(attempt.cod_oper), amountCents: paidCentsOf(attempt), currency: attempt.currency,
    // SPEC 5 only_alpha_characters: transliterated for the processor, kept as written everywhere else.
    card: 'holder' in charge.card ? { ...charge.card, holder: processorName(charge.card.holder) } : charge.card, merchant: charge.merchant, lang: charge.lang, capture: charge.capture,
    ...page,
  }), notSent);
  if (decision.status === 'failed' && charge.failureKey !== undefined) {
    await dropUnsentAttempt(deps.db, attempt.cod_oper);
    throw new PaymentError('gateway_failed', charge.failureKey);
  }
  const outcome: PaymentOutcome = {
    ...cardOutcomeOf(decision), ...(decision.status === 'challenge' ? { redirectUrl: charge.origin ? new URL(decision.url, charge.origin).toString() : decision.url } : {}),
  };
  const settled = await settlePayment(deps, attempt.cod_oper, outcome, {
    mailOf: charge.receipt && receiptOfSettled(charge.receipt), recorded: charge.justRecorded && { row: attempt, ...charge.justRecorded },
  });
  const calledOff = calledOffMeanwhile(settled);
  if (calledOff) throw paidElsewhereRefusal(calledOff, charge.calledOff);
  return { row: settled?.row ?? attempt, settled };
}

/** Its retry asks the processor again under its key. */
export function stillInDoubt(row: TransactionRow): boolean {
  return row.auth_status === IN_DOUBT.auth_status;
}
