import type { GatewayNotifications } from './GatewayNotifications';
import type { Gateways } from './Gateways';

/** What a provider's adapters module gives: the ports it implements, and the handlers of its own notifications. */
export interface ProvidedGateways {
  gateways: Partial<Gateways>;
  notifications?: GatewayNotifications | undefined;
}

/** What the module is handed when its export is a function: where its processors' notifications are to be sent. */
export interface GatewaysModuleContext {
  /** The server's notification route for a port: `<checkout origin>/gateways/<port>/notifications`. */
  notificationUrl(port: keyof Gateways): string;
}

/** The module's default export (or its export named `gateways`): the provided gateways, or a function making them. */
export type GatewaysModuleExport = ProvidedGateways | ((context: GatewaysModuleContext) => ProvidedGateways | Promise<ProvidedGateways>);

/** The five ports, in the order the server lists them. */
export const PORTS: ReadonlyArray<keyof Gateways> = ['card', 'push', 'voucher', 'crypto', 'bank'];
