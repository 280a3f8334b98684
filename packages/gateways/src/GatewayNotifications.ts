import type { GatewayEvent } from './GatewayEvent';
import type { Gateways } from './Gateways';

export interface InboundNotification {
  body: string;
  headers: Headers;
}

/** The events, once its signature is verified; undefined when it is not authentic. */
export type NotificationHandler = (notification: InboundNotification) => Promise<readonly GatewayEvent[] | undefined>;

/** The handlers of the ports whose processors notify, by port (POST /gateways/:port/notifications). */
export type GatewayNotifications = Partial<Record<keyof Gateways, NotificationHandler>>;
