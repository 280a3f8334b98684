import { useEffect, useRef, useState } from 'react';
import { remainingMs } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { durationText } from '../ui/durationText';
import { leaveForEndedLink, type EndedLinkPage } from '../payments/linkEndedPath';
import { useServices } from '../services/services';

const TICK_MS = 1000;
// The link's end is given to the second (EXPIRES_AT): the server's comes within the second after zero.
const SERVER_OVER_MS = 1000;

/**
 * Once it runs out the server answers 3000 to a payment. A second later the server is asked
 * (`endedLinkPage`, the checkout store's), and a link it refuses has its page, while no payment is
 * under way: never over a payment's answer or its wait.
 */
export function LinkExpiry({ expiresAt, now, paymentUnderWay, endedLinkPage }: {
  expiresAt: string | null; now: () => Date; paymentUnderWay: () => boolean; endedLinkPage: () => Promise<EndedLinkPage | null>;
}) {
  const services = useServices();
  const [left, setLeft] = useState(() => remainingMs(expiresAt, now()));
  const underWay = useRef(paymentUnderWay);
  underWay.current = paymentUnderWay;
  useEffect(() => {
    if (left === null || left <= 0) return;
    const timer = setTimeout(() => setLeft(remainingMs(expiresAt, now())), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [left, expiresAt, now]);
  const over = left !== null && left <= 0;
  useEffect(() => {
    if (!over) return;
    const timer = setTimeout(() => {
      if (underWay.current()) return;
      // The shop hears it as when an expired link is opened.
      void endedLinkPage().then((page) => page && !underWay.current() && leaveForEndedLink(services, page));
    }, SERVER_OVER_MS);
    return () => clearTimeout(timer);
  }, [over, services, endedLinkPage]);
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
