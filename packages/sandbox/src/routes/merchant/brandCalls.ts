import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { brandAnswer, BrandSchema, changeMerchantBrand, merchantBrand, uploadMerchantLogo } from '../../brand/merchantBrand';
import { originOf, type Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { idempotent, idempotentOver } from './idempotency';
import { requireMerchantKey } from './merchantAuth';
import { parseInput } from './merchantSchemas';

/** The merchant API's brand calls (docs/merchant-api.md "Brand"), mounted at /api/v1/merchant/brand. */
export function merchantBrandRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const merchantOf = (c: { req: { header: (name: string) => string | undefined } }) => requireMerchantKey(deps, c.req.header('authorization'));

  app.get('/', async (c) => {
    const merchantId = await merchantOf(c);
    return c.json(brandAnswer(await merchantBrand(deps.db, merchantId), originOf(deps, c.req.url)), 200, { 'cache-control': 'no-store' });
  });

  app.post('/', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const body = parseInput(BrandSchema, input, 'body');
      return [200, brandAnswer(await changeMerchantBrand(deps.db, merchantId, body), originOf(deps, c.req.url))] as const;
    });
  });

  // The image's bytes as the body (Content-Type image/png, image/jpeg or image/webp; the bytes decide).
  app.post('/logo', async (c) => {
    const merchantId = await merchantOf(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return idempotentOver(c, deps, merchantId, createHash('sha256').update(bytes).digest('hex'), async () => {
      const row = await uploadMerchantLogo(deps.db, merchantId, bytes, c.req.header('content-type'));
      return [201, brandAnswer(row, originOf(deps, c.req.url))] as const;
    });
  });
  return app;
}
