import { refusalAlertOf, type Receipt } from '@pasarela/core';
import { resultAfterReturn } from '../../payments/afterReturn';
import { takeChallenge } from '../../payments/challengeReturn';
import type { PaymentContext } from '../../payments/paymentContext';
import { entryDraft, forgetEntryDraft, takeCardDraft } from './cardDraft';
import type { CardStore } from './store';

// A card payment's 3DS challenge ended: the wait that followed it, or the form drawn at once with the
// bank's reason (core challengeEndsOnForm), reports it here. Its own chunk: only after a challenge.

/** The shop hears the outcome here, once: nothing else reported it. The tab forgets the payment. */
export function reportChallengeEnd(payment: PaymentContext, receipt: Receipt): 'success' | 'error' {
  const { services, data } = payment;
  const result = resultAfterReturn('card', receipt, { formPath: '', email: '', returnUrl: data.info.returnUrlString }, services.now());
  payment.memory().clear();
  // Reported here: the receipt page this leads to must not report the challenge again.
  takeChallenge(services.storage.session);
  services.bridge.notify({ type: 'result', result });
  return result.status;
}

/** Drawn at once as the form with the bank's reason (its refusal already on it): reported, and the payer's details back. */
export function endedOnForm(payment: PaymentContext, store: CardStore, receipt: Receipt): void {
  reportChallengeEnd(payment, receipt);
  backOnForm(payment, store, null);
}

/** The payer's details stay; the card is typed again in the vault's fields (the checkout never held it). */
export function backOnForm(payment: PaymentContext, store: CardStore, refused: { text: string; authStatus: string } | null): void {
  const { services } = payment;
  const kept = entryDraft();
  const state = {
    ...(kept ? { values: { ...store.getState().values, ...kept.values, email: kept.values.email || payment.data.info.email } } : {}),
    ...(refused ? refusalAlertOf(refused) : {}),
  };
  forgetEntryDraft();
  takeCardDraft(services.storage.session);
  takeChallenge(services.storage.session);
  store.setState(state);
}
