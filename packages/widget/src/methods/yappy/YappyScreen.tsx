import { useState } from 'react';
import { YAPPY_PAY_WINDOW_MS, maskedPhoneName, type PayerMessage } from '@pasarela/core';
import { MaskedText } from '../../ui/MaskedNumber';
import { t } from '../../i18n/i18n';
import { AttemptAlert } from '../../payments/AttemptAlert';
import type { MethodScreenProps } from '../../payments/methodModule';
import { PhoneForm } from '../../payments/PhoneForm';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { useAttempt } from '../../payments/useAttempt';
import { pushWaitEnded } from '../../payments/pushWaitEnded';
import { linkEnded } from '../../payments/linkEnded';
import { WaitingPanel } from '../../payments/WaitingPanel';
import { useStoreState } from '../../ui/useStoreState';
import { YAPPY_PHONE_COUNTRY, YAPPY_PHONE_DIGITS, YAPPY_PHONE_EXAMPLE } from './config';
import { createYappyStore, yappyFailureKey } from './store';
import { WaitHeading } from '../../payments/WaitHeading';
import { useLeaveWait } from '../../payments/useLeaveWait';

export function YappyScreen({ payment }: MethodScreenProps) {
  const [{ state, attempt }] = useState(() => createYappyStore(payment));
  const yappy = useStoreState(state);
  const current = useAttempt(attempt, payment);
  const leaving = useLeaveWait(current.phase, () => attempt.getState().phase);
  const { services, total } = payment;

  if (current.phase === 'waiting' || current.phase === 'approved') {
    const phone = maskedPhoneName(current.answer?.phone ?? yappy.phone);
    return (
      <div className="method-screen">
        <WaitHeading text={t('yappy_title')} />
        <WaitingPanel
          status={phone ? <MaskedText name={phone} say={(named) => t('yappy_request_sent', { phone: named })} /> : t('yappy_request_sent_unknown')}
          deadline={current.deadline}
          serverNow={services.serverNow}
          windowMs={YAPPY_PAY_WINDOW_MS}
          onExpire={() => state.getState().windowClosed()}
        />
        {current.message ? <AttemptAlert message={current.message} /> : null}
        <button type="button" className="button button--link" onClick={() => leaving.leave(attempt.getState().leave())}>
          {t('use_other_method')}
        </button>
      </div>
    );
  }

  const ended = pushWaitEnded(current, payment, 'method-screen', t('yappy_title')) ?? linkEnded(current, 'method-screen', t('yappy_title'));
  if (ended) return ended;

  const retrying = yappy.failures > 0;
  return (
    <div className="method-screen">
      <h2 className="method__title">{t('yappy_title')}</h2>
      {leaving.note}
      {/* The catalogue's words for declined, expired and timed out, whatever the server added. */}
      {current.phase === 'failed' && current.message ? <AttemptAlert message={yappyMessage(current.message.key)} /> : null}
      <PhoneForm
        // A fresh form after each failed attempt: the same phone, the caret in it, ready to send again.
        key={yappy.failures}
        name="yappy-phone"
        label={t('yappy_phone_label')}
        hint={t('yappy_phone_hint')}
        placeholder={YAPPY_PHONE_EXAMPLE}
        // What a Yappy number is, as Nequi's form says it, not a bare "invalid".
        invalidText={t('panama_mobile_invalid')}
        country={YAPPY_PHONE_COUNTRY}
        maxDigits={YAPPY_PHONE_DIGITS}
        minDigits={YAPPY_PHONE_DIGITS}
        // A Panamanian mobile only (core's yappyPhoneNumber, the server's rule): never another country's last eight digits.
        readNational={(value) => preparePhoneRules().then((rules) => rules.yappyPhoneNumber(value))}
        initialPhone={yappy.phone}
        payerDetails={payment.payerDetails}
        autoFocus={retrying}
        total={total}
        lang={services.lang}
        busy={current.phase === 'sending'}
        submitLabel={t('yappy_send')}
        onSubmit={(phone) => void state.getState().pay(phone)}
      />
    </div>
  );
}

/** A decline says who declined and where, as Nequi's does and as the shop hears it; the other keys keep the catalogue's words. */
function yappyMessage(key: PayerMessage['key']): PayerMessage {
  return { key: yappyFailureKey(key) };
}
