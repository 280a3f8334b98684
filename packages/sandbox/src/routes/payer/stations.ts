import { centsToAmount, CHANNEL, qrCodeKind } from '@pasarela/core';
import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findCheckoutTarget } from '../../payments/checkoutTarget';
import { payableLink } from '../../payments/payTarget';
import { findStation, stationOf } from '../../store/catalog';
import { findLinkByCode } from '../../store/links';
import { findLinkInAnyCase } from '../../store/findLinkInAnyCase';

/** Payment stations, and the data behind a QR or pay code (a station's or a link's). */
export function stationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 3 "Payment-station record"; SPEC 8 "3001 payment station not found".
  app.get('/stations/:stationId', async (c) => {
    const found = await findCheckoutTarget(deps.db, { type: 'ps', code: c.req.param('stationId') });
    if (found?.kind !== 'station') throw new ApiError(404, 3001);
    return reply(c, stationOf(found.station));
  });
  // SPEC 3 "QR/pay-code data": code E for a link, PS for a station (core qrCodeKind).
  app.get('/qr-process/:code', async (c) => {
    const code = c.req.param('code');
    const station = await findStation(deps.db, code);
    if (station) {
      return reply(c, { idMerchant: station.merchant_id, code: qrCodeKind(station.station_id), description: station.description, amount: centsToAmount(station.amount_cents), disc: centsToAmount(station.discount_cents), tx: null, processWithCodeInfo: false, stationId: station.station_id, subscription: null, txChannel: CHANNEL.checkout });
    }
    const link = payableLink(await findLinkInAnyCase(code, (c) => findLinkByCode(deps.db, c)));
    return reply(c, { idMerchant: link.merchant_id, code: qrCodeKind(null), description: link.description, amount: centsToAmount(link.amount_cents), disc: centsToAmount(link.discount_cents), tx: link.code, processWithCodeInfo: true, stationId: null, subscription: null, txChannel: link.tx_channel });
  });
  return app;
}
