import { useEffect, useState } from 'react';
import { useStoreState } from '../ui/useStoreState';
import { PasarelaError, buildPaymentResult, payerMessage, totalWithTax, type PayerMessage } from '@pasarela/core';
import { CardScreen } from '../methods/card/CardScreen';
import { takeChallenge } from '../methods/card/threeDsReturn';
import { t } from '../i18n/i18n';
import type { CheckoutStore } from './checkoutStore';
import { MessagePage } from './MessagePage';
import { useServices } from './services';

/** `?error=` on the form's address after a failed 3DS challenge; only catalogue codes, never free text. */
function challengeError(): PayerMessage | null {
  const code = new URLSearchParams(location.search).get('error');
  return code ? payerMessage(new PasarelaError({ code, category: 'api' })) : null;
}

export function CheckoutRoute({ store }: { store: CheckoutStore }) {
  const services = useServices();
  const state = useStoreState(store);
  const [alert] = useState(challengeError);

  useEffect(() => {
    if (state.status === 'redirect') services.navigate(state.to);
    if (state.status === 'failed') {
      services.bridge.notify({ type: 'error', error: { code: state.message.key, message: state.message.text ?? t(state.message.key), category: 'api' } });
    }
    if (state.status === 'ready' && alert) {
      // The challenge failed: that attempt finished, so the merchant page hears of it once.
      const pending = takeChallenge(services.storage.session);
      if (pending) {
        const { info } = state.data;
        const result = buildPaymentResult('card', {
          result: 'DECLINED',
          totalPaid: totalWithTax(info.amount, info.taxAmount),
          at: services.now(),
          type: '',
          codOper: new URLSearchParams(location.search).get('Oper') ?? '',
          user: pending.email,
          reason: alert.key,
          returnUrl: pending.returnUrl,
        });
        services.bridge.notify({ type: 'result', result });
      }
    }
  }, [state, services, alert]);

  if (state.status === 'ready') return <CardScreen data={state.data} initialAlert={alert} />;
  if (state.status === 'failed') {
    return (
      <MessagePage
        title={t('error_to_load')}
        message={state.message}
        onRetry={state.retry ? () => void store.getState().load() : undefined}
      />
    );
  }
  return (
    <main className="page page--loading" aria-busy="true">
      <p className="page__text">{t('loading')}</p>
    </main>
  );
}
