// `@pasarela/sandbox` as a library: a node started from code, with a provider's own gateways
// (docs/gateways.md). Bundled to dist/index.mjs.
export { startServer, type RunningServer, type ServerOptions } from './server';
export { loadGatewaysModule, type GatewaysModuleContext, type GatewaysModuleExport, type ProvidedGateways } from './gateways/gatewaysModule';
export { httpGateways } from './gateways/http/httpGateways';
export { processorClient, ProcessorRefusedCall, type ProcessorClientOptions } from './gateways/http/processorClient';
export { notificationSignature, verifyNotificationSignature, NOTIFICATION_SIGNATURE_HEADER } from './gateways/http/signedNotifications';
export { GatewayOutcomeUnknown, GATEWAY_DEADLINE_MS, type GatewayCall, type GatewayRead } from './gateways/GatewayCall';
export type { GatewayEvent } from './gateways/GatewayEvent';
export type { GatewayNotifications, InboundNotification, NotificationHandler } from './gateways/GatewayNotifications';
export type { Gateways } from './gateways/Gateways';
export type * from './gateways/CardProcessor';
export type * from './gateways/PushWallet';
export type * from './gateways/VoucherNetwork';
export type * from './gateways/CryptoProcessor';
export type * from './gateways/BankRedirect';
