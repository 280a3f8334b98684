import { Hono } from 'hono';
import { LOGO_FILE, LOGO_PATH_PREFIX } from '../../brand/merchantBrand';
import type { Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { findMerchantLogo } from '../../store/merchantBrand';

/**
 * Merchants' uploaded logos on the checkout origin, by the SHA-256 of their bytes: the address never
 * changes what it serves, so it is cached for a year. The type is the one read from the bytes when
 * the logo was checked, and nosniff keeps the browser to it.
 */
export function merchantLogoRoutes(deps: Pick<Deps, 'db'>) {
  const app = new Hono<AppEnv>();
  app.get(`${LOGO_PATH_PREFIX}:file`, async (c) => {
    const file = c.req.param('file');
    const logo = LOGO_FILE.test(file) ? await findMerchantLogo(deps.db, file) : undefined;
    if (!logo) return c.text('Not found\n', 404, { 'cache-control': 'no-store' });
    return c.body(Buffer.from(logo.bytes), 200, {
      'content-type': logo.content_type,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    });
  });
  return app;
}
