import type { GatewayNotifications, Gateways } from '@pasarela/gateways';
import { Hono } from 'hono';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { mailReceipt } from '../../payments/receiptMail';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { findMerchant } from '../../store/merchants';

const PORTS: ReadonlySet<string> = new Set<keyof Gateways>(['card', 'push', 'voucher', 'crypto', 'bank']);

/**
 * Where processors' notifications arrive: POST /gateways/:port/notifications. The port's handler
 * (the simulator's signed format, or a provider's own) verifies it and reads its events; each is
 * recorded once by its id and applied only while its payment waits (receiveGatewayEvent), so one
 * delivered twice, late, out of order or replayed changes a payment at most once. 200 acknowledges
 * it (the processor stops sending); 401 refuses a forged one; a failure here (5xx) makes the
 * processor send it again.
 */
export function gatewayNotificationRoutes(deps: Deps, handlers: GatewayNotifications) {
  const app = new Hono<AppEnv>();
  app.post('/:port/notifications', async (c) => {
    const port = c.req.param('port');
    const handler = PORTS.has(port) ? handlers[port as keyof Gateways] : undefined;
    if (!handler) throw new ApiError(404, 'not_found', `No notifications are taken for ${port}`);
    const events = await handler({ body: await c.req.text(), headers: c.req.raw.headers });
    if (!events) throw new ApiError(401, 'invalid_signature', 'The notification is not signed by the processor');
    for (const event of events) {
      const settled = await receiveGatewayEvent(deps, event);
      // A 3DS challenge the payer answered on the issuer's page: its receipt e-mail, as a card approved at once gets.
      if (event.kind === 'card' && settled?.kind === 'settled') await mailReceipt(deps.db, settled.row, (await findMerchant(deps.db, settled.row.merchant_id))?.name ?? '', originOf(deps, c.req.url));
    }
    return c.json({ received: events.length });
  });
  return app;
}
