import { useEffect, useState } from 'react';
import { declineFieldOf, isPasarelaError, type Receipt } from '@pasarela/core';
import { loadReceipt } from '../../api/loadReceipt';
import { t } from '../../i18n/i18n';
import { resultAfterReturn } from '../../payments/afterReturn';
import type { PaymentContext } from '../../payments/paymentContext';
import { WaitingPanel } from '../../payments/WaitingPanel';
import { watchPayment } from '../../payments/watchPayment';
import { loadReceipts } from '../../receipts/loadReceipts';
import { entryDraft, forgetEntryDraft, takeCardDraft } from './cardDraft';
import type { CardStore } from './store';

interface ChallengeWaitProps {
  payment: PaymentContext;
  /** The card payment left at its 3DS challenge (this form's address named it). */
  codOper: string;
  /** The card form's store, given back what was typed (and the reason of a refusal). */
  store: CardStore;
  /** The wait is over and the form shows again (a refusal, or the payer pays with another card). */
  onEnd: () => void;
}

/**
 * A card payment whose 3DS challenge the payer left (Back from the bank's page, a refused challenge
 * coming back to its form, a reopen): it is followed on the server until the bank decides; approved,
 * the receipt; refused, the form with what was typed and the reason. The shop hears the outcome
 * here, as nothing else reported it. Its own chunk: only after a challenge.
 */
export function ChallengeWait({ payment, codOper, store, onEnd }: ChallengeWaitProps) {
  const { services, data } = payment;
  // What was typed back in the form (never the CVC), with the bank's reason after a refusal.
  const [onForm] = useState(() => (refused: { text: string; authStatus: string } | null) => {
    const kept = entryDraft();
    forgetEntryDraft();
    takeCardDraft(services.storage.session);
    store.setState({
      ...(kept ? { values: { ...store.getState().values, ...kept.values, email: kept.values.email || data.info.email } } : {}),
      ...(refused ? { alert: { key: 'payment_declined', ...(refused.text ? { text: refused.text } : {}) }, alertField: declineFieldOf(refused.authStatus) } : {}),
    });
    onEnd();
  });
  // A payment under way: the method choice holds and the captcha steps aside.
  useEffect(() => {
    payment.setBusy(true);
    return () => payment.setBusy(false);
  }, [payment]);
  const [left, setLeft] = useState(false);
  // The challenge's page, to go back to, as the form's history entry kept it ('' when it did not).
  const [challengeUrl] = useState(() => entryDraft()?.challengeUrl ?? '');
  useEffect(() => {
    const finish = (receipt: Receipt) => {
      const result = resultAfterReturn('card', receipt, { formPath: '', email: '', returnUrl: data.info.returnUrlString }, services.now());
      // Still at the bank: the receipt's screens are fetched while the payer decides. A payment
      // already decided (a refused challenge back on its form) goes on at once, with nothing else
      // loading beside it.
      if (result.notification.Estado === 'PENDING') return void loadReceipts().catch(() => undefined);
      stop();
      payment.memory().clear();
      services.bridge.notify({ type: 'result', result });
      if (result.status === 'success') payment.showReceipt(codOper);
      else onForm({ text: receipt.messageSys ?? '', authStatus: receipt.authStatus ?? '' });
    };
    const stop = watchPayment<Receipt>({
      pushUrl: payment.pushUrl(codOper),
      check: () => loadReceipt(services.api, codOper),
      isFinal: (receipt) => resultAfterReturn('card', receipt, { formPath: '', email: '', returnUrl: '' }, services.now()).notification.Estado !== 'PENDING',
      onAnswer: finish,
      // No such payment (or no longer readable): nothing to wait for; the form, as it was typed.
      onRefused: (error) => {
        if (isPasarelaError(error)) {
          payment.memory().clear();
          onForm(null);
        }
      },
    });
    return stop;
  }, [payment, codOper, services, data, onForm]);

  return (
    <div className="method">
      <h2 className="method__title">{t('card_challenge_title')}</h2>
      <WaitingPanel status={t('card_challenge_waiting')} deadline={null} serverNow={services.serverNow} />
      {challengeUrl ? (
        <button
          type="button"
          className="button button--primary"
          disabled={left}
          onClick={() => {
            setLeft(true);
            services.leave(challengeUrl);
          }}
        >
          {t('card_challenge_resume')}
        </button>
      ) : null}
      <button
        type="button"
        className="button button--link"
        onClick={() => {
          // The challenge left open charges nothing unless the payer completes it on the bank's page.
          payment.memory().clear();
          onForm(null);
        }}
      >
        {t('card_challenge_other_card')}
      </button>
    </div>
  );
}
