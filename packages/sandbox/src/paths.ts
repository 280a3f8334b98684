import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export interface StaticPaths {
  widgetDist: string;
  checkoutDist: string;
  consoleDist: string;
  examplesDir: string;
  publicDir: string;
  migrationsDir: string;
  /** The families the checkout serves (core SERVED_FONTS). */
  fontsDir: string;
}

/** Three levels up both from src/ (vitest) and from dist/server.mjs (bundled). */
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
