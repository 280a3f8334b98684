import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { bearerSecretKeyOf, rollSecretKey } from '../../store/merchantKeys';
import { idempotent } from './idempotency';
import { requireMerchantKey } from './merchantAuth';
import { parseInput } from './merchantSchemas';
import { RollSchema } from './webhookEndpoints';
import { secretKeyRetiring } from '../../store/merchantKeys';

/**
 * Rolling the secret key (docs/merchant-api.md "Rolling keys"): a new key; the one in use keeps
 * working for `expiresInSeconds` (up to 7 days; 0, the default: it stops at once). A repeat with
 * the same Idempotency-Key and the same key replays the first answer (the same new key) instead of
 * rolling again. The kept answer is sealed with the key that asked, so the database never holds
 * the new key readable (only its SHA-256); a repeat can come only while that key still works.
 */
export function merchantKeyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/roll', async (c) => {
    const authorization = c.req.header('authorization');
    const merchantId = await requireMerchantKey(deps, authorization);
    return idempotent(c, deps, merchantId, async (input) => {
      const { expiresInSeconds } = parseInput(RollSchema, input, 'body');
      const rolled = await rollSecretKey(deps.db, merchantId, bearerSecretKeyOf(authorization) ?? '', expiresInSeconds);
      if (!rolled) throw secretKeyRetiring();
      return [200, { secretKey: rolled.secretKey, previousKeyExpiresAt: rolled.previousKeyExpiresAt?.toISOString() ?? null }] as const;
    }, { sealWith: bearerSecretKeyOf(authorization) ?? '' });
  });
  return app;
}
