import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { t } from '../i18n/i18n';
import type { CloseGuard } from './closeGuard';
import { closeAnyway } from './closeAnyway';

/**
 * Staying is the first choice and has the focus, except for a cash voucher (closing charges nothing).
 * Asked while a payment is pending, or while its first answer is on its way.
 * Its own chunk, so its styles stay out of the first load's CSS.
 */
export function CloseConfirm({ guard }: { guard: CloseGuard }) {
  const keep = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // A cash voucher charges nothing unless the payer takes it to a kiosk: no "you will be charged" for it.
  // A payment whose answer is on its way says so; it is charged whatever the payer does now.
  const paying = guard.flying.size > 0;
  const voucherOnly = !paying && guard.held.size > 0 && [...guard.held.keys()].every((method) => method === 'cash');
  // Coins on their way cannot be called off from the question shown on a later open: not promised.
  const coinsOnly = !paying && !voucherOnly && [...guard.held.keys()].every((method) => method === 'crypto');
  const text = paying ? 'close_paying_text' : voucherOnly ? 'close_voucher_text' : coinsOnly ? 'close_coins_text' : 'close_pending_text';
  // Before the next key press can land elsewhere.
  useLayoutEffect(() => {
    const before = document.activeElement;
    const dialog = box.current;
    (voucherOnly ? close : keep).current?.focus();
    return () => {
      // Focus the payment's outcome took meanwhile (its message, its retry) stays there.
      const now = document.activeElement;
      const stillHere = !now || now === document.body || !!dialog?.contains(now);
      if (stillHere && before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      // Handled here: the checkout's own Escape would otherwise ask to close again.
      e.preventDefault();
      e.stopPropagation();
      guard.store.setState({ asking: false });
    } else if (e.key === 'Tab') {
      const to = e.shiftKey ? (document.activeElement === keep.current ? close.current : keep.current) : document.activeElement === close.current ? keep.current : close.current;
      e.preventDefault();
      to?.focus();
    }
  };
  const keepButton = (
    <button type="button" ref={keep} className={`button ${voucherOnly ? 'button--secondary' : 'button--primary'}`} onClick={() => guard.store.setState({ asking: false })}>
      {t('close_pending_keep')}
    </button>
  );
  const closeButton = (
    <button type="button" ref={close} className={`button ${voucherOnly ? 'button--primary' : 'button--secondary'}`} onClick={() => closeAnyway(guard)}>
      {t('close_pending_confirm')}
    </button>
  );
  return (
    <div style={OVERLAY} onKeyDown={onKeyDown}>
      <div ref={box} style={BOX} role="alertdialog" aria-modal="true" aria-labelledby="close-confirm-title" aria-describedby="close-confirm-text">
        <h2 id="close-confirm-title" style={{ margin: '0 0 8px', fontSize: '1.0625rem' }}>{t(paying ? 'close_paying_title' : voucherOnly ? 'close_voucher_title' : 'close_pending_title')}</h2>
        <p id="close-confirm-text" style={{ margin: '0 0 14px' }}>{t(text)}</p>
        <div style={{ display: 'grid', gap: '8px' }}>
          {voucherOnly ? closeButton : keepButton}
          {voucherOnly ? keepButton : closeButton}
        </div>
      </div>
    </div>
  );
}

// Through the CSSOM by preact, which the page's CSP allows.
const OVERLAY = {
  position: 'fixed', inset: '0', zIndex: 10, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '16px', background: '#0f172a99',
} as const;
const BOX = {
  width: '100%', maxWidth: '360px', padding: '18px', borderRadius: 'var(--radius)', background: 'var(--paper)', color: 'var(--ink)', boxShadow: '0 8px 40px #0006',
} as const;
