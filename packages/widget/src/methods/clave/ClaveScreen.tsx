import { useMemo, useState } from 'react';
import { t } from '../../i18n/i18n';
import { AttemptAlert } from '../../payments/AttemptAlert';
import type { MethodScreenProps } from '../../payments/methodModule';
import { useAttempt } from '../../payments/useAttempt';
import { WaitingPanel } from '../../payments/WaitingPanel';
import { useStoreState } from '../../ui/useStoreState';
import { createClaveStore } from './store';
import { BusyButton } from '../../ui/BusyButton';
import { PAID_ELSEWHERE } from '../../payments/paidElsewhere';
import { PaidElsewhere } from '../../payments/PaidElsewhere';
import { linkEnded } from '../../payments/linkEnded';
import { WaitHeading } from '../../payments/WaitHeading';
import { useLeaveWait } from '../../payments/useLeaveWait';

export function ClaveScreen({ payment }: MethodScreenProps) {
  const [{ state, attempt }] = useState(() => createClaveStore(payment));
  const clave = useStoreState(state);
  const current = useAttempt(attempt, payment);
  const leaveWait = useLeaveWait(current.phase, () => attempt.getState().phase);
  const busy = current.phase === 'sending';
  // An attempt that ended unreported (its answer lost: it may have gone through) has only the attempt's message.
  const failure = clave.alert ?? (current.phase === 'failed' ? current.message : null);
  // The bank's refusal carries no reason of its own: say what it means for the payer's money and what
  // to do next. Left on the bank's page without an answer is the payer's cancel (payment_cancelled), said as such.
  // One object while the failure is the same: the alert takes the focus when it changes, not on every render.
  const alert = useMemo(() => (failure?.key === 'payment_declined' && failure.text === undefined ? { ...failure, text: t('clave_declined_reason') } : failure), [failure]);

  // Followed after the payer came Back from the bank's page, and called off because another payment
  // paid the order: said so, neutrally, never as the bank's refusal.
  if (current.phase === 'failed' && current.message?.key === PAID_ELSEWHERE) {
    return (
      <div className="method-screen">
        <PaidElsewhere payment={payment} paidBy={current.paidBy} />
      </div>
    );
  }
  const ended = linkEnded(current, 'method-screen', t('clave_title'));
  if (ended) return ended;

  if (current.phase === 'waiting' || current.phase === 'approved') {
    return (
      <div className="method-screen">
        {/* Takes the focus from the button that led here, and on a page the payer came Back to from the bank's. */}
        <WaitHeading text={t('clave_title')} />
        <WaitingPanel status={t(clave.leaving ? 'clave_redirect' : 'clave_bank_pending')} deadline={null} serverNow={payment.services.serverNow} />
        {/* The call-off did not reach the server: the wait stays, and says so. */}
        {current.phase === 'waiting' && current.message ? <AttemptAlert message={current.message} /> : null}
        {clave.leaving ? null : (
          <button type="button" className="button button--link" onClick={() => leaveWait.leave(state.getState().cancel())}>
            {t('use_other_method')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="method-screen">
      <h2 className="method__title">{t('clave_title')}</h2>
      {leaveWait.note}
      {/* Back from the bank's page the screen opens with the alert: it takes the focus to be read. */}
      {alert ? <AttemptAlert message={alert} focusAlert /> : null}
      <form
        className="method-form"
        onSubmit={(event) => {
          event.preventDefault();
          void state.getState().pay();
        }}
      >
        <p className="method__text">{t('clave_intro')}</p>
        <BusyButton type="submit" className="button button--primary button--pay" busy={busy} aria-busy={busy}>
          {busy ? t('processing_payment') : t('clave_continue')}
        </BusyButton>
      </form>
    </div>
  );
}
