import { useEffect, useRef, type KeyboardEvent } from 'react';
import { t } from '../i18n/i18n';
import { useStoreState } from '../ui/useStoreState';
import type { CloseGuard } from './closeGuard';

/**
 * "Your payment is still in progress: close anyway?" Staying is the first choice and has the focus;
 * Escape stays too. Focus stays inside while it is up and goes back where it was after.
 */
export function CloseConfirm({ guard }: { guard: CloseGuard }) {
  const { asking } = useStoreState(guard.store);
  if (!asking) return null;
  return <CloseConfirmDialog guard={guard} />;
}

function CloseConfirmDialog({ guard }: { guard: CloseGuard }) {
  const keep = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    keep.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      // Handled here: the checkout's own Escape would otherwise ask to close again.
      e.preventDefault();
      e.stopPropagation();
      guard.keep();
    } else if (e.key === 'Tab') {
      const to = e.shiftKey ? (document.activeElement === keep.current ? close.current : keep.current) : document.activeElement === close.current ? keep.current : close.current;
      e.preventDefault();
      to?.focus();
    }
  };
  return (
    <div className="close-confirm" onKeyDown={onKeyDown}>
      <div className="close-confirm__box" role="alertdialog" aria-modal="true" aria-labelledby="close-confirm-title" aria-describedby="close-confirm-text">
        <h2 id="close-confirm-title" className="close-confirm__title">{t('close_pending_title')}</h2>
        <p id="close-confirm-text" className="close-confirm__text">{t('close_pending_text')}</p>
        <div className="close-confirm__actions">
          <button type="button" ref={keep} className="button button--primary" onClick={() => guard.keep()}>
            {t('close_pending_keep')}
          </button>
          <button type="button" ref={close} className="button button--secondary" onClick={() => guard.confirm()}>
            {t('close_pending_confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
