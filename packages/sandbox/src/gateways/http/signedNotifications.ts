import { NOTIFICATION_SIGNATURE_HEADER, verifyNotificationSignature, type GatewayEvent, type GatewayNotifications, type Gateways, type NotificationHandler } from '@pasarela/gateways';

// A payout is asked about by its key: no notification.
const KINDS: Record<Exclude<keyof Gateways, 'payout'>, GatewayEvent['kind']> = { card: 'card', push: 'push', voucher: 'voucher', crypto: 'crypto', bank: 'bank' };

/** Its fields are the route's to check (a signed but malformed event answers 400, so it is not sent again). */
const isEvent = (value: unknown): value is GatewayEvent =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['kind'] === 'string';

/** ports.md "dispute event". */
const takes = (port: keyof typeof KINDS, kind: GatewayEvent['kind']) => kind === KINDS[port] || (port === 'card' && kind === 'dispute');

/** One gateway event as the JSON body, signed with SIMULATOR_NOTIFICATION_SECRET; another port's kind is refused. */
export function simulatorNotifications(secret: string): GatewayNotifications {
  const handler = (port: keyof typeof KINDS): NotificationHandler => async ({ body, headers }) => {
    if (!verifyNotificationSignature(body, headers.get(NOTIFICATION_SIGNATURE_HEADER), secret)) return undefined;
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      return undefined;
    }
    return isEvent(event) && takes(port, event.kind) ? [event] : undefined;
  };
  return { card: handler('card'), push: handler('push'), voucher: handler('voucher'), crypto: handler('crypto'), bank: handler('bank') };
}
