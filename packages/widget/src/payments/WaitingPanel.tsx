import type { CatalogKey } from '@pasarela/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { Countdown } from './Countdown';

interface WaitingPanelProps {
  status: ReactNode;
  deadline: number | null;
  serverNow: () => number;
  countdownKey?: CatalogKey;
  windowMs?: number | undefined;
  onExpire?: () => void;
  children?: ReactNode;
}

export function WaitingPanel({ status, deadline, serverNow, countdownKey = 'time_left_to_pay', windowMs, onExpire, children }: WaitingPanelProps) {
  // A wait whose window had closed before it was drawn (gone on with from another browser, too late):
  // it says nothing of a request waiting in the app; the expiry (onExpire, at once) says what happened.
  const over = deadline !== null && deadline <= serverNow();
  return (
    <div className="waiting">
      <span className="waiting__spinner" aria-hidden="true" />
      <p className="waiting__status" role="status" aria-live="polite">
        {over ? null : status}
      </p>
      {children}
      {deadline !== null ? <Countdown deadline={deadline} serverNow={serverNow} labelKey={countdownKey} longestMs={windowMs} onExpire={onExpire} /> : null}
      <p className="waiting__hint">{t('waiting_confirmation')}</p>
    </div>
  );
}
