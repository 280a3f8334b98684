import { existsSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/AppEnv';
import { fileResponse, fileUnder } from '../../http/serveFile';

/** Its own scripts and styles only; admin calls and the admin push socket on this origin. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

// The page is a shell: every text is rendered by the bundle, so nothing here comes from a request.
const PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Consola del sandbox · Pasarela</title>
<link rel="stylesheet" href="/sandbox/console/assets/console.css">
<script type="module" src="/sandbox/console/assets/console.js"></script>
</head>
<body><div id="console-root"></div></body>
</html>
`;

/**
 * The sandbox console (packages/console), served beside the admin API it calls. Mounted only when
 * the server runs with the console on (SANDBOX_CONSOLE, default on).
 */
export function consolePageRoutes(consoleDist: string) {
  const app = new Hono<AppEnv>();
  app.get('/console', (c) => {
    if (!existsSync(consoleDist)) return c.text("Pasarela's sandbox console is not built yet. Run `npm run build` and reload.\n", 503);
    return c.html(PAGE, 200, SECURITY_HEADERS);
  });
  app.get('/console/assets/*', async (c) => {
    const file = await fileUnder(consoleDist, c.req.path.slice('/sandbox/console/assets/'.length));
    if (!file) return c.text('Not found\n', 404);
    const res = await fileResponse(file, 'no-cache');
    res.headers.set('x-content-type-options', 'nosniff');
    return res;
  });
  return app;
}
