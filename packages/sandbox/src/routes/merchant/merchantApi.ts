import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { findTransaction } from '../../store/transactions';
import { merchantTransactionOf } from '../../webhooks/merchantTransaction';
import { requireMerchantKey } from './merchantAuth';

/** Calls a merchant's server makes with its secret key; plain JSON, not SPEC 7's encoded envelope. */
export { MERCHANT_API_PREFIX } from '../../http/merchantApiPrefix';

export function merchantApiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The verify call: what the provider knows of a transaction, for the merchant's own ones only.
  app.get('/transactions/:codOper', async (c) => {
    const merchantId = await requireMerchantKey(deps, c.req.header('authorization'));
    const codOper = c.req.param('codOper');
    const tx = /^[A-Za-z0-9_]{1,40}$/.test(codOper) ? await findTransaction(deps.db, codOper) : undefined;
    // Another merchant's transaction is as absent as a missing one: nothing leaks about it.
    if (!tx || tx.merchant_id !== merchantId) throw new ApiError(404, 'transaction_not_found', 'No such transaction for this merchant');
    return c.json({ ...merchantTransactionOf(tx), createdAt: tx.created_at.toISOString(), updatedAt: tx.updated_at.toISOString() }, 200, { 'cache-control': 'no-store' });
  });
  app.all('*', () => {
    throw new ApiError(404, 'not_found', 'No such merchant call');
  });
  return app;
}
