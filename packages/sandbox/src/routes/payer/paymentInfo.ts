import { Hono } from 'hono';
import * as v from 'valibot';
import { panamaParts, centsToAmount, isSubscriptionActive, merchantTextIn, typedLinkTargets, type Language } from '@pasarela/core';
import { findTransaction } from '../../store/transactions';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { payableLink } from '../../payments/payTarget';
import { parseOr400 } from '../../payments/validatePayload';
import { findCheckoutTarget, findLinkOfTarget } from '../../payments/checkoutTarget';
import { findLinkAddress, type LinkRow } from '../../store/links';
import { findShopOfMerchant } from '../../store/merchantBrand';
import { shopIdentityOf } from '../../brand/merchantBrand';

/** EXPIRES_AT as the provider writes it: Panama wall time, 'yyyy-MM-dd HH:mm:ss'. */
export function expiresAtText(at: Date): string {
  const p = panamaParts(at);
  return `${p.year}-${p.month}-${p.day} ${p.hours}:${p.minutes}:${p.seconds}`;
}

export function paymentInfoOf(link: LinkRow, type: string, lang: Language) {
  const othersValues: { EXPIRES_AT?: string; cardType?: string } = {};
  if (link.expires_at) othersValues.EXPIRES_AT = expiresAtText(link.expires_at);
  if (link.card_types) othersValues.cardType = link.card_types;
  return {
    idMerchant: link.merchant_id,
    code: link.code,
    description: merchantTextIn(link.description, link.translations, 'description', lang),
    amount: centsToAmount(link.amount_cents),
    discount: centsToAmount(link.discount_cents),
    type,
    email: link.email,
    othersValues,
    taxAmount: centsToAmount(link.tax_cents),
    serviceCode: link.service_code,
    transactionsType: link.transactions_type,
    lang: link.lang,
    returnUrlString: link.return_url,
    additionalParamsUrlString: link.additional_params,
    customFieldValues: Array.isArray(link.custom_fields) ? link.custom_fields : [],
    additionalData: {},
    txChannel: link.tx_channel,
    idSubscription: link.id_subscription,
  };
}

async function subscriptionShop(deps: Deps, key: string) {
  const found = await findCheckoutTarget(deps.db, { type: 'subs', code: key });
  const { subscription: sub, plan } = found?.kind === 'subscription' ? found : { subscription: undefined, plan: undefined };
  const shop = plan ? await findShopOfMerchant(deps.db, plan.merchant_id) : undefined;
  if (!sub || !plan || !shop) throw new ApiError(404, 'link_not_found');
  const active = isSubscriptionActive(sub.status) ? { amount: centsToAmount(plan.amount_cents), period: plan.period, currency: shop.currency } : null;
  return { ...shopIdentityOf(shop), returnUrl: null, paid: null, active };
}

async function lookUp(deps: Deps, code: string, type: string): Promise<LinkRow | undefined> {
  return type === 'lk' || type === 'slug' || type === 'slugCode' ? findLinkOfTarget(deps.db, { type, code }) : undefined;
}

/** What the payer typed on the main page "/" without a code. */
const TypedQuerySchema = v.object({
  code: v.pipe(v.string('missing_arguments'), v.trim(), v.nonEmpty('missing_arguments'), v.maxLength(200, 'missing_arguments')),
});

export function paymentInfoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET load payment info (code as 'slug/code' or code, optional type)".
  app.get('/payment-info', async (c) => {
    const code = c.req.query('code')?.trim() ?? '';
    const type = c.req.query('type') ?? 'lk';
    if (code === '' || code.length > 200) throw new ApiError(400, 'missing_arguments', 'code is required');
    if (!['lk', 'slug', 'slugCode'].includes(type)) throw new ApiError(400, 'missing_arguments', 'type must be lk, slug or slugCode');
    const link = payableLink(await lookUp(deps, code, type));
    return reply(c, paymentInfoOf(link, type, c.get('lang')));
  });
  // Whose link (or subscription) this is, in any state: an expired or paid link's page names the shop,
  // says what was paid, when and how much, and leads back to it; an active subscription says so.
  app.get('/payment-info/shop', async (c) => {
    const code = c.req.query('code')?.trim() ?? '';
    const type = c.req.query('type') ?? 'lk';
    if (code === '' || code.length > 200 || !['lk', 'slug', 'slugCode', 'subs'].includes(type)) throw new ApiError(400, 'missing_arguments', 'code and type (lk, slug, slugCode or subs) are required');
    if (type === 'subs') return reply(c, await subscriptionShop(deps, code));
    const link = await lookUp(deps, code, type);
    const shop = link ? await findShopOfMerchant(deps.db, link.merchant_id) : undefined;
    if (!link || !shop) throw new ApiError(404, 'link_not_found');
    const paying = link.single_use && link.paid_cod_oper ? await findTransaction(deps.db, link.paid_cod_oper) : undefined;
    const paid = paying ? { at: paying.created_at.toISOString(), amount: centsToAmount(paying.amount_cents + paying.tax_cents), currency: paying.currency } : null;
    return reply(c, { ...shopIdentityOf(shop), returnUrl: link.return_url ?? null, paid });
  });
  // The main page "/" without a code: the link what the payer typed names, in any state (an expired or
  // paid one opens its own message), asked as its code, then as its slug (core typedLinkTargets), and
  // the address that opens it, `?code=` or `/{slug}`, as the link writes it: one statement for either.
  app.get('/payment-info/address', async (c) => {
    const { code } = parseOr400(TypedQuerySchema, { code: c.req.query('code') });
    const targets = typedLinkTargets(code);
    const named = targets.length > 0 ? await findLinkAddress(deps.db, {
      code: targets.find((target) => target.type === 'lk')?.code,
      slug: targets.find((target) => target.type === 'slug')?.code,
    }) : undefined;
    if (!named) throw new ApiError(404, 'link_not_found');
    return reply(c, named);
  });
  return app;
}
