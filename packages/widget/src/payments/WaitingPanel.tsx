import type { CatalogKey } from '@pasarela/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { Countdown } from './Countdown';

interface WaitingPanelProps {
  /** What the payer is asked to do, announced when it changes. */
  status: string;
  /** The server's deadline (ms), when the wait has one. */
  deadline: number | null;
  serverNow: () => number;
  countdownKey?: CatalogKey;
  /** The wait's whole window, when the method has one: the countdown never shows more. */
  windowMs?: number | undefined;
  onExpire?: () => void;
  children?: ReactNode;
}

/** The one waiting screen: what to do, a live status, the time left, and what to scan or copy. */
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
