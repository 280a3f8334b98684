// `@pasarela/sandbox` as a library: a node started from code, with a provider's own gateways
// (docs/gateways.md). Bundled to dist/index.mjs. The ports themselves are @pasarela/gateways'.
export { startServer, type RunningServer, type ServerOptions } from './server';
export { httpGateways } from './gateways/http/httpGateways';
export { processorClient, ProcessorRefusedCall, type ProcessorClientOptions } from './gateways/http/processorClient';
export { GATEWAY_DEADLINE_MS } from './gateways/GatewayCall';
