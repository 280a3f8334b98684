import { useEffect, useRef, useState } from 'react';
import { durationText } from '../ui/durationText';
import type { CatalogKey } from '@pasarela/core';
import { t } from '../i18n/i18n';

const ANNOUNCE_AT_SECONDS = [30, 10];

export function announcementDue(previousSeconds: number | null, seconds: number): boolean {
  if (previousSeconds === null || seconds >= previousSeconds) return false;
  if (seconds === 0) return true;
  if (Math.floor((previousSeconds - 1) / 60) !== Math.floor((seconds - 1) / 60) && seconds % 60 === 0) return true;
  return ANNOUNCE_AT_SECONDS.some((at) => previousSeconds > at && seconds <= at);
}

interface CountdownProps {
  deadline: number;
  /** A device set to the wrong time neither shortens nor stretches the wait. */
  serverNow: () => number;
  labelKey: CatalogKey;
  /** A server clock read a moment behind showed 05:01 of a 5-minute wait. */
  longestMs?: number | undefined;
  onExpire?: () => void;
}

/** role="timer" is not announced on each tick; a separate polite live region speaks each minute, 30 and 10 s. */
export function Countdown({ deadline, serverNow, labelKey, longestMs = Infinity, onExpire }: CountdownProps) {
  const left = () => Math.min(longestMs, Math.max(0, deadline - serverNow()));
  const [ms, setMs] = useState(left);
  const [spoken, setSpoken] = useState('');
  const lastSeconds = useRef<number | null>(null);
  const spokenAt = useRef(-Infinity);
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    expired.current = false;
    lastSeconds.current = null;
    spokenAt.current = -Infinity;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = left();
      setMs(now);
      const seconds = Math.ceil(now / 1000);
      if (announcementDue(lastSeconds.current, seconds)) {
        setSpoken(t(labelKey, { time: durationText(now) }));
        spokenAt.current = seconds;
      // Spoken, it goes as the timer moves on: read line by line beside the timer it would say a time past.
      // (A screen reader takes a live region's words as they change: emptied later, they are still said.)
      } else if (seconds !== spokenAt.current) setSpoken('');
      lastSeconds.current = seconds;
      if (now <= 0) {
        if (!expired.current) {
          expired.current = true;
          expire.current?.();
        }
        return;
      }
      // Wake at the next whole second so the display never skips one.
      timer = setTimeout(tick, (now % 1000) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);

  return (
    <div className="countdown">
      <p className={`countdown__time${ms <= 60_000 ? ' countdown__time--low' : ''}`} role="timer">
        {t(labelKey, { time: durationText(ms) })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
