import { useEffect, useRef } from 'react';
import type { PayerMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';

export function AttemptAlert({ message, onRetry, retryLabel }: { message: PayerMessage; onRetry?: (() => void) | undefined; retryLabel?: string | undefined }) {
  const retry = useRef<HTMLButtonElement>(null);
  // Focus moves to the way forward; the alert itself is announced.
  useEffect(() => retry.current?.focus(), [message]);
  const text = message.text ?? t(message.key);
  return (
    <div className="attempt-failed">
      <div className="alert" role="alert">
        {message.key === 'payment_declined' ? <p className="alert__title">{t('declined_title')}</p> : null}
        {text !== t('declined_title') ? <p className="alert__text">{text}</p> : null}
      </div>
      {onRetry ? (
        <button type="button" ref={retry} className="button button--primary" onClick={onRetry}>
          {retryLabel ?? t('retry_button')}
        </button>
      ) : null}
    </div>
  );
}
