import type { GatewayNotifications, Gateways } from '@pasarela/gateways';
import { Hono } from 'hono';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { receiveNotification } from '../../payments/receiveNotification';

const PORTS: ReadonlySet<string> = new Set<keyof Gateways>(['card', 'push', 'voucher', 'crypto', 'bank']);

/**
 * POST /gateways/:port/notifications: the port's handler verifies it; each event is applied at most
 * once, only as the processor's books agree (receiveNotification). 200 acknowledges it, 401 refuses a
 * forged one, a 5xx makes the processor send it again.
 */
export function gatewayNotificationRoutes(deps: Deps, handlers: GatewayNotifications) {
  const app = new Hono<AppEnv>();
  app.post('/:port/notifications', async (c) => {
    const port = c.req.param('port');
    const handler = PORTS.has(port) ? handlers[port as keyof Gateways] : undefined;
    if (!handler) throw new ApiError(404, 'not_found', `No notifications are taken for ${port}`);
    const events = await handler({ body: await c.req.text(), headers: c.req.raw.headers });
    if (!events) throw new ApiError(401, 'invalid_signature', 'The notification is not signed by the processor');
    for (const event of events) await receiveNotification(deps, port as keyof Gateways, event, originOf(deps, c.req.url));
    return c.json({ received: events.length });
  });
  return app;
}
