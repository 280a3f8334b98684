import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { PRELOAD_PATH, SERVED_FONTS, type ServedFont } from '@pasarela/core';
import type { AppEnv } from '../../http/AppEnv';
import { fileResponse, fileUnder, immutableFiles } from '../../http/serveFile';
import type { StaticPaths } from '../../paths';

// The built files the sandbox serves beside the widget's page: the loader SDK, the widget's chunks,
// the merchants' images, and the empty page Checkout.preload() frames.

/** What a request for a file that is not built yet answers (503), naming the build to run. */
export const notBuilt = (what: string) =>
  `Pasarela's ${what} is not built yet. Run \`npm run build\` (or \`npm start\`, which builds first) and reload.\n`;

/**
 * The page Checkout.preload() shows in a hidden frame on the shop's page (packages/checkout/src/
 * preload.ts): empty, with no script, style or data, so nothing in it can run or be framed to any
 * use. Its only job is to make the browser start a renderer for this origin, which the checkout's
 * own frame then starts in. Not cached, so the request also opens a connection the open() reuses.
 */
const PRELOAD_PAGE = '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pasarela</title></head><body></body></html>';

const PRELOAD_HEADERS = {
  'content-type': 'text/html; charset=UTF-8',
  'cache-control': 'no-cache',
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** How long browsers may keep each kind of file: chunks are named by their content, the rest are not. */
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
    // Any shop's page loads the loader.
    res.headers.set('access-control-allow-origin', '*');
    return res;
  });
  app.get(PRELOAD_PATH, (c) => c.body(PRELOAD_PAGE, 200, PRELOAD_HEADERS));
  // The widget's chunks are named by their content: read and gzipped once, then served from memory.
  const widgetAssets = immutableFiles(join(paths.widgetDist, 'assets'), CACHE.chunks);
  app.get('/widget/assets/*', async (c) => {
    const res = await widgetAssets(c.req.path.slice('/widget/assets/'.length), c.req.header('accept-encoding') ?? '');
    return res ?? serveFrom(c, join(paths.widgetDist, 'assets'), '', 'no-cache', 'widget (packages/widget/dist)');
  });
  // The fonts the checkout serves itself (core SERVED_FONTS), from their packages: the version in
  // the address changes with the files, so they are cached for good.
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
