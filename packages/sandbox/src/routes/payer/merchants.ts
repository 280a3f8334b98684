import { centsToAmount } from '@pasarela/core';
import { Hono } from 'hono';
import { brandOfMerchant } from '../../brand/merchantBrand';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findLinkByCode, findLinkBySlug, findLinkBySlugAndCode } from '../../store/links';
import { findLinkInAnyCase } from '../../store/findLinkInAnyCase';
import { findMerchant, firstMerchantUser, listMerchantServices, paymentMethodOf, type MerchantRow } from '../../store/merchants';

/** A positive integer id from a path parameter, or a 404 with notFoundCode. */
export function idParam(value: string | undefined, notFoundCode: string): number {
  const id = /^\d{1,9}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, notFoundCode);
  return id;
}

export function merchantInfoOf(m: MerchantRow) {
  return {
    idMerchant: m.id,
    merchantName: m.name,
    webCode: m.web_code,
    legalRep: m.legal_rep,
    logo: m.logo,
    customFields: JSON.stringify(m.custom_fields ?? []),
    hasPaymentGuest: m.has_payment_guest,
    txLimit: centsToAmount(m.tx_limit_cents),
    domainValidation: m.domain_validation,
    country: m.country,
    // ISO 4217, from the country at creation: every amount of the merchant is in it.
    currency: m.currency,
    // Only when the merchant set one (core MerchantBrandSchema): the checkout's header and colour.
    ...(m.brand_color === null && m.display_name === null && m.logo_sha256 === null ? {} : { brand: brandOfMerchant(m) }),
  };
}

export function merchantRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET merchant and limits (idMerchant, optional amount and serviceCode)".
  app.get('/merchants/:idMerchant', async (c) => {
    const merchant = await findMerchant(deps.db, idParam(c.req.param('idMerchant'), 'Merchant Not Found'));
    if (!merchant) throw new ApiError(404, 'Merchant Not Found');
    return reply(c, merchantInfoOf(merchant));
  });
  app.get('/merchants/:idMerchant/payment-methods', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    if (!(await findMerchant(deps.db, id))) throw new ApiError(404, 'Merchant Not Found');
    const services = await listMerchantServices(deps.db, id);
    return reply(c, { paymentMethods: services.map(paymentMethodOf) });
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
    const link = type === 'slug' ? await findLinkBySlug(deps.db, code) : type === 'slugCode' ? await findLinkBySlugAndCode(deps.db, slug, linkCode) : await findLinkInAnyCase(code, (c) => findLinkByCode(deps.db, c));
    const merchant = link && (await findMerchant(deps.db, link.merchant_id));
    if (!merchant) throw new ApiError(404, 'Merchant Not Found');
    return reply(c, merchantInfoOf(merchant));
  });
  return app;
}
