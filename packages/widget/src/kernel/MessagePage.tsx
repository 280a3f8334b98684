import { useEffect, useRef } from 'react';
import type { PayerMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';

interface MessagePageProps {
  title: string;
  message?: PayerMessage | undefined;
  hint?: string | undefined;
  onRetry?: (() => void) | undefined;
}

/** One page for every message: not found, expired link, a failed load with its retry. */
export function MessagePage({ title, message, hint, onRetry }: MessagePageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Server text wins (SPEC 8 "the message is shown"), rendered as a text node.
  const text = message ? (message.text ?? t(message.key)) : undefined;
  return (
    <main className="page page--message">
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {text && text !== title ? (
        <p className="page__text" role="alert">
          {text}
        </p>
      ) : null}
      {hint ? <p className="page__hint">{hint}</p> : null}
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('retry_button')}
        </button>
      ) : null}
    </main>
  );
}
