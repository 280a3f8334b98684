import { useEffect, useRef, useState } from 'react';
import { payerMessage, remainingMs, type PayerMessage } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { loadPaymentInfo } from '../api/loadPaymentInfo';
import { t } from '../i18n/i18n';
import { durationText } from '../ui/durationText';
import { leaveForEndedLink, linkEndedPath } from '../payments/linkEndedPath';
import { useServices } from '../services/services';

const TICK_MS = 1000;
// The link's end is given to the second (EXPIRES_AT): the server's comes within the second after zero.
const SERVER_OVER_MS = 1000;

/**
 * The link's countdown ran out on its form: the server is asked (the payer's clock may be wrong), and a
 * link it refuses has its page (SPEC 8's 3000, the one a Pay would reach), while `canLeave()` says no
 * payment is under way; null when the server still takes the link or a payment started.
 */
export async function pageAfterTimeUp(api: ApiClient, code: string, canLeave: () => boolean): Promise<{ to: string; failure: PayerMessage } | null> {
  if (!canLeave()) return null;
  try {
    await loadPaymentInfo(api, 'lk', code);
    return null;
  } catch (error) {
    const to = linkEndedPath(error, 'lk', code);
    return to !== null && canLeave() ? { to, failure: payerMessage(error) } : null;
  }
}

/** Once it runs out the server answers 3000 to a payment. */
export function LinkExpiry({ expiresAt, now, code, canLeave }: { expiresAt: string | null; now: () => Date; code: string; canLeave: () => boolean }) {
  const services = useServices();
  const [left, setLeft] = useState(() => remainingMs(expiresAt, now()));
  const leave = useRef(canLeave);
  leave.current = canLeave;
  useEffect(() => {
    if (left === null || left <= 0) return;
    const timer = setTimeout(() => setLeft(remainingMs(expiresAt, now())), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [left, expiresAt, now]);
  const over = left !== null && left <= 0;
  useEffect(() => {
    if (!over) return;
    const timer = setTimeout(() => {
      // The shop hears it as when an expired link is opened.
      void pageAfterTimeUp(services.api, code, () => leave.current()).then((page) => page && leaveForEndedLink(services, page));
    }, SERVER_OVER_MS);
    return () => clearTimeout(timer);
  }, [over, services, code]);
  if (left === null) return null;
  // role="timer" is not announced on every tick, which a screen reader user would not want. Its end
  // is: an alert of its own (a new element, which screen readers read as it appears), said once.
  return over ? (
    <p className="expiry expiry--over" role="alert" key="over">
      {t('sorry_link_expired')}
    </p>
  ) : (
    <p className="expiry" role="timer" key="counting">
      {t('link_expires_in', { time: durationText(left) })}
    </p>
  );
}
