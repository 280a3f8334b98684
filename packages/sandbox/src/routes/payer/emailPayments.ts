import { Hono } from 'hono';
import { EMAIL_PAYMENT_REFUSALS, emailPaymentState } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { findCheckoutTarget } from '../../payments/checkoutTarget';

/** SPEC 2 /pf/emailPayment's call: the request behind the e-mail's link. */
export function emailPaymentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/email-payments/:token', async (c) => {
    const target = await findCheckoutTarget(deps.db, { type: 'emailPayment', code: c.req.param('token') });
    const { request: found, link } = target?.kind === 'emailPayment' ? target : { request: undefined, link: undefined };
    const state = emailPaymentState(found && link ? { paid: link.paid_cod_oper !== null, expiresAt: link.expires_at?.getTime() ?? null } : null, Date.now());
    if (!found || state === 'unknown') throw new ApiError(404, EMAIL_PAYMENT_REFUSALS.unknown);
    if (state === 'paid') throw new ApiError(409, EMAIL_PAYMENT_REFUSALS.paid);
    if (state === 'expired') throw new ApiError(410, Number(EMAIL_PAYMENT_REFUSALS.expired));
    const { token, code, to, amount, taxAmount, description } = found.data;
    return reply(c, { token, code, to, amount, taxAmount, description, sentAt: found.created_at.toISOString() });
  });
  return app;
}
