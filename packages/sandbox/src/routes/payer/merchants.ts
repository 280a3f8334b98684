import { centsToAmount } from '@pasarela/core';
import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findMerchant, listMerchantServices, paymentMethodOf, type MerchantRow } from '../../store/merchants';

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
  return app;
}
