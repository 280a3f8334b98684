import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayEvent } from '../GatewayEvent';
import type { GatewayNotifications, NotificationHandler } from '../GatewayNotifications';
import type { Gateways } from '../Gateways';

/** The header a signed notification carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as the merchant webhooks. */
export const NOTIFICATION_SIGNATURE_HEADER = 'simulator-signature';

/** How old a notification may be (its `t`): an older one is refused, so a captured one cannot be replayed later. */
export const NOTIFICATION_TOLERANCE_S = 300;

export function notificationSignature(body: string, secret: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** True when `header` signs `body` under `secret` within the tolerance; compared in constant time. */
export function verifyNotificationSignature(body: string, header: string | null, secret: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const t = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > NOTIFICATION_TOLERANCE_S) return false;
  const expected = Buffer.from(notificationSignature(body, secret, t).split(',v1=')[1] ?? '', 'hex');
  return [...header.matchAll(/(?:^|,)v1=([0-9a-f]{64})(?=,|$)/g)].some((m) => {
    const given = Buffer.from(m[1] ?? '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// A payout's transfer is asked about by its key (PayoutRail.lookup): no notification.
const KINDS: Record<Exclude<keyof Gateways, 'payout'>, GatewayEvent['kind']> = { card: 'card', push: 'push', voucher: 'voucher', crypto: 'crypto', bank: 'bank' };

const isEvent = (value: unknown): value is GatewayEvent => {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return typeof e['id'] === 'string' && e['id'] !== '' && typeof e['key'] === 'string' && e['key'] !== '' && typeof e['kind'] === 'string';
};

/**
 * The simulator's notification format for every port: one gateway event as the JSON body, signed
 * with the shared secret (SIMULATOR_NOTIFICATION_SECRET). An event of another port's kind is refused.
 */
export function simulatorNotifications(secret: string): GatewayNotifications {
  const handler = (port: keyof typeof KINDS): NotificationHandler => async ({ body, headers }) => {
    if (!verifyNotificationSignature(body, headers.get(NOTIFICATION_SIGNATURE_HEADER), secret)) return undefined;
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      return undefined;
    }
    return isEvent(event) && event.kind === KINDS[port] ? [event] : undefined;
  };
  return { card: handler('card'), push: handler('push'), voucher: handler('voucher'), crypto: handler('crypto'), bank: handler('bank') };
}
