import { useEffect, useRef, type ReactNode } from 'react';
import type { PayerMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { WayOut, type ShopIdentity } from './WayOut';

interface MessagePageProps {
  title: string;
  message?: PayerMessage | undefined;
  hint?: string | undefined;
  onRetry?: (() => void) | undefined;
  shop?: ShopIdentity | null | undefined;
  returnUrl?: string | null | undefined;
  children?: ReactNode;
}

export function MessagePage({ title, message, hint, onRetry, shop, returnUrl, children }: MessagePageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Server text wins (SPEC 8 "the message is shown"), rendered as a text node.
  const text = message ? (message.text ?? t(message.key)) : undefined;
  return (
    <main className="page page--message">
      <WayOut shop={shop} returnUrl={returnUrl} />
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
      {children}
    </main>
  );
}
