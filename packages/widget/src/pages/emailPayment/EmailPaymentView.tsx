import { useEffect } from 'react';
import { MessagePage } from '../../ui/MessagePage';
import { useServices } from '../../services/services';
import { t } from '../../i18n/i18n';
import type { EmailPaymentRequest, PayerMessage } from '@pasarela/core';
import type { PreparedScreen } from '../../services/screen';
import { LoadingPage } from '../../ui/Loading';

export type EmailPaymentOutcome =
  | { kind: 'checkout'; request: EmailPaymentRequest; screen: PreparedScreen }
  | { kind: 'refused'; to: string }
  | { kind: 'failed'; message: PayerMessage };

export function EmailPaymentView({ outcome }: { outcome: EmailPaymentOutcome }) {
  const services = useServices();
  useEffect(() => {
    if (outcome.kind === 'refused') services.navigate(outcome.to);
  }, [outcome, services]);
  if (outcome.kind === 'failed') return <MessagePage title={t('error_to_load')} message={outcome.message} />;
  if (outcome.kind === 'refused') {
    return (
      <LoadingPage />
    );
  }
  const Checkout = outcome.screen.View;
  return (
    <>
      <header className="request-banner">
        <p className="request-banner__title">{t('email_payment_title')}</p>
        <p className="request-banner__to">{t('email_payment_to', { email: outcome.request.to })}</p>
      </header>
      <Checkout />
    </>
  );
}
