import type { CatalogKey } from '@pasarela/core';
import { useEffect, useRef, useState } from 'react';
import { formatAmount, roundAmount, usableSavedCards, type SavedCard } from '@pasarela/core';
import { t } from '../i18n/i18n';
import type { PaymentContext } from '../payments/paymentContext';
import { loadCards } from './api';
import { lookupAttempt } from '../api/lookupAttempt';
import { createPaymentIntent, lostAnswerMessage } from '../payments/paymentIntent';
import { payWithSavedCard, savedCardAttempt } from './payWithSavedCard';
import { cardNameOf, SavedCardMark } from './SavedCardList';
import { MaskedNumber } from '../ui/MaskedNumber';
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';
import { NextStep } from '../ui/NextStep';
import { PayingStatus } from '../ui/PayingStatus';
import { isPaidElsewhere, paidByOf, type PaidBy } from '../payments/paidElsewhere';
import { useCheckoutDonation } from '../payments/donation/useDonationAmount';

const NEW_CARD = 'new';

/** `onChoice(true)` while a saved card is chosen, so the card form hides; `onPaidElsewhere`: Pay found the order paid by another payment. */
export function SavedCardChoice({ payment, onChoice, onPaidElsewhere }: { payment: PaymentContext; onChoice: (saved: boolean) => void; onPaidElsewhere: (paidBy: PaidBy | null) => void }) {
  const { services, total } = payment;
  // The button says what is charged, as the card form's: the donation chosen above goes with the payment.
  const donation = useCheckoutDonation();
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [chosen, setChosen] = useState<string>(NEW_CARD);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<CatalogKey | null>(null);
  // A payment whose answer was lost is looked up before another is made (payments/paymentIntent).
  const [intent] = useState(() => createPaymentIntent(services.newTrackId, {}, payment.flight));
  // The saved cards replace the card form as they arrive, its card number focused on open among it: the
  // chosen card takes the focus when the form's went with it (hidden) or none is left (the body).
  const chosenRadio = useRef<HTMLInputElement | null>(null);
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    if (!arrived) return;
    const active = document.activeElement;
    if (active === null || active === document.body || active.closest('[hidden]') !== null) chosenRadio.current?.focus();
  }, [arrived]);

  useEffect(() => {
    let live = true;
    const idUsr = services.session.getState().login?.session.user.idUsr ?? -1;
    loadCards(services.api).then(
      (all) => {
        if (!live) return;
        const usable = usableSavedCards(all, idUsr);
        setCards(usable);
        const first = usable[0];
        if (first) setChosen(first.cardToken);
        onChoice(first !== undefined);
        setArrived(first !== undefined);
      },
      () => live && onChoice(false),
    );
    return () => {
      live = false;
    };
  }, []);

  if (cards.length === 0) return null;
  const card = cards.find((c) => c.cardToken === chosen) ?? null;
  const choose = (value: string) => {
    setChosen(value);
    setError(null);
    onChoice(value !== NEW_CARD);
  };
  const pay = async () => {
    if (!card || paying) return;
    // A donation the campaign refuses is said at its field, which takes the focus: nothing is sent.
    const toFix = payment.extrasToFix();
    if (toFix) return toFix.focus();
    setPaying(true);
    setError(null);
    payment.setBusy(true);
    try {
      const codOper = await intent.run({
        lookup: (trackId) => lookupAttempt(services.api, trackId),
        send: (trackId) => payWithSavedCard(payment, card, trackId),
        resume: (found) => savedCardAttempt(payment, card, found),
      });
      if (codOper) return payment.showReceipt(codOper);
      setError('payment_declined');
    } catch (failure) {
      if (isPaidElsewhere(failure)) return onPaidElsewhere(paidByOf(failure));
      setError(intent.outcomeUnknown() ? lostAnswerMessage(failure).key : walletMessageKey(failure));
    } finally {
      setPaying(false);
      payment.setBusy(false);
    }
  };

  return (
    <form
      className="method-form wallet-form saved-cards"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <fieldset className="choice">
        <legend className="choice__label">{t('saved_cards')}</legend>
        {cards.map((c) => (
          <label key={c.cardToken} className="choice__option">
            <input type="radio" name="saved-card" value={c.cardToken} checked={chosen === c.cardToken} disabled={paying} onChange={() => choose(c.cardToken)}
              ref={chosen === c.cardToken ? chosenRadio : undefined} />
            <span>
              <SavedCardMark card={c} />
              <MaskedNumber name={cardNameOf(c)} />
              {c.isDefault ? <span className="badge">{t('default_card')}</span> : null}
            </span>
          </label>
        ))}
        <label className="choice__option">
          <input type="radio" name="saved-card" value={NEW_CARD} checked={chosen === NEW_CARD} disabled={paying} onChange={() => choose(NEW_CARD)} />
          <span>{t('new_card')}</span>
        </label>
      </fieldset>
      {error ? (
        <div className="alert" role="alert">
          <p className="alert__text">{t(error)}</p>
          <NextStep messageKey={error} />
        </div>
      ) : null}
      {card ? (
        <BusyButton type="submit" className="button button--primary button--pay" busy={paying} aria-busy={paying}>
          {paying ? t('processing_payment') : t('pay_button', { amount: formatAmount(roundAmount(total + donation), services.lang, payment.data.merchant.currency) })}
        </BusyButton>
      ) : null}
      <PayingStatus paying={paying} />
    </form>
  );
}
