import type { GatewayEvent } from './GatewayEvent';
import type { Gateways } from './Gateways';

/** A notification as it reached the server's inbound route: its raw body and headers. */
export interface InboundNotification {
  body: string;
  headers: Headers;
}

/**
 * Reads one processor's notification format: the events it carries, once its signature is
 * verified; undefined when it is not authentic (no signature, a wrong one, too old). Nothing is
 * applied for a notification refused here.
 */
export type NotificationHandler = (notification: InboundNotification) => Promise<readonly GatewayEvent[] | undefined>;

/** The handlers of the ports whose processors notify, by port (POST /gateways/:port/notifications). */
export type GatewayNotifications = Partial<Record<keyof Gateways, NotificationHandler>>;
