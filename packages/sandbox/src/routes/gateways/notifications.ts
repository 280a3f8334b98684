import type { GatewayNotifications, Gateways } from '@pasarela/gateways';
import { Hono } from 'hono';
import * as v from 'valibot';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { receiveNotification } from '../../payments/receiveNotification';

const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(255));

/** What an event must name to be asked about: its id, and the attempt's key or the charge and dispute (the port says the rest). */
const EventSchema = v.variant('kind', [
  v.object({ id: Name, kind: v.literal('dispute'), paymentReference: Name, dispute: v.object({ reference: Name }) }),
  v.object({ id: Name, kind: v.picklist(['card', 'push', 'voucher', 'crypto', 'bank', 'refund']), key: Name }),
]);

const PORTS: ReadonlySet<string> = new Set<keyof Gateways>(['card', 'push', 'voucher', 'crypto', 'bank']);

/**
 * POST /gateways/:port/notifications: the port's handler verifies it; each event is applied at most
 * once, only as the processor's books agree (receiveNotification). 200 acknowledges it, 401 refuses a
 * forged one, 400 a signed one that names nothing to ask about, a 5xx makes the processor send it again
 * (503 charge_not_yet_known: a dispute told before the answer naming its charge is recorded).
 */
export function gatewayNotificationRoutes(deps: Deps, handlers: GatewayNotifications) {
  const app = new Hono<AppEnv>();
  app.post('/:port/notifications', async (c) => {
    const port = c.req.param('port');
    const handler = PORTS.has(port) ? handlers[port as keyof Gateways] : undefined;
    if (!handler) throw new ApiError(404, 'not_found', `No notifications are taken for ${port}`);
    const events = await handler({ body: await c.req.text(), headers: c.req.raw.headers });
    if (!events) {
      // Forged, or this node's signing secret is not the processor's (SIMULATOR_NOTIFICATION_SECRET set
      // on one side only): then every notification is refused and payments wait for the reconciler.
      c.set('refusalToTell', `A notification to /gateways/${port}/notifications did not verify: forged, or this node's signing secret for ${port} (SIMULATOR_NOTIFICATION_SECRET for the simulator) is not the processor's`);
      throw new ApiError(401, 'invalid_signature', 'The notification is not signed by the processor');
    }
    // Signed but malformed: a 4xx, so the processor stops sending it (a 5xx would be sent again for ever).
    if (!events.every((event) => v.is(EventSchema, event))) throw new ApiError(400, 'invalid_notification', 'The notification does not name what it is about (its id, key, charge or dispute)');
    let early = 0;
    for (const event of events) {
      if ((await receiveNotification(deps, port as keyof Gateways, event, originOf(deps, c.req.url))).kind === 'charge_not_yet_known') early += 1;
    }
    // Sent again, whole: the events applied meanwhile apply once, under their ids.
    if (early > 0) throw new ApiError(503, 'charge_not_yet_known', 'A dispute names a charge whose answer is not recorded here yet; send it again', { 'retry-after': '1' });
    return c.json({ received: events.length });
  });
  return app;
}
