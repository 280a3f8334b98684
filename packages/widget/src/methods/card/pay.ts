import {
  buildCardPaymentPayload, buildPaymentResult, declineFieldOf, cardBrandOf, cardDisplayStatus, cardOutcome, isOutcomeUnknown, isPasarelaError, PasarelaError, SPECIFIC_ERROR_CODES,
  overallResultOfDisplay, processingFailureKey, recordAsCardAnswer, totalWithTax, CHANNEL, type CardAuthResponse, type Language, type PaymentSecurity, type Merchant, type PaymentInfo,
  type WidgetMessage, type Receipt,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { payWithCard } from '../../api/payWithCard';
import { paySubscription } from '../../api/paySubscription';
import { rememberPaidReceipt } from '../../receipts/paidReceipt';
import type { CardAttempt, CardSendOptions, CardValues } from './store';

export interface CardPayContext {
  api: ApiClient;
  info: PaymentInfo;
  merchant: Merchant;
  lang: Language;
  /** The site the payment is made from: the merchant page when embedded, else the checkout. */
  domainRequested: string;
  notify: (message: WidgetMessage) => void;
  now: () => Date;
  /** Called just before leaving for a 3DS challenge. */
  beforeChallenge: (values: CardValues) => void;
  /** Called as each attempt starts (forgets a challenge the payer abandoned). */
  onAttempt?: () => void;
  /** Type subs: the card activates this subscription instead of paying a link (SPEC 7 process tx with activateSubscription). */
  subscription?: { idSubscription: number; subscriptionKey: string } | undefined;
  /** SPEC 3 idService: the merchant's card service the payment goes through (its payment-methods entry). */
  idService?: number | undefined;
  /** SPEC 3 amountToCampaign/idCampaignBridge: the donation chosen for this attempt. */
  donation?: () => { amount: number; idCampaignBridge: number | string } | null;
  /** SPEC 3 customFieldValues (the link's, and the merchant's fields the payer filled in). */
  customFieldValues?: () => unknown[];
  /** SPEC 3 storeCard: whether a logged-in payer asked to keep this card. */
  storeCard?: () => boolean;
  /** SPEC 3: the captcha's token and score and the fingerprint ids; throws when the captcha refuses. */
  security?: () => Promise<PaymentSecurity>;
}

/**
 * One payment attempt: builds SPEC 3's payload with core, sends it, reads core's outcome, and tells
 * the parent about every attempt that finished (SPEC 4: APPROVED and PENDING are success).
 */
export function createCardPay(ctx: CardPayContext) {
  const { info } = ctx;

  return async (values: CardValues, trackId: string, options: CardSendOptions = { tryAgain: false }): Promise<CardAttempt> => {
    ctx.onAttempt?.();
    const customFieldValues = ctx.customFieldValues?.() ?? info.customFieldValues;
    const donation = ctx.donation?.() ?? null;
    const security = ctx.security ? await ctx.security() : undefined;
    const payload = buildCardPaymentPayload({
      cclw: ctx.merchant.webCode,
      code: info.code,
      amount: info.amount,
      taxAmount: info.taxAmount,
      description: info.description,
      concept: info.detail,
      serviceCode: info.serviceCode,
      transactionsType: info.transactionsType,
      form: values,
      ip: '',
      domainRequested: ctx.domainRequested,
      trackId,
      lang: ctx.lang,
      txChannel: info.txChannel || CHANNEL.widget,
      customFieldValues,
      returnUrlString: info.returnUrlString,
      processDate: ctx.now(),
      idService: ctx.idService,
      ...(donation ? { campaign: donation } : {}),
      ...(security ? { security } : {}),
      ...(ctx.storeCard?.() ? { storeCard: true } : {}),
      // SPEC 3 tryAgain: the payer confirmed a second purchase after possible_duplicated_tx.
      ...(options.tryAgain ? { tryAgain: true } : {}),
    });
    let response;
    try {
      response = ctx.subscription
        ? await paySubscription(ctx.api, { ...ctx.subscription, idMerchant: info.idMerchant }, payload)
        : await payWithCard(ctx.api, payload);
    } catch (raw) {
      const error = asProcessingFailure(raw, payload.isOldVersion === true);
      // The server answered with a refusal (duplicate, limit, gateway failure): a finished attempt.
      // A lost answer or a 5xx is not reported, as the payment may still have gone through; nor is
      // a trackId reused, which is looked up next.
      // A possible duplicate is a question to the payer, not a failure: the shop hears the answer they give.
      if (isPasarelaError(error) && error.category === 'api' && !isOutcomeUnknown(error) && error.code !== SPECIFIC_ERROR_CODES.trackIdReused && error.code !== 'possible_duplicated_tx') {
        const result = buildPaymentResult('card', { ...cardSummary(ctx, values), result: 'ERROR', codOper: '', reason: error.code });
        ctx.notify({ type: 'result', result });
      }
      throw error;
    }
    return settleCardAnswer(ctx, values, response);
  };
}

/**
 * What became of an attempt whose answer was lost, looked up by its trackId: its outcome as the
 * payment's own answer would have given it, or null when the server has no such attempt.
 */
export function createCardLookup(ctx: CardPayContext) {
  return async (values: CardValues, trackId: string): Promise<CardAttempt | null> => {
    // Only after a lost answer: its code (and the record's schema) are not in the first load.
    const { lookupAttempt } = await import('../../api/lookupAttempt');
    const found = await lookupAttempt(ctx.api, trackId);
    return found ? settleCardAnswer(ctx, values, recordAsCardAnswer(found)) : null;
  };
}

const PROCESSING_FAILURES: readonly string[] = ['payment_error_try_again', SPECIFIC_ERROR_CODES.errorProcessingRequest];

/**
 * The server's word that the gateway failed before deciding (nothing was recorded, so the payer
 * may simply pay again), in the key SPEC 8 gives it: "error_processing_request for an old-version
 * tx failure", payment_error_try_again otherwise (core processingFailureKey). The server said what
 * happened, so the attempt's outcome is known: no look-up of the trackId is needed. Any other error
 * is left as it is.
 */
function asProcessingFailure(error: unknown, isOldVersion: boolean): unknown {
  if (!isPasarelaError(error) || error.category !== 'api' || !PROCESSING_FAILURES.includes(error.code)) return error;
  const code = processingFailureKey(isOldVersion);
  return new PasarelaError({ code, category: 'api', serverMessage: code });
}

function cardSummary(ctx: CardPayContext, values: CardValues) {
  return {
    totalPaid: totalWithTax(ctx.info.amount, ctx.info.taxAmount),
    at: ctx.now(),
    type: cardBrandOf(values.cardnumber) ?? '',
    user: values.email.trim(),
    returnUrl: ctx.info.returnUrlString,
  };
}

/** Core's outcome of a card answer; tells the parent about a finished one, readies a 3DS challenge. */
function settleCardAnswer(ctx: CardPayContext, values: CardValues, response: CardAuthResponse & { receipt?: Receipt | undefined }): CardAttempt {
  const summary = cardSummary(ctx, values);
  const outcome = cardOutcome(response);
  if (outcome.kind === 'redirect') {
    ctx.beforeChallenge(values);
    return { kind: 'redirect', url: outcome.url, codOper: response.codOper ?? '' };
  }
  const overall = overallResultOfDisplay(cardDisplayStatus(response.status));
  const result = buildPaymentResult('card', {
    ...summary,
    // What the payer sees decides: an answer shown as an error is never reported as a success.
    result: outcome.kind === 'error' && overall !== 'DECLINED' ? 'ERROR' : overall,
    type: response.cardType ?? summary.type,
    codOper: response.codOper ?? '',
    reason: response.messageSys,
  });
  ctx.notify({ type: 'result', result });
  if (outcome.kind === 'error') {
    return {
      kind: 'declined',
      message: { key: 'payment_declined', ...(outcome.messageSys ? { text: outcome.messageSys } : {}) },
      field: declineFieldOf(response.authStatus),
    };
  }
  if (response.receipt?.codOper === outcome.codOper) rememberPaidReceipt(response.receipt);
  return { kind: 'receipt', codOper: outcome.codOper };
}
