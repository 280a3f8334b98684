import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { fileResponse, fileUnder } from './http/serveFile';

/**
 * The merchant side on its own origin (DEMO_PORT): examples/*.html with %CHECKOUT_ORIGIN%
 * replaced, so the checkout iframe is cross-origin exactly as in production.
 */
export function createDemoShop(examplesDir: string, checkoutOrigin: string): Hono {
  const app = new Hono();
  app.get('*', async (c) => {
    const path = c.req.path === '/' ? '/index.html' : c.req.path;
    const file = await fileUnder(examplesDir, path.slice(1));
    if (!file) return c.text('Not found\n', 404);
    if (!file.endsWith('.html')) return fileResponse(file, 'no-cache');
    const html = (await readFile(file, 'utf8')).replaceAll('%CHECKOUT_ORIGIN%', checkoutOrigin);
    return c.html(html, 200, { 'cache-control': 'no-cache' });
  });
  return app;
}
