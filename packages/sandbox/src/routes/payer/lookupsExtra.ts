import { centsToAmount, CHANNEL, isSubscriptionActive, qrCodeKind } from '@pasarela/core';
import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { bridgeOf, bridgesOf, findStation, findSubscription, findPlan, planOf, stationOf } from '../../store/catalog';
import { findLinkByCode, findLinkBySlug, findLinkBySlugAndCode, type LinkRow } from '../../store/links';
import { findMerchant, firstMerchantUser, listMerchantServices } from '../../store/merchants';
import { findTransaction } from '../../store/transactions';
import { idParam, merchantInfoOf } from './merchants';
import { paymentMethodOf } from '../../store/merchants';
import { chargeIfDue } from '../../payments/chargeDueSubscription';
import { paymentInfoOf } from './paymentInfo';
import { payableLink } from '../../payments/payTarget';

/** SPEC 3 "Payment link": alias, details, othersValues, serviceCode, merchant (customFields JSON text, logo, guest flag). */
async function linkResult(deps: Deps, link: LinkRow) {
  const merchant = await findMerchant(deps.db, link.merchant_id);
  if (!merchant) throw new ApiError(404, 'Merchant Not Found');
  const info = paymentInfoOf(link, 'slug');
  return { ...info, alias: link.description, details: link.description, merchant: merchantInfoOf(merchant) };
}

export function lookupExtraRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET payment link result by slug, or slug and code".
  app.get('/payment-links/:slug', async (c) => reply(c, await linkResult(deps, payableLink(await findLinkBySlug(deps.db, c.req.param('slug')), 'link_not_found'))));
  app.get('/payment-links/:slug/:code', async (c) =>
    reply(c, await linkResult(deps, payableLink(await findLinkBySlugAndCode(deps.db, c.req.param('slug'), c.req.param('code')), 'link_not_found'))));
  // SPEC 7 "GET old process by code".
  app.get('/old-process/:code', async (c) => reply(c, paymentInfoOf(payableLink(await findLinkByCode(deps.db, c.req.param('code'))), 'lk')));
  // SPEC 7 "GET by subscription" and "GET pending subscription by subscriptionKey".
  app.get('/subscriptions/:key', async (c) => {
    const found = await findSubscription(deps.db, c.req.param('key'));
    if (found) await chargeIfDue(deps, found);
    const sub = found && (await findSubscription(deps.db, found.subscription_key));
    const plan = sub && (await findPlan(deps.db, sub.plan_id));
    if (!sub || !plan) throw new ApiError(404, 'error_to_load');
    // A pending subscription only: an active one is not offered (nor paid) again.
    if (isSubscriptionActive(sub.status)) throw new ApiError(409, 'request_already_paid', 'This subscription is already active');
    return reply(c, { idSubscription: sub.id, subscriptionKey: sub.subscription_key, status: sub.status, email: sub.email, nextChargeAt: sub.next_charge_at?.toISOString() ?? null, plan: planOf(plan) });
  });
  // SPEC 7 "GET merchant services by merchant and a second path param (gateway such as PFW or LK)".
  app.get('/merchants/:idMerchant/services/:gateway', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    const gateway = c.req.param('gateway').toUpperCase();
    const services = (await listMerchantServices(deps.db, id)).filter((s) => s.gateway_code === gateway || s.link_type === gateway);
    if (services.length === 0) throw new ApiError(404, 'SERVICE_UNAVAILABLE');
    return reply(c, { services: services.map(paymentMethodOf) });
  });
  // SPEC 6/7 "commerce user info by merchant id (reads result3 as user and merchant)".
  app.get('/merchants/:idMerchant/commerce-user', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    const merchant = await findMerchant(deps.db, id);
    if (!merchant) throw new ApiError(404, 'Merchant Not Found');
    const user = await firstMerchantUser(deps.db, id);
    if (!user) throw new ApiError(404, 'Merchant User Not Found');
    return reply(c, { result3: { user: { idUsr: user.id, login: user.login }, merchant: merchantInfoOf(merchant) } });
  });
  // SPEC 7 "commerce lookup by link, slug, slug+code": the merchant behind a link.
  app.get('/commerce', async (c) => {
    const code = c.req.query('code') ?? '';
    const type = c.req.query('type') ?? 'lk';
    const [slug = '', linkCode = ''] = code.split('/');
    const link = type === 'slug' ? await findLinkBySlug(deps.db, code) : type === 'slugCode' ? await findLinkBySlugAndCode(deps.db, slug, linkCode) : await findLinkByCode(deps.db, code);
    const merchant = link && (await findMerchant(deps.db, link.merchant_id));
    if (!merchant) throw new ApiError(404, 'Merchant Not Found');
    return reply(c, merchantInfoOf(merchant));
  });
  // SPEC 3 "Payment-station record"; SPEC 8 "3001 payment station not found".
  app.get('/stations/:stationId', async (c) => {
    const station = await findStation(deps.db, c.req.param('stationId'));
    if (!station) throw new ApiError(404, 3001);
    return reply(c, stationOf(station));
  });
  // SPEC 3 "QR/pay-code data": code E for a link, PS for a station (core qrCodeKind).
  app.get('/qr-process/:code', async (c) => {
    const code = c.req.param('code');
    const station = await findStation(deps.db, code);
    if (station) {
      return reply(c, { idMerchant: station.merchant_id, code: qrCodeKind(station.station_id), description: station.description, amount: centsToAmount(station.amount_cents), disc: centsToAmount(station.discount_cents), tx: null, processWithCodeInfo: false, stationId: station.station_id, subscription: null, txChannel: CHANNEL.checkout });
    }
    const link = payableLink(await findLinkByCode(deps.db, code));
    return reply(c, { idMerchant: link.merchant_id, code: qrCodeKind(null), description: link.description, amount: centsToAmount(link.amount_cents), disc: centsToAmount(link.discount_cents), tx: link.code, processWithCodeInfo: true, stationId: null, subscription: null, txChannel: link.tx_channel });
  });
  // SPEC 7 "GET merchant campaign bridge (non-profit)"; the widget picks the active one (SPEC 4).
  app.get('/merchants/:idMerchant/campaign-bridges', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    return reply(c, { bridges: (await bridgesOf(deps.db, id)).map(bridgeOf) });
  });
  // SPEC 7 "GET campaign tx info by operation code (codOper)".
  app.get('/campaigns/transactions/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || !tx.campaign_bridge_id) throw new ApiError(404, 'receive_not_found');
    const bridge = (await bridgesOf(deps.db, tx.merchant_id)).find((b) => b.id === tx.campaign_bridge_id);
    return reply(c, { codOper: tx.cod_oper, amountToCampaign: centsToAmount(tx.campaign_cents), idCampaignBridge: tx.campaign_bridge_id, campaign: bridge ? bridgeOf(bridge).campaign : null, status: tx.status, date: tx.created_at.toISOString() });
  });
  return app;
}
