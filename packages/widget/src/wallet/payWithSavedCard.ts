import { activatesSubscription, securityFields, buildPayActivityPayload, cardDisplayStatus, overallResultOfDisplay, type SavedCard } from '@pasarela/core';
import type { AttemptRecord } from '../api/lookupAttempt';
import type { PaymentContext } from '../payments/paymentContext';
import { payActivity } from './api';

export function linkSubscription(payment: PaymentContext): { idSubscription: number; subscriptionKey: string } | null {
  const { info } = payment.data;
  const key = info.subscription?.subscriptionKey;
  return info.idSubscription !== null && key ? { idSubscription: info.idSubscription, subscriptionKey: key } : null;
}

/** No number is typed or sent. */
export async function payWithSavedCard(payment: PaymentContext, card: SavedCard, trackId: string): Promise<string | null> {
  const payload = buildPayActivityPayload({
    // SPEC 3 search descriptor: the amount, which a station with no price of its own is paid.
    sourceSearch: { paymentCode: payment.data.info.code, amount: payment.data.info.amount, taxAmount: payment.data.info.taxAmount },
    idUsrCard: card.idRelCard,
    idUsrService: 0,
    useFunds: false,
    subscription: activatesSubscription('card') ? linkSubscription(payment) : null,
    txChannel: payment.linkFields().txChannel,
    // Inside Tarjeta: the payer's answers to the custom fields go with it, and the donation chosen above.
    customFieldValues: payment.customFieldValues(),
    campaign: payment.donation(),
  });
  const answer = await payActivity(payment.services.api, { ...payload, ...securityFields(await payment.security()), trackId });
  const { status, codOper } = answer.activityResult;
  const result = overallResultOfDisplay(cardDisplayStatus(status));
  payment.report({ result, codOper, type: card.cardType });
  return result === 'APPROVED' || result === 'PENDING' ? codOper : null;
}

export function savedCardAttempt(payment: PaymentContext, card: SavedCard, found: AttemptRecord): string | null {
  payment.report({ result: found.result, codOper: found.codOper, type: card.cardType });
  return found.result === 'DECLINED' ? null : found.codOper;
}
