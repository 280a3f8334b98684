import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n';
import { AttemptAlert } from '../../payments/AttemptAlert';
import type { MethodScreenProps } from '../../payments/methodModule';
import { PhoneForm } from '../../payments/PhoneForm';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { QrCode } from '../../payments/QrCode';
import { useAttempt } from '../../payments/useAttempt';
import { pushWaitEnded } from '../../payments/pushWaitEnded';
import { linkEnded } from '../../payments/linkEnded';
import { WaitingPanel } from '../../payments/WaitingPanel';
import { formatAmount, maskedPhoneName, nequiPhoneRule, type PayerMessage } from '@pasarela/core';
import { MaskedText } from '../../ui/MaskedNumber';
import { useStoreState } from '../../ui/useStoreState';
import { createNequiStore, type NequiMode } from './store';
import { BusyButton } from '../../ui/BusyButton';
import { WaitHeading } from '../../payments/WaitHeading';
import { useLeaveWait } from '../../payments/useLeaveWait';

export function NequiScreen({ payment }: MethodScreenProps) {
  const [{ state, attempt }] = useState(() => createNequiStore(payment));
  const nequi = useStoreState(state);
  const current = useAttempt(attempt, payment);
  const leaving = useLeaveWait(current.phase, () => attempt.getState().phase);
  const { services, total } = payment;
  const busy = current.phase === 'sending';
  const qrValue = current.answer?.qrValue ?? null;
  // Failures whose focus was given: switching between push and QR later does not pull the focus off the radios.
  const focused = useRef(0);
  const retrying = nequi.failures > focused.current;
  useEffect(() => {
    focused.current = nequi.failures;
  });

  if (current.phase === 'waiting' || current.phase === 'approved') {
    const phone = maskedPhoneName(current.answer?.phone);
    // Right after a reload the phone is known only once the status call answers.
    const status = qrValue ? t('nequi_scan_qr') : phone ? <MaskedText name={phone} say={(named) => t('nequi_push_sent', { phone: named })} /> : t('nequi_push_sent_unknown');
    return (
      <div className="method">
        <WaitHeading text={t('nequi_title')} />
        <WaitingPanel status={status} deadline={current.deadline} serverNow={services.serverNow} onExpire={() => void attempt.getState().expire()}>
          {qrValue ? <QrCode value={qrValue} label={t('nequi_qr_image', { amount: formatAmount(total, services.lang, payment.data.merchant.currency) })} /> : null}
          {qrValue ? <p className="waiting__amount">{t('nequi_qr_amount', { amount: formatAmount(total, services.lang, payment.data.merchant.currency) })}</p> : null}
          {qrValue && qrValue.startsWith('nequi://') && onTouchDevice() ? (
            <a className="button button--secondary" href={qrValue}>
              {t('nequi_open_app')}
            </a>
          ) : null}
        </WaitingPanel>
        {current.message ? <AttemptAlert message={current.message} /> : null}
        <button type="button" className="button button--link" onClick={() => leaving.leave(attempt.getState().leave())}>
          {t('use_other_method')}
        </button>
      </div>
    );
  }

  const ended = pushWaitEnded(current, payment, 'method', t('nequi_title')) ?? linkEnded(current, 'method', t('nequi_title'));
  if (ended) return ended;

  // The field speaks of the merchant's country (Colombia's 10 digits or Panama's 8) and takes a mobile of either.
  const rule = nequiPhoneRule(payment.data.merchant.country);
  const choose = (mode: NequiMode) => state.getState().setMode(mode);
  // After a push that was sent (it has its operation) and failed, the form's own submit says "send again",
  // one button. A refusal before sending (the processor down: nothing sent) leaves it "send".
  const sendAgain = current.phase === 'failed' && !!current.message && current.codOper !== null && nequi.mode === 'push' && nequi.phone !== '';
  // After a failure the focus is on the field to fix (PRODUCT), as Yappy's: the phone, in a fresh form; with
  // no field (the QR's button), on the alert. Never the page's body, even when a reload picked the wait up.
  return (
    <div className="method">
      <h2 className="method__title">{t('nequi_title')}</h2>
      {leaving.note}
      {current.phase === 'failed' && current.message ? (
        <AttemptAlert message={nequiMessage(current.message)} focusAlert={nequi.mode === 'qr'} />
      ) : null}
      <div className="choice" role="radiogroup" aria-labelledby="nequi-mode-label">
        <p id="nequi-mode-label" className="choice__label">
          {t('nequi_choose')}
        </p>
        {(['push', 'qr'] as const).map((mode) => (
          <label key={mode} className="choice__option">
            <input type="radio" name="nequi-mode" value={mode} checked={nequi.mode === mode} disabled={busy} onChange={() => choose(mode)} />
            <span>{t(mode === 'push' ? 'nequi_push_option' : 'nequi_qr_option')}</span>
          </label>
        ))}
      </div>
      {nequi.mode === 'push' ? (
        <PhoneForm
          key={nequi.failures}
          name="nequi-phone"
          label={t('nequi_phone_label')}
          hint={t(rule.country === 'CO' ? 'nequi_phone_hint_co' : 'nequi_phone_hint_pa')}
          placeholder={rule.example}
          invalidText={t(rule.country === 'CO' ? 'nequi_phone_invalid_co' : 'panama_mobile_invalid')}
          country={rule.country}
          maxDigits={rule.digits}
          readNational={(value) => preparePhoneRules().then((rules) => rules.nequiPhoneNumber(value, rule.country))}
          initialPhone={nequi.phone}
          payerDetails={payment.payerDetails}
          autoFocus={retrying}
          total={total}
          lang={services.lang}
          currency={payment.data.merchant.currency}
          busy={busy}
          submitLabel={t('nequi_send_push')}
          again={sendAgain ? { phone: nequi.phone, label: t('nequi_send_again') } : undefined}
          onSubmit={(phone) => void state.getState().pay(phone)}
        />
      ) : (
        <form
          className="method-form"
          onSubmit={(event) => {
            event.preventDefault();
            void state.getState().pay();
          }}
        >
          <p className="method__text">{t('nequi_qr_intro')}</p>
          <BusyButton type="submit" className="button button--primary button--pay" busy={busy} aria-busy={busy}>
            {busy ? t('processing_payment') : t('nequi_show_qr')}
          </BusyButton>
        </form>
      )}
    </div>
  );
}

/** The server's code (kept for the merchant) is not shown with the server's own English text. */
function nequiMessage(message: PayerMessage): PayerMessage {
  if (message.key === 'error_pay_push_nequi' || message.key === 'error_pay_qr_nequi') return { key: message.key, text: t(message.key) };
  // The window closed unanswered: the server's own words (English, for the merchant) are not the payer's.
  if (message.key === 'waiting_time_over') return { key: message.key, text: t('nequi_time_over') };
  return message;
}

function onTouchDevice(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
