import { useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import { AttemptAlert } from '../../payments/AttemptAlert';
import type { MethodScreenProps } from '../../payments/methodModule';
import { useAttempt } from '../../payments/useAttempt';
import { linkEnded } from '../../payments/linkEnded';
import { useStoreState } from '../../ui/useStoreState';
import { CoinNetworkForm } from './CoinNetworkForm';
import { CryptoCancelConfirm } from './CryptoCancelConfirm';
import { CryptoRefundOwed, CryptoRefundScreen } from './CryptoRefundScreen';
import { CryptoPaymentPanel } from './CryptoPaymentPanel';
import { isChanging } from './quote';
import { createCryptoStore } from './store';
import { LoadingNote } from '../../ui/Loading';
import { PAID_ELSEWHERE } from '../../payments/paidElsewhere';
import { PaidElsewhere } from '../../payments/PaidElsewhere';
import { useLeaveWait } from '../../payments/useLeaveWait';

export function CryptoScreen({ payment }: MethodScreenProps) {
  const [{ state, attempt }] = useState(() => createCryptoStore(payment));
  const crypto = useStoreState(state);
  const current = useAttempt(attempt, payment);
  const leaving = useLeaveWait(current.phase, () => attempt.getState().phase);
  const { services } = payment;
  useEffect(() => void state.getState().start(), [state]);

  const attemptFailed = current.phase === 'failed' ? current.message : null;
  const alert = attemptFailed ?? crypto.failure;
  const quote = current.phase === 'waiting' && !isChanging(crypto) ? crypto.quote : null;
  // Coins have arrived and the payer asked to cancel (store.cancel): what will be refunded, to confirm.
  const confirming = current.phase === 'waiting' && crypto.confirmingCancel ? crypto.quote : null;

  // The order was paid in another browser meanwhile: said so neutrally, nothing offered to pay again;
  // coins that already arrived here are still sent back, and said so.
  if (current.phase === 'failed' && current.message?.key === PAID_ELSEWHERE) {
    return (
      <div className="crypto">
        <PaidElsewhere payment={payment} paidBy={current.paidBy} sentBack={Boolean(current.answer?.refund)}>
          {current.answer ? <CryptoRefundOwed payment={current.answer} /> : null}
        </PaidElsewhere>
      </div>
    );
  }

  const ended = linkEnded(current, 'crypto', t('crypto_title'));
  if (ended) return ended;

  if (crypto.cancelled?.refund) {
    return (
      <div className="crypto">
        <h2 className="method__title">{t('crypto_title')}</h2>
        <CryptoRefundScreen cancelled={crypto.cancelled} onClose={() => state.getState().closeRefund()} />
      </div>
    );
  }

  return (
    <div className="crypto">
      <h2 className="method__title">{t('crypto_title')}</h2>
      {leaving.note}
      {alert ? (
        <AttemptAlert message={alert} onRetry={() => void (attemptFailed ? state.getState().submit() : state.getState().tryAgain())} />
      ) : null}
      {current.phase === 'waiting' && crypto.quote === null ? (
        // Picked up after a reload: the payment's coin, network and address are on their way.
        <LoadingNote />
      ) : (
        <CoinNetworkForm state={state} sending={current.phase === 'sending'} />
      )}
      {confirming ? (
        // The question replaces what to send: the payer decides before anything else.
        <CryptoCancelConfirm
          quote={confirming}
          cancelling={crypto.cancelling}
          onConfirm={() => void state.getState().confirmCancel()}
          onKeep={() => state.getState().keepPaying()}
        />
      ) : null}
      {quote && !confirming ? (
        <CryptoPaymentPanel
          key={`${quote.currency}/${quote.network}`}
          quote={quote}
          requoted={crypto.requoted}
          lang={services.lang}
          serverNow={services.serverNow}
          onRateExpired={() => void state.getState().requote()}
        />
      ) : null}
      {current.phase === 'waiting' && !confirming ? (
        <button type="button" className="button button--link" onClick={() => leaving.leave(state.getState().cancel())}>
          {t('use_other_method')}
        </button>
      ) : null}
    </div>
  );
}
