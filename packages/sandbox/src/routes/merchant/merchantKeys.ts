import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { rollSecretKey } from '../../store/merchantKeys';
import { readObjectBody } from '../../http/readBody';
import { requireMerchantKey } from './merchantAuth';
import { parseInput } from './merchantSchemas';
import { RollSchema } from './webhookEndpoints';

/**
 * Rolling the secret key (docs/merchant-api.md "Rolling keys"): a new key, answered once; the one
 * in use keeps working for `expiresInSeconds` (up to 7 days; 0, the default: it stops at once).
 * Not kept for an Idempotency-Key repeat: that would store the new key readable, and only its
 * SHA-256 is ever kept. A retry after a lost answer rolls again; the key it replaces (the lost one)
 * keeps the window, so ask for one.
 */
export function merchantKeyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/roll', async (c) => {
    const merchantId = await requireMerchantKey(deps, c.req.header('authorization'));
    const input = (await c.req.text()) === '' ? {} : await readObjectBody(c);
    const { expiresInSeconds } = parseInput(RollSchema, input, 'body');
    const rolled = await rollSecretKey(deps.db, merchantId, expiresInSeconds);
    return c.json({ secretKey: rolled.secretKey, previousKeyExpiresAt: rolled.previousKeyExpiresAt?.toISOString() ?? null }, 200, { 'cache-control': 'no-store' });
  });
  return app;
}
