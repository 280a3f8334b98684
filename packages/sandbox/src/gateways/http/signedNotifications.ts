import { NOTIFICATION_SIGNATURE_HEADER, verifyNotificationSignature, type GatewayEvent, type GatewayNotifications, type Gateways, type NotificationHandler } from '@pasarela/gateways';

// A payout is asked about by its key: no notification.
const KINDS: Record<Exclude<keyof Gateways, 'payout'>, GatewayEvent['kind']> = { card: 'card', push: 'push', voucher: 'voucher', crypto: 'crypto', bank: 'bank' };

const isEvent = (value: unknown): value is GatewayEvent => {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e['id'] !== 'string' || e['id'] === '' || typeof e['kind'] !== 'string') return false;
  // A dispute names the charge (its reference), not an attempt's key.
  if (e['kind'] === 'dispute') return typeof e['paymentReference'] === 'string' && typeof e['dispute'] === 'object' && e['dispute'] !== null;
  return typeof e['key'] === 'string' && e['key'] !== '';
};

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
