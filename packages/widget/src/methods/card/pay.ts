import {
  buildCardPaymentPayload, buildPaymentResult, declineFieldOf, cardDisplayStatus, cardOutcome, isFinalMessage, isNothingRecordedFailure, isOutcomeUnknown, isPasarelaError, PasarelaError, SPECIFIC_ERROR_CODES,
  overallResultOfDisplay, payerMessage, processingFailureKey, recordAsCardAnswer, totalWithTax, CHANNEL, type CardAuthResponse, type Language, type PaymentSecurity, type Merchant, type PaymentInfo,
  type WidgetMessage, type Receipt, type SubscriptionToActivate, type VaultCard,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { payWithCard } from '../../api/payWithCard';
import { paySubscription } from '../../api/paySubscription';
import { rememberPaidReceipt } from '../../receipts/paidReceipt';
import { PAID_ELSEWHERE } from '../../payments/paidElsewhere';
import { linkEndedPath } from '../../payments/linkEndedPath';
import type { CardAttempt, CardSendOptions, CardValues } from './store';

export interface CardPayContext {
  api: ApiClient;
  info: PaymentInfo;
  merchant: Merchant;
  lang: Language;
  domainRequested: string;
  notify: (message: WidgetMessage) => void;
  now: () => Date;
  beforeChallenge: (values: CardValues) => void;
  onAttempt?: () => void;
  subscription?: SubscriptionToActivate | undefined;
  idService?: number | undefined;
  donation?: () => { amount: number; idCampaignBridge: number | string } | null;
  customFieldValues?: () => unknown[];
  storeCard?: () => boolean;
  /** Throws when the captcha refuses. */
  security?: () => Promise<PaymentSecurity>;
}

export function createCardPay(ctx: CardPayContext) {
  const { info } = ctx;

  return async (values: CardValues, card: VaultCard, trackId: string, options: CardSendOptions = { tryAgain: false }): Promise<CardAttempt> => {
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
      card,
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
      // A refusal is a finished attempt. A lost answer or a 5xx is not reported (the payment may have gone
      // through), nor a reused trackId (looked up next), nor a duplicate: a question to the payer. Nor an
      // order another payment paid meanwhile: the shop hears of that one, never of an error here.
      if (isPasarelaError(error) && error.category === 'api' && !isOutcomeUnknown(error) && error.code !== SPECIFIC_ERROR_CODES.trackIdReused && error.code !== 'possible_duplicated_tx' && error.code !== PAID_ELSEWHERE) {
        const result = buildPaymentResult('card', { ...cardSummary(ctx, values, card), result: 'ERROR', codOper: '', reason: error.code });
        ctx.notify({ type: 'result', result });
      }
      // Refused whatever is sent again (core isFinalMessage: SPEC 8 3000, the link expired; 3001): not a decline
      // but the page errorEffect names. A card's 3000 is a link's (a station never expires); a subscription's
      // page names no shop. Any other refusal, an unknown link's 404 included, stays on the form.
      const to = isFinalMessage(payerMessage(error)) ? linkEndedPath(error, ctx.subscription ? 'subs' : 'lk', info.code) : null;
      if (to) return { kind: 'ended', to };
      throw error;
    }
    return settleCardAnswer(ctx, values, card, response);
  };
}

export function createCardLookup(ctx: CardPayContext) {
  return async (values: CardValues, card: VaultCard, trackId: string): Promise<CardAttempt | null> => {
    // Only after a lost answer: its code (and the record's schema) are not in the first load.
    const { lookupAttempt } = await import('../../api/lookupAttempt');
    const found = await lookupAttempt(ctx.api, trackId);
    return found ? settleCardAnswer(ctx, values, card, recordAsCardAnswer(found)) : null;
  };
}

/**
 * A 502 processing failure recorded nothing, so its outcome is known: no look-up of the trackId is
 * needed. The same code as a 504 is an attempt kept in doubt, left unknown (looked up by its trackId).
 */
function asProcessingFailure(error: unknown, isOldVersion: boolean): unknown {
  if (!isNothingRecordedFailure(error)) return error;
  const code = processingFailureKey(isOldVersion);
  return new PasarelaError({ code, category: 'api', serverMessage: code });
}

function cardSummary(ctx: CardPayContext, values: CardValues, card: VaultCard) {
  return {
    totalPaid: totalWithTax(ctx.info.amount, ctx.info.taxAmount),
    at: ctx.now(),
    type: card.brand,
    user: values.email.trim(),
    returnUrl: ctx.info.returnUrlString,
  };
}

function settleCardAnswer(ctx: CardPayContext, values: CardValues, card: VaultCard, response: CardAuthResponse & { receipt?: Receipt | undefined }): CardAttempt {
  const summary = cardSummary(ctx, values, card);
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
