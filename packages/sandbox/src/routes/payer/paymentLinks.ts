import { Hono } from 'hono';
import type { Language } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { payableLink } from '../../payments/payTarget';
import { findLinkOfTarget } from '../../payments/checkoutTarget';
import type { LinkRow } from '../../store/links';
import { findMerchant } from '../../store/merchants';
import { merchantInfoOf } from './merchants';
import { paymentInfoOf } from './paymentInfo';

/** SPEC 3 "Payment link": alias, details, othersValues, serviceCode, merchant (customFields JSON text, logo, guest flag). */
async function linkResult(deps: Deps, link: LinkRow, lang: Language) {
  const merchant = await findMerchant(deps.db, link.merchant_id);
  if (!merchant) throw new ApiError(404, 'Merchant Not Found');
  const info = paymentInfoOf(link, 'slug', lang);
  return { ...info, alias: info.description, details: info.description, merchant: merchantInfoOf(merchant) };
}

/** A payable payment link looked up by its slug, slug and code, or (an old process) its code. */
export function paymentLinkRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET payment link result by slug, or slug and code".
  app.get('/payment-links/:slug', async (c) => reply(c, await linkResult(deps, payableLink(await findLinkOfTarget(deps.db, { type: 'slug', code: c.req.param('slug') }), 'link_not_found'), c.get('lang'))));
  app.get('/payment-links/:slug/:code', async (c) =>
    reply(c, await linkResult(deps, payableLink(await findLinkOfTarget(deps.db, { type: 'slugCode', code: `${c.req.param('slug')}/${c.req.param('code')}` }), 'link_not_found'), c.get('lang'))));
  // SPEC 7 "GET old process by code".
  app.get('/old-process/:code', async (c) => reply(c, paymentInfoOf(payableLink(await findLinkOfTarget(deps.db, { type: 'lk', code: c.req.param('code') })), 'lk', c.get('lang'))));
  return app;
}
