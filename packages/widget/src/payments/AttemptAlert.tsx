import { useEffect, useRef } from 'react';
import type { PayerMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { NextStep } from '../ui/NextStep';

interface AttemptAlertProps {
  message: PayerMessage;
  onRetry?: (() => void) | undefined;
  retryLabel?: string | undefined;
  /**
   * With no retry button, the alert itself takes the focus: for a screen that can open with it
   * (a return from a bank's page), where no live region announces what was there at load.
   */
  focusAlert?: boolean | undefined;
}

export function AttemptAlert({ message, onRetry, retryLabel, focusAlert }: AttemptAlertProps) {
  const retry = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // Focus moves to the way forward; the alert itself is announced.
  useEffect(() => (retry.current ?? (focusAlert ? box.current : null))?.focus(), [message]);
  const text = message.text ?? t(message.key);
  return (
    <div className="attempt-failed">
      {/* A cancel (the payer's own, nothing charged) is news, not a failure: told as the card form tells it. */}
      <div className={message.key === 'payment_cancelled' ? 'alert alert--info' : 'alert'} role="alert" ref={box} tabIndex={focusAlert ? -1 : undefined}>
        {message.key === 'payment_declined' ? <p className="alert__title">{t('declined_title')}</p> : null}
        {text !== t('declined_title') ? <p className="alert__text">{text}</p> : null}
        <NextStep messageKey={message.key} />
      </div>
      {onRetry ? (
        <button type="button" ref={retry} className="button button--primary" onClick={onRetry}>
          {retryLabel ?? t('retry_button')}
        </button>
      ) : null}
    </div>
  );
}
