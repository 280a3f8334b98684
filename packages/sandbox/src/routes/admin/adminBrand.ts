import { Hono } from 'hono';
import { requireOwn } from '../../auth/adminAccess';
import { brandAnswer, BrandSchema, changeMerchantBrand, merchantBrand, uploadMerchantLogo } from '../../brand/merchantBrand';
import { originOf, type Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { parseOr400 } from '../../payments/validatePayload';
import { idParam } from '../payer/merchants';

/**
 * Admin: a merchant's brand (the console's brand form), as the merchant API's brand calls do it:
 * GET and POST /merchants/:id/brand (JSON), POST /merchants/:id/brand/logo (the image's bytes).
 */
export function adminBrandRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const notFound = () => new ApiError(404, 'merchant_not_found', 'No such merchant');
  const merchantIdOf = (c: Parameters<typeof requireOwn>[0]) => {
    const id = idParam(c.req.param('idMerchant'), 'merchant_not_found');
    requireOwn(c, id, notFound);
    return id;
  };
  app.get('/merchants/:idMerchant/brand', async (c) => {
    const id = merchantIdOf(c);
    return c.json(brandAnswer(await merchantBrand(deps.db, id), originOf(deps, c.req.url)), 200, { 'cache-control': 'no-store' });
  });
  app.post('/merchants/:idMerchant/brand', async (c) => {
    const id = merchantIdOf(c);
    const body = parseOr400(BrandSchema, await readObjectBody(c));
    return c.json(brandAnswer(await changeMerchantBrand(deps.db, id, body), originOf(deps, c.req.url)), 200);
  });
  app.post('/merchants/:idMerchant/brand/logo', async (c) => {
    const id = merchantIdOf(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(brandAnswer(await uploadMerchantLogo(deps.db, id, bytes, c.req.header('content-type')), originOf(deps, c.req.url)), 201);
  });
  return app;
}
