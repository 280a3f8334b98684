import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { PRELOAD_PATH, SERVED_FONTS, type ServedFont } from '@pasarela/core';
import type { AppEnv } from '../../http/AppEnv';
import { fileResponse, fileUnder, immutableFiles } from '../../http/serveFile';
import type { StaticPaths } from '../../paths';

// The built files served beside the widget's page: the SDK, the widget's chunks, images and the preload page.

export const notBuilt = (what: string) =>
  `Pasarela's ${what} is not built yet. Run \`npm run build\` (or \`npm start\`, which builds first) and reload.\n`;

// Checkout.preload()'s hidden frame: empty, so nothing in it can run or be framed to any use; it only
// starts a renderer for this origin and, uncached, a connection the open() reuses.
const PRELOAD_PAGE = '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pasarela</title></head><body></body></html>';

const PRELOAD_HEADERS = {
  'content-type': 'text/html; charset=UTF-8',
  'cache-control': 'no-cache',
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Chunks are named by their content, the rest are not. */
const CACHE = {
  sdk: 'no-cache',
  chunks: 'public, max-age=31536000, immutable',
  images: 'public, max-age=3600',
} as const;

async function serveFrom(c: Context<AppEnv>, dir: string, rest: string, cacheControl: string, what: string | null) {
  const file = await fileUnder(dir, rest);
  if (file) return fileResponse(file, cacheControl, c.req.header('accept-encoding') ?? '');
  if (what && !existsSync(dir)) return c.text(notBuilt(what), 503);
  return c.text('Not found\n', 404);
}

export function builtFileRoutes(paths: StaticPaths) {
  const app = new Hono<AppEnv>();
  app.get('/sdk/*', async (c) => {
    const res = await serveFrom(c, paths.checkoutDist, c.req.path.slice('/sdk/'.length), CACHE.sdk, 'loader SDK (packages/checkout/dist)');
    res.headers.set('access-control-allow-origin', '*');
    return res;
  });
  app.get(PRELOAD_PATH, (c) => c.body(PRELOAD_PAGE, 200, PRELOAD_HEADERS));
  // Named by their content: read and gzipped once, then served from memory.
  const widgetAssets = immutableFiles(join(paths.widgetDist, 'assets'), CACHE.chunks);
  app.get('/widget/assets/*', async (c) => {
    const res = await widgetAssets(c.req.path.slice('/widget/assets/'.length), c.req.header('accept-encoding') ?? '');
    return res ?? serveFrom(c, join(paths.widgetDist, 'assets'), '', 'no-cache', 'widget (packages/widget/dist)');
  });
  // The fonts' version is in the address, so they are cached for good.
  for (const [font, { version }] of Object.entries(SERVED_FONTS) as Array<[ServedFont, { version: string }]>) {
    const files = immutableFiles(join(paths.fontsDir, font, 'files'), CACHE.chunks);
    const prefix = `/fonts/${font}/${version}/`;
    app.get(`${prefix}*`, async (c) => {
      const name = c.req.path.slice(prefix.length);
      const res = /^[a-z0-9-]+\.woff2$/.test(name) ? await files(name, c.req.header('accept-encoding') ?? '') : undefined;
      return res ?? c.text('Not found\n', 404);
    });
  }
  app.get('/images/*', (c) => serveFrom(c, join(paths.publicDir, 'images'), c.req.path.slice('/images/'.length), CACHE.images, null));
  return app;
}
