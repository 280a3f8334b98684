import { PORTS, type GatewayNotifications, type Gateways, type ProvidedGateways } from '@pasarela/gateways';


/** The provider's ports in place of the simulator's; the ports it leaves out stay on the simulator, notifications too. */
export function withProvidedGateways<W extends { gateways: Gateways; notifications?: GatewayNotifications | undefined }>(simulated: W, provided: ProvidedGateways | undefined): W {
  if (!provided) return simulated;
  const gateways: Gateways = { ...simulated.gateways };
  const notifications: GatewayNotifications = { ...simulated.notifications };
  for (const port of PORTS) {
    const adapter = provided.gateways[port];
    if (!adapter) continue;
    (gateways as unknown as Record<string, unknown>)[port] = adapter;
    // Its processor notifies in its own format, or not at all: the simulator's handler is no longer its.
    delete notifications[port];
    const handler = provided.notifications?.[port];
    if (handler) notifications[port] = handler;
  }
  return { ...simulated, gateways, notifications };
}
