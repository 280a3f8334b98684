import { Hono } from 'hono';
import * as v from 'valibot';
import { isHttpUrl, LINK_METHOD_TOKENS, LinkCustomFieldsSchema, amountToCents, CAPTURE_METHODS, centsToAmount, freeText, moneySchema, recordedPaymentResult, transactionsTypeOf } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { originOf } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { findLinkInAnyCase } from '../../store/findLinkInAnyCase';
import { insertLink, findLinkByCode, findLinkBySlug, expireLinkWithoutPayment } from '../../store/links';
import { findMerchant, firstMerchantId } from '../../store/merchants';
import { listTransactionsForLink, type TransactionRow } from '../../store/transactions';
import { parseOr400 } from '../../payments/validatePayload';
import { refuseBadAmounts } from '../../payments/checkAmount';
import { ownMerchantBody, requireOwn } from '../../auth/adminAccess';
import { linkDescriptionsSchema, linkTranslationsOf } from '../linkDescriptions';
import { refuseUntakenLinkTokens } from '../linkTokens';

const MAX_EXPIRY_SECONDS = 365 * 24 * 3600;
const EXPIRY_RANGE = `expiresInSeconds must be a whole number from ${-MAX_EXPIRY_SECONDS} to ${MAX_EXPIRY_SECONDS}`;

/** PRODUCT.md "POST /sandbox/links" body. Issue messages name the field. */
const NewLinkSchema = v.strictObject({
  // Its size is refused in the merchant's currency with the limit (refuseBadAmounts).
  amount: moneySchema({ field: 'amount', positive: true, sizeCheckedInCurrency: true }),
  description: v.pipe(freeText(200, { missingMessage: 'description is required', typeMessage: 'description must be a string', tooLongMessage: 'description is longer than 200 characters', charactersMessage: 'description must not hold control or bidi characters' }), v.trim(), v.minLength(1, 'description is required')),
  taxAmount: v.optional(moneySchema({ field: 'taxAmount', sizeCheckedInCurrency: true })),
  cardTypes: v.optional(v.pipe(v.array(v.picklist(LINK_METHOD_TOKENS, `cardTypes must list card brands or methods: ${LINK_METHOD_TOKENS.join(', ')}`), 'cardTypes must be an array'), v.minLength(1, 'cardTypes must not be empty'))),
  expiresInSeconds: v.optional(v.pipe(v.number('expiresInSeconds must be a number'), v.integer('expiresInSeconds must be an integer'), v.minValue(-MAX_EXPIRY_SECONDS, EXPIRY_RANGE), v.maxValue(MAX_EXPIRY_SECONDS, EXPIRY_RANGE))),
  slug: v.optional(v.pipe(v.string('slug must be a string'), v.regex(/^[a-z0-9][a-z0-9-]{2,62}$/, 'slug must be 3-63 lowercase letters, digits or dashes'))),
  merchantId: v.optional(v.pipe(v.number('merchantId must be a number'), v.integer('merchantId must be an integer'), v.minValue(1, 'merchantId must be positive'), v.maxValue(2_147_483_647, 'merchantId is too large'))),
  singleUse: v.optional(v.boolean('singleUse must be a boolean')),
  returnUrl: v.optional(v.pipe(v.string('returnUrl must be a string'), v.maxLength(2000, 'returnUrl is too long'), v.check(isHttpUrl, 'returnUrl must be an http or https address'))),
  // The description in each language the merchant writes it in (es, en); `description` is the default.
  descriptions: v.optional(linkDescriptionsSchema({ allowEmpty: true })),
  // Issue 89: manual makes every card payment a hold the merchant captures or voids.
  captureMethod: v.optional(v.picklist(CAPTURE_METHODS, `captureMethod must be one of: ${CAPTURE_METHODS.join(', ')}`)),
  // SPEC 3 "Custom field": what the checkout asks the payer; the answers come with the payment.
  customFields: v.optional(LinkCustomFieldsSchema),
});

/** Slugs that are widget routes of SPEC 2 and so can never be a link's page. */
const RESERVED_SLUGS = new Set(['pf', 'api', 'sandbox', 'sdk', 'widget', 'images', '404', 'stationpayment', 'metrics', 'health']);

export function transactionSummary(t: TransactionRow) {
  return {
    codOper: t.cod_oper,
    method: t.method,
    amount: centsToAmount(t.amount_cents),
    taxAmount: centsToAmount(t.tax_cents),
    status: t.status,
    authStatus: t.auth_status,
    cardType: t.card_brand,
    displayNum: t.card_last4 ? `**** ${t.card_last4}` : null,
    trackId: t.track_id,
    createdAt: t.created_at.toISOString(),
  };
}

export function adminLinkRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/links', async (c) => {
    // A merchant's server creates links with its secret key (for itself only); the operator names a merchant or none.
    const body = parseOr400(NewLinkSchema, ownMerchantBody(c, await readObjectBody(c)));
    const merchantId = body.merchantId ?? (await firstMerchantId(deps.db));
    const merchant = merchantId === undefined ? undefined : await findMerchant(deps.db, merchantId);
    if (merchantId === undefined || !merchant) {
      throw new ApiError(400, 'merchant_not_found', 'merchantId names no merchant');
    }
    // A link nobody could pay is refused when made: amount plus tax within the merchant's limit (SPEC 5).
    refuseBadAmounts({ amount: body.amount, taxAmount: body.taxAmount ?? 0 }, { txLimit: centsToAmount(merchant.tx_limit_cents), currency: merchant.currency });
    await refuseUntakenLinkTokens(deps.db, merchantId, { cardTypes: body.cardTypes });
    if (body.slug && (RESERVED_SLUGS.has(body.slug) || (await findLinkBySlug(deps.db, body.slug)))) {
      throw new ApiError(400, 'slug_taken', 'slug is already in use');
    }
    const link = await insertLink(deps.db, {
      merchantId,
      description: body.description,
      amountCents: amountToCents(body.amount),
      taxCents: amountToCents(body.taxAmount ?? 0),
      cardTypes: body.cardTypes ? body.cardTypes.join(',') : null,
      expiresAt: body.expiresInSeconds === undefined ? null : new Date(Date.now() + body.expiresInSeconds * 1000),
      slug: body.slug ?? null,
      singleUse: body.singleUse ?? false,
      returnUrl: body.returnUrl,
      translations: linkTranslationsOf(body.descriptions),
      transactionsType: transactionsTypeOf(body.captureMethod ?? 'automatic'),
      customFields: body.customFields,
    });
    return c.json({ code: link.code, slug: link.slug, url: `${originOf(deps, c.req.url)}/${link.slug}` }, 201);
  });
  // A shop whose order changed before it was paid ends the order's old link before it makes the new one.
  app.post('/links/:code/expire', async (c) => {
    const notFound = () => new ApiError(404, 'link_not_found', 'code names no link');
    const link = await findLinkInAnyCase(c.req.param('code'), (code) => findLinkByCode(deps.db, code));
    if (!link) throw notFound();
    requireOwn(c, link.merchant_id, notFound);
    const { code } = link;
    const hasPayment = (rows: TransactionRow[]) =>
      rows.some((t) => recordedPaymentResult({ method: t.method, status: t.status, authStatus: t.auth_status }) !== 'DECLINED');
    if (!(await expireLinkWithoutPayment(deps.db, code, hasPayment))) {
      throw new ApiError(409, 'link_has_payment', 'A payment of the link is waiting or was approved: it stays as it is');
    }
    return c.json({ code, expired: true }, 200);
  });
  app.get('/transactions', async (c) => {
    const code = c.req.query('code') ?? '';
    if (code === '') throw new ApiError(400, 'missing_arguments', 'code is required');
    const notFound = () => new ApiError(404, 'link_not_found', 'code names no link');
    const link = await findLinkInAnyCase(code, (given) => findLinkByCode(deps.db, given));
    if (!link) throw notFound();
    // A merchant's key sees its own links only: another's is as good as absent.
    requireOwn(c, link.merchant_id, notFound);
    const rows = await listTransactionsForLink(deps.db, link.code);
    // The admin view also shows who paid: a wallet user, or a guest under its anonymous user service id (SPEC 6).
    return c.json({ transactions: rows.map((r) => ({ ...transactionSummary(r), userId: r.user_id, anonymousUserServiceId: r.anonymous_user_service_id })) });
  });
  return app;
}
