import { useEffect, useState } from 'react';
import { remainingMs } from '@pasarela/core';
import { t } from '../i18n/i18n';

const TICK_MS = 1000;

export function durationText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** Once it runs out the server answers 3000 to a payment, which the form shows. */
export function LinkExpiry({ expiresAt, now }: { expiresAt: string | null; now: () => Date }) {
  const [left, setLeft] = useState(() => remainingMs(expiresAt, now()));
  useEffect(() => {
    if (left === null || left <= 0) return;
    const timer = setTimeout(() => setLeft(remainingMs(expiresAt, now())), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [left, expiresAt, now]);
  if (left === null) return null;
  // role="timer" is not announced on every tick, which a screen reader user would not want.
  return (
    <p className={`expiry${left <= 0 ? ' expiry--over' : ''}`} role="timer">
      {left > 0 ? t('link_expires_in', { time: durationText(left) }) : t('sorry_link_expired')}
    </p>
  );
}
