import { Hono } from 'hono';
import * as v from 'valibot';
import { PRICED_METHODS, isWholeInCurrency, priceOf, type Currency } from '@pasarela/core';
import { requireOperator, requireOwn, scopedMerchant, scopedSecretKey } from '../../auth/adminAccess';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import { allSimulated } from '../../gateways/processors';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { parseOr400 } from '../../payments/validatePayload';
import { runSandboxPayouts } from '../../payments/payouts';
import { setMerchantBooks } from '../../payments/setMerchantBooks';
import { merchantPrices } from '../../store/balanceTransactions';
import { findMerchant } from '../../store/merchants';
import { merchantBooksSettings } from '../../store/payouts';
import { merchantPayoutOf } from '../../merchantView/merchantPayout';
import { merchantBookRoutes } from '../merchant/books';
import { DISPUTE_ID, merchantDisputeRoutes } from '../merchant/disputes';
import { merchantSubscriptionRoutes } from '../merchant/subscriptions';
import { decideDisputeAtProcessor } from '../../payments/decideDispute';
import { findDispute } from '../../store/disputes';
import { merchantDisputeOf } from '../../merchantView/merchantDispute';
import { idParam } from '../payer/merchants';

const PriceSchema = v.strictObject({
  percentBps: v.pipe(v.number('percentBps must be a whole number of basis points'), v.integer('percentBps must be a whole number'), v.minValue(0, 'percentBps must be 0 or more'), v.maxValue(10_000, 'percentBps must be at most 10000 (100 %)')),
  fixedCents: v.pipe(v.number('fixedCents must be a whole number of cents'), v.integer('fixedCents must be a whole number'), v.minValue(0, 'fixedCents must be 0 or more'), v.maxValue(100_000, 'fixedCents must be at most 100000')),
});

const BooksSchema = v.strictObject({
  prices: v.optional(v.record(v.picklist(PRICED_METHODS, `prices names a method: ${PRICED_METHODS.join(', ')}`), PriceSchema)),
  payoutSchedule: v.optional(v.picklist(['daily', 'weekly', 'manual'], 'payoutSchedule must be daily, weekly or manual')),
  payoutAccount: v.optional(v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'payoutAccount must be 6 to 20 digits'))),
});

const DecideSchema = v.strictObject({ outcome: v.picklist(['won', 'lost'], 'outcome must be won or lost') });

/** docs/sandbox.md "Books": prices per method, payout schedule and account, and a payout run's rehearsal. */
export function adminBookRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const notFound = () => new ApiError(404, 'merchant_not_found', 'No such merchant');
  const merchantOf = async (c: Parameters<typeof requireOwn>[0]) => {
    const id = idParam(c.req.param('idMerchant'), 'merchant_not_found');
    requireOwn(c, id, notFound);
    const merchant = await findMerchant(deps.db, id);
    if (!merchant) throw notFound();
    return merchant;
  };
  const merchantIdOf = async (c: Parameters<typeof requireOwn>[0]) => (await merchantOf(c)).id;
  const answer = async ({ id, currency }: { id: number; currency: Currency }) => {
    const own = await merchantPrices(deps.db, id);
    const settings = await merchantBooksSettings(deps.db, id);
    // The prices its payments are charged: a merchant in pesos has its defaults in pesos.
    return {
      prices: Object.fromEntries(PRICED_METHODS.map((method) => [method, { ...priceOf(method, own, currency), default: own[method] === undefined }])),
      defaults: Object.fromEntries(PRICED_METHODS.map((method) => [method, priceOf(method, {}, currency)])),
      payoutSchedule: settings?.payout_schedule ?? 'daily',
      payoutAccount: settings?.payout_account ?? '',
    };
  };

  app.get('/merchants/:idMerchant/books', async (c) => c.json(await answer(await merchantOf(c)), 200, { 'cache-control': 'no-store' }));

  app.post('/merchants/:idMerchant/books', async (c) => {
    const merchant = await merchantOf(c);
    const body = parseOr400(BooksSchema, await readObjectBody(c));
    // Prices are the provider's: a merchant's key sets its payout schedule and account only.
    if (body.prices !== undefined) requireOperator(c);
    // A fixed part is money in the merchant's currency: whole pesos for a merchant in Colombia.
    for (const [method, price] of Object.entries(body.prices ?? {})) {
      if (!isWholeInCurrency(price.fixedCents, merchant.currency)) {
        throw new ApiError(400, 'invalid_amount', `prices.${method}.fixedCents must be whole pesos (a multiple of 100 cents): COP has no centavos`);
      }
    }
    await setMerchantBooks(deps, merchant.id, body, scopedSecretKey(c));
    return c.json(await answer(merchant), 200);
  });

  // The merchant API's books, for the console.
  app.route('/merchants/:idMerchant', merchantBookRoutes(deps, merchantIdOf));
  // And its disputes: /merchants/:id/disputes, answered with evidence or accepted from the console.
  app.route('/merchants/:idMerchant/disputes', merchantDisputeRoutes(deps, merchantIdOf));
  // And its subscriptions: /merchants/:id/subscriptions, cancelled from the console by the merchant API's own rule.
  app.route('/merchants/:idMerchant/subscriptions', merchantSubscriptionRoutes(deps, merchantIdOf));

  // docs/sandbox.md "Disputes": the simulated processor decides now, and its books are booked.
  app.post('/disputes/:id/decide', async (c) => {
    const id = c.req.param('id');
    const { outcome } = parseOr400(DecideSchema, await readObjectBody(c));
    const dispute = DISPUTE_ID.test(id) ? await findDispute(deps.db, id) : undefined;
    if (!dispute) throw new ApiError(404, 'dispute_not_found');
    requireOwn(c, dispute.merchant_id, () => new ApiError(404, 'dispute_not_found'));
    const decided = await decideDisputeAtProcessor(deps, id, outcome, scopedMerchant(c));
    if (!decided) throw new ApiError(404, 'dispute_not_found');
    return c.json(merchantDisputeOf(decided), 200);
  });

  // Every merchant's for the operator, its own for a merchant's key. It skips the reserve's delay:
  // over a provider's processors (real money) only the operator may.
  app.post('/payouts/run', async (c) => {
    if (!allSimulated(deps.processors)) requireOperator(c);
    const payouts = await runSandboxPayouts(deps, scopedMerchant(c));
    return c.json({ payouts: payouts.map(merchantPayoutOf) }, 200);
  });

  return app;
}
