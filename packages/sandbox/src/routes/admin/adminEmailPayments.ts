import { Hono } from 'hono';
import { ownMerchantBody, scopedMerchant } from '../../auth/adminAccess';
import * as v from 'valibot';
import { amountToCents, centsToAmount, freeText, moneySchema, emailPaymentState, isHttpUrl, LINK_METHOD_TOKENS, SUPPORT_EMAIL } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { originOf } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { parseOr400 } from '../../payments/validatePayload';
import { refuseBadAmounts } from '../../payments/checkAmount';
import { findLinkByCode, insertLink } from '../../store/links';
import { emailPaymentLink, emailPaymentMail } from '../../mail/templates';
import { sendMerchantMail } from '../../payments/merchantMail';
import { insertEmailPayment, listEmailPayments, newEmailPaymentToken, type EmailPaymentData } from '../../store/emailPayments';
import { findMerchant, firstMerchantId } from '../../store/merchants';
import { ownLanguageOfAddress } from '../../store/users';
import { refuseUntakenLinkTokens } from '../linkTokens';

// SPEC 2 /pf/emailPayment, SPEC 7 "send/list/pending activities": a merchant's payment request
// sent by e-mail. It pays a single-use link of its own; the e-mail carries the request's token.

const EXPIRY_RANGE = `expiresInSeconds must be a whole number from ${-86_400} to ${90 * 86_400}`;

const NewEmailPaymentSchema = v.strictObject({
  to: v.pipe(freeText(254, { missingMessage: 'to is required', typeMessage: 'to must be a string', tooLongMessage: 'to is too long', charactersMessage: 'to must not hold control or bidi characters' }), v.trim(), v.email('to must be an e-mail address'),
    // The checkout refuses it as the payer's e-mail (SPEC 5 invalid_email), which the request's payment carries.
    v.check((to) => to.toLowerCase() !== SUPPORT_EMAIL, 'to must not be the support address')),
  // Its size is refused in the merchant's currency with the limit (refuseBadAmounts).
  amount: moneySchema({ field: 'amount', positive: true, sizeCheckedInCurrency: true }),
  description: v.pipe(freeText(200, { missingMessage: 'description is required', typeMessage: 'description must be a string', tooLongMessage: 'description is longer than 200 characters', charactersMessage: 'description must not hold control or bidi characters' }), v.trim(), v.minLength(1, 'description is required')),
  taxAmount: v.optional(moneySchema({ field: 'taxAmount', sizeCheckedInCurrency: true })),
  cardTypes: v.optional(v.pipe(v.array(v.picklist(LINK_METHOD_TOKENS, `cardTypes must list card brands or methods: ${LINK_METHOD_TOKENS.join(', ')}`), 'cardTypes must be an array'), v.minLength(1, 'cardTypes must not be empty'))),
  expiresInSeconds: v.optional(v.pipe(v.number('expiresInSeconds must be a number'), v.integer('expiresInSeconds must be an integer'), v.minValue(-86_400, EXPIRY_RANGE), v.maxValue(90 * 86_400, EXPIRY_RANGE))),
  merchantId: v.optional(v.pipe(v.number('merchantId must be a number'), v.integer('merchantId must be an integer'), v.minValue(1, 'merchantId must be positive'), v.maxValue(2_147_483_647, 'merchantId is too large'))),
  returnUrl: v.optional(v.pipe(v.string('returnUrl must be a string'), v.maxLength(2000, 'returnUrl is too long'), v.check(isHttpUrl, 'returnUrl must be an http or https address'))),
});

/** Admin: create and "send" a request (it lands in the mailbox). */
export function adminEmailPaymentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/email-payments', async (c) => {
    const body = parseOr400(NewEmailPaymentSchema, ownMerchantBody(c, await readObjectBody(c)));
    const merchantId = body.merchantId ?? (await firstMerchantId(deps.db));
    const merchant = merchantId === undefined ? undefined : await findMerchant(deps.db, merchantId);
    if (!merchant) throw new ApiError(400, 'merchant_not_found', 'merchantId names no merchant');
    refuseBadAmounts({ amount: body.amount, taxAmount: body.taxAmount ?? 0 }, { txLimit: centsToAmount(merchant.tx_limit_cents), currency: merchant.currency });
    await refuseUntakenLinkTokens(deps.db, merchant.id, { cardTypes: body.cardTypes });
    const link = await insertLink(deps.db, {
      merchantId: merchant.id,
      description: body.description,
      amountCents: amountToCents(body.amount),
      taxCents: amountToCents(body.taxAmount ?? 0),
      cardTypes: body.cardTypes ? body.cardTypes.join(',') : null,
      expiresAt: body.expiresInSeconds === undefined ? null : new Date(Date.now() + body.expiresInSeconds * 1000),
      slug: null,
      singleUse: true,
      returnUrl: body.returnUrl,
      email: body.to,
    });
    const data: EmailPaymentData = {
      token: newEmailPaymentToken(), code: link.code, to: body.to, amount: centsToAmount(link.amount_cents), taxAmount: centsToAmount(link.tax_cents),
      description: link.description, merchantName: merchant.name,
    };
    const id = await insertEmailPayment(deps.db, data);
    const origin = originOf(deps, c.req.url);
    const url = emailPaymentLink(origin, data.token);
    const total = centsToAmount(link.amount_cents + link.tax_cents);
    // In the recipient's own language when they are a wallet user with one, else the sender's.
    const lang = (await ownLanguageOfAddress(deps.db, body.to)) ?? c.get('lang');
    await sendMerchantMail(deps.db, { to: body.to, kind: 'email_payment', merchantId: merchant.id, lang, origin, fallbackName: merchant.name }, (shopName) => emailPaymentMail({
      lang, origin, token: data.token, merchant: shopName, total, currency: merchant.currency, description: data.description,
    }));
    return c.json({ id, token: data.token, code: link.code, to: body.to, url }, 201);
  });
  // The send activity: each request with its link and where it stands.
  app.get('/email-payments', async (c) => {
    const to = v.safeParse(v.pipe(v.string(), v.maxLength(254)), c.req.query('to') ?? '');
    if (!to.success) throw new ApiError(400, 'missing_arguments', 'to is too long');
    const rows = await listEmailPayments(deps.db, to.output, scopedMerchant(c));
    const origin = originOf(deps, c.req.url);
    const requests = await Promise.all(rows.map(async (r) => {
      const link = await findLinkByCode(deps.db, r.data.code);
      const state = emailPaymentState(link ? { paid: link.paid_cod_oper !== null, expiresAt: link.expires_at?.getTime() ?? null } : null, Date.now());
      return { id: r.id, ...r.data, state, sentAt: r.created_at.toISOString(), url: `${origin}/pf/emailPayment?code=${r.data.token}` };
    }));
    return c.json({ requests });
  });
  return app;
}
