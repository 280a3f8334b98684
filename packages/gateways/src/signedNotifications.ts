import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a signed notification carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as the merchant webhooks. */
export const NOTIFICATION_SIGNATURE_HEADER = 'simulator-signature';

/** How old a notification may be (its `t`): an older one is refused, so a captured one cannot be replayed later. */
export const NOTIFICATION_TOLERANCE_S = 300;

export function signNotification(body: string, secret: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** True when `header` signs `body` under `secret` within the tolerance; compared in constant time. */
export function verifyNotificationSignature(body: string, header: string | null, secret: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const t = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > NOTIFICATION_TOLERANCE_S) return false;
  const expected = Buffer.from(signNotification(body, secret, t).split(',v1=')[1] ?? '', 'hex');
  return [...header.matchAll(/(?:^|,)v1=([0-9a-f]{64})(?=,|$)/g)].some((m) => {
    const given = Buffer.from(m[1] ?? '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
