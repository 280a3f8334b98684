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
  return (
    <div className="waiting">
      <span className="waiting__spinner" aria-hidden="true" />
      <p className="waiting__status" role="status" aria-live="polite">
        {status}
      </p>
      {children}
      {deadline !== null ? <Countdown deadline={deadline} serverNow={serverNow} labelKey={countdownKey} longestMs={windowMs} onExpire={onExpire} /> : null}
      <p className="waiting__hint">{t('waiting_confirmation')}</p>
    </div>
  );
}
