import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** Where the server finds the files it serves. */
export interface StaticPaths {
  widgetDist: string;
  checkoutDist: string;
  /** packages/console/dist: the sandbox console's bundle. */
  consoleDist: string;
  examplesDir: string;
  /** packages/sandbox/public (images). */
  publicDir: string;
  migrationsDir: string;
  /** node_modules/@fontsource: the families the checkout serves (core SERVED_FONTS). */
  fontsDir: string;
}

/**
 * The repo root is three levels up from this module both in src/ (vitest) and in dist/server.mjs
 * (bundled), so one expression serves both.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function defaultPaths(root: string = REPO_ROOT): StaticPaths {
  return {
    widgetDist: join(root, 'packages/widget/dist'),
    checkoutDist: join(root, 'packages/checkout/dist'),
    consoleDist: join(root, 'packages/console/dist'),
    examplesDir: join(root, 'examples'),
    publicDir: join(root, 'packages/sandbox/public'),
    migrationsDir: join(root, 'packages/sandbox/migrations'),
    fontsDir: join(root, 'node_modules/@fontsource'),
  };
}
