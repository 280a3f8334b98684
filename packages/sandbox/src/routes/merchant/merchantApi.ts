import { Hono, type Context } from 'hono';
import { amountToCents, centsToAmount, transactionsTypeOf } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { refuseAmountPastColumns, refuseBadAmounts } from '../../payments/checkAmount';
import { refundPayment } from '../../payments/refundPayment';
import { voidPayment } from '../../payments/voidPayment';
import { capturePayment } from '../../payments/capturePayment';
import { findMerchant } from '../../store/merchants';
import { findLinkInAnyCase } from '../../store/findLinkInAnyCase';
import { expireMerchantLink, findLinkByOrderReference, findLinkOfRequest, findMerchantLink, insertMerchantLink, listMerchantLinks } from '../../store/merchantLinks';
import { findMerchantTransactionWithRefunds, listMerchantTransactions, type MerchantTransactionRow } from '../../store/merchantTransactions';
import { merchantResultOf } from '../../merchantView/merchantResultOf';
import { merchantBookRoutes } from './books';
import { merchantDisputeRoutes } from './disputes';
import { merchantSubscriptionRoutes } from './subscriptions';
import { merchantEventRoutes } from './events';
import { merchantBrandRoutes } from './brandCalls';
import { merchantKeyRoutes } from './merchantKeys';
import { rateLimitRehearsal } from './rehearsals';
import { webhookEndpointRoutes } from './webhookEndpoints';
import { idempotent } from './idempotency';
import { linkAnswer, pageOf, refundAnswer, transactionAnswer } from './merchantAnswers';
import { requireMerchantKey } from './merchantAuth';
import { cursorOf, positionOfCursor } from './listCursor';
import { parseInput, queryOf, CaptureSchema, CreateLinkSchema, EmptySchema, ListLinksQuery, ListTransactionsQuery, RefundSchema, type CreateLink } from './merchantSchemas';
import { openApiDocument } from './openApiDocument';
import { linkTranslationsOf } from '../linkDescriptions';
import { refuseUntakenLinkTokens } from '../linkTokens';

import { MERCHANT_API_PREFIX } from '../../http/merchantApiPrefix';

export { MERCHANT_API_PREFIX };
/** app.ts mounts it before the body limit. */
export { merchantApiVersion } from './apiVersionHeader';

const NO_STORE = { 'cache-control': 'no-store' };
/** docs/merchant-api.md "Idempotency". */
const REQUIRED_KEY = { required: true } as const;
const CODE = /^[A-Za-z0-9_]{1,40}$/;

const linkNotFound = () => new ApiError(404, 'payment_link_not_found', 'No such payment link for this merchant');
const transactionNotFound = () => new ApiError(404, 'transaction_not_found', 'No such transaction for this merchant');

const codeParam = (c: Context<AppEnv>, name: string) => {
  const value = c.req.param(name) ?? '';
  return CODE.test(value) ? value : undefined;
};

function cardTypesOf(body: CreateLink): string | null {
  if (body.methods && body.brands && !body.methods.includes('CARD')) throw new ApiError(400, 'invalid_arguments', 'brands need CARD among methods');
  const tokens = [...new Set([...(body.brands ?? []), ...(body.methods ?? [])])];
  // Brands alone take a card of those brands only; with methods, CARD is one of them.
  return tokens.length === 0 ? null : tokens.filter((t) => !(t === 'CARD' && body.brands)).join(',');
}

export function merchantApiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const merchantOf = (c: Context<AppEnv>) => requireMerchantKey(deps, c.req.header('authorization'));
  const findMerchantLinkInAnyCase = (merchantId: number, code: string) => findLinkInAnyCase(code, (c) => findMerchantLink(deps.db, merchantId, c));

  const refuseAmountPastColumnsOf = async (merchantId: number, amount: number | undefined) => {
    if (amount === undefined) return;
    const merchant = await findMerchant(deps.db, merchantId);
    if (!merchant) throw new ApiError(401, 'invalid_secret_key', 'The key\'s merchant no longer exists');
    refuseAmountPastColumns('amount', amount, merchant.currency);
  };

  app.use('*', rateLimitRehearsal(deps));

  app.get('/openapi.json', (c) => c.json(openApiDocument(originOf(deps, c.req.url)), 200, { 'cache-control': 'public, max-age=300' }));

  app.post('/payment-links', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input, request) => {
      const body = parseInput(CreateLinkSchema, input, 'body');
      // Taken over from a node that died: the link it made under the key is the answer.
      const made = request?.resumed ? await findLinkOfRequest(deps.db, merchantId, request.key, request.since) : undefined;
      if (made) return [201, linkAnswer(made, originOf(deps, c.req.url))] as const;
      const merchant = await findMerchant(deps.db, merchantId);
      if (!merchant) throw new ApiError(401, 'invalid_secret_key', 'The key\'s merchant no longer exists');
      // SPEC 5: a link nobody could pay is refused when made.
      refuseBadAmounts({ amount: body.amount, taxAmount: body.taxAmount ?? 0 }, { txLimit: centsToAmount(merchant.tx_limit_cents), currency: merchant.currency });
      await refuseUntakenLinkTokens(deps.db, merchantId, { brands: body.brands, methods: body.methods });
      const link = await insertMerchantLink(deps.db, {
        merchantId, description: body.description, amountCents: amountToCents(body.amount), taxCents: amountToCents(body.taxAmount ?? 0),
        cardTypes: cardTypesOf(body), expiresAt: body.expiresAt ?? null, singleUse: body.singleUse ?? false, returnUrl: body.returnUrl ?? '',
        orderReference: body.orderReference ?? null, metadata: body.metadata ?? {}, translations: linkTranslationsOf(body.descriptions),
        transactionsType: transactionsTypeOf(body.captureMethod ?? 'automatic'), requestKey: request?.key ?? null,
        customFields: body.customFields ?? [],
      });
      if (!link) {
        const taken = body.orderReference === undefined ? undefined : await findLinkByOrderReference(deps.db, merchantId, body.orderReference);
        throw new ApiError(409, 'order_reference_taken', `orderReference is already the reference of link ${taken?.code ?? ''}`.trim());
      }
      return [201, linkAnswer(link, originOf(deps, c.req.url))] as const;
    }, REQUIRED_KEY);
  });

  app.get('/payment-links', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListLinksQuery, queryOf(c), 'query');
    const rows = await listMerchantLinks(deps.db, merchantId, {
      state: q.state, orderReference: q.orderReference, createdFrom: q.createdFrom, createdTo: q.createdTo, updatedFrom: q.updatedFrom, updatedTo: q.updatedTo,
      beforeId: await positionOfCursor(deps.db, 'links', merchantId, q.cursor), limit: q.limit,
    });
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    const origin = originOf(deps, c.req.url);
    return c.json(pageOf(shown.map((l) => linkAnswer(l, origin)), rows.length > q.limit && last ? cursorOf('links', last.code) : null), 200, NO_STORE);
  });

  app.get('/payment-links/:code', async (c) => {
    const merchantId = await merchantOf(c);
    const code = codeParam(c, 'code');
    const link = code === undefined ? undefined : await findMerchantLinkInAnyCase(merchantId, code);
    if (!link) throw linkNotFound();
    return c.json(linkAnswer(link, originOf(deps, c.req.url)), 200, NO_STORE);
  });

  app.post('/payment-links/:code/expire', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      parseInput(EmptySchema, input, 'body');
      const code = codeParam(c, 'code');
      const found = code === undefined ? undefined : await findMerchantLinkInAnyCase(merchantId, code);
      const link = found && (await expireMerchantLink(deps.db, merchantId, found.code));
      if (!link) throw linkNotFound();
      if (link.state === 'paid') throw new ApiError(409, 'payment_link_paid', 'The single-use link was paid: it can no longer expire');
      return [200, linkAnswer(link, originOf(deps, c.req.url))] as const;
    });
  });

  app.get('/transactions', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListTransactionsQuery, queryOf(c), 'query');
    const linkCode = q.linkCode && ((await findMerchantLinkInAnyCase(merchantId, q.linkCode))?.code ?? q.linkCode);
    const filters = { linkCode, trackId: q.trackId, orderReference: q.orderReference, method: q.method, createdFrom: q.createdFrom, createdTo: q.createdTo,
      updatedFrom: q.updatedFrom, updatedTo: q.updatedTo };
    // The overall result is core's rule, not SQL: rows are read in batches until the page is full (plus one).
    const shown: MerchantTransactionRow[] = [];
    let beforeId = await positionOfCursor(deps.db, 'transactions', merchantId, q.cursor);
    let more = false;
    for (;;) {
      const batch = await listMerchantTransactions(deps.db, merchantId, { ...filters, beforeId }, q.result ? 200 : q.limit + 1);
      for (const row of batch) {
        if (q.result && merchantResultOf({ method: row.method, status: row.status, authStatus: row.auth_status }) !== q.result) continue;
        if (shown.length === q.limit) {
          more = true;
          break;
        }
        shown.push(row);
      }
      const last = batch.at(-1);
      if (more || !q.result || !last || batch.length < 200) break;
      beforeId = last.id;
    }
    const last = shown.at(-1);
    return c.json(pageOf(shown.map((row) => transactionAnswer(row)), more && last ? cursorOf('transactions', last.cod_oper) : null), 200, NO_STORE);
  });

  // The verify call.
  app.get('/transactions/:codOper', async (c) => {
    const merchantId = await merchantOf(c);
    const codOper = codeParam(c, 'codOper');
    // Another merchant's transaction is as absent as a missing one.
    const found = codOper === undefined ? undefined : await findMerchantTransactionWithRefunds(deps.db, merchantId, codOper);
    if (!found) throw transactionNotFound();
    return c.json(transactionAnswer(found.row, found.refunds), 200, NO_STORE);
  });

  app.post('/transactions/:codOper/refunds', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input, request) => {
      const { amount } = parseInput(RefundSchema, input, 'body');
      await refuseAmountPastColumnsOf(merchantId, amount);
      const codOper = codeParam(c, 'codOper');
      const refund = codOper === undefined ? undefined : await refundPayment(deps, merchantId, codOper, amount === undefined ? undefined : amountToCents(amount), request);
      if (!refund) throw transactionNotFound();
      const found = await findMerchantTransactionWithRefunds(deps.db, merchantId, refund.cod_oper);
      if (!found) throw transactionNotFound();
      return [201, { ...refundAnswer(refund), transaction: transactionAnswer(found.row, found.refunds) }] as const;
    }, REQUIRED_KEY);
  });

  app.post('/transactions/:codOper/capture', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const { amount } = parseInput(CaptureSchema, input, 'body');
      await refuseAmountPastColumnsOf(merchantId, amount);
      const codOper = codeParam(c, 'codOper');
      const captured = codOper === undefined ? undefined : await capturePayment(deps, merchantId, codOper, amount === undefined ? undefined : amountToCents(amount), originOf(deps, c.req.url));
      if (!captured) throw transactionNotFound();
      const found = await findMerchantTransactionWithRefunds(deps.db, merchantId, captured.cod_oper);
      if (!found) throw transactionNotFound();
      return [200, transactionAnswer(found.row, found.refunds)] as const;
    }, REQUIRED_KEY);
  });

  app.post('/transactions/:codOper/void', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      parseInput(EmptySchema, input, 'body');
      const codOper = codeParam(c, 'codOper');
      const voided = codOper === undefined ? undefined : await voidPayment(deps, merchantId, codOper, originOf(deps, c.req.url));
      if (!voided) throw transactionNotFound();
      const found = await findMerchantTransactionWithRefunds(deps.db, merchantId, voided.cod_oper);
      if (!found) throw transactionNotFound();
      return [200, transactionAnswer(found.row, found.refunds)] as const;
    }, REQUIRED_KEY);
  });

  app.route('/brand', merchantBrandRoutes(deps));
  app.route('/webhook-endpoints', webhookEndpointRoutes(deps));
  app.route('/keys', merchantKeyRoutes(deps));
  app.route('/events', merchantEventRoutes(deps));
  app.route('/', merchantBookRoutes(deps));
  app.route('/disputes', merchantDisputeRoutes(deps));
  app.route('/subscriptions', merchantSubscriptionRoutes(deps));

  const callsByPath = callsOf(app.routes);
  app.all('*', (c) => {
    // A call asked with a method it does not take is told which it takes (RFC 9110 15.5.6), not that it is missing.
    const path = c.req.path.slice(MERCHANT_API_PREFIX.length) || '/';
    const allowed = [...new Set(callsByPath.filter((call) => call.path.test(path)).flatMap((call) => call.methods))].sort();
    if (allowed.length > 0) throw new ApiError(405, 'method_not_allowed', `${path} takes ${allowed.join(', ')}`, { allow: allowed.join(', ') });
    throw new ApiError(404, 'not_found', 'No such merchant call');
  });
  return app;
}

/** Each call's path as a pattern, with the methods it takes (HEAD with GET, as hono answers it). */
function callsOf(routes: ReadonlyArray<{ method: string; path: string }>): Array<{ path: RegExp; methods: string[] }> {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    if (method === 'ALL') continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    // As the router matches it: a final / makes another path, no call (404), not one refused its own method.
    path: new RegExp(`^${path.replace(/\/+$/, '').replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    methods: [...methods],
  }));
}
