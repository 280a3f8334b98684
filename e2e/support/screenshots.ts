import type { Locator, Page } from 'playwright-core';

/**
 * A screenshot for a person to look at (e2e/artifacts/, /tmp/shots/), taken only with
 * E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npm run test:e2e`): when a screen changes and someone
 * reviews how it looks. No test reads them: npm test checks the page itself and skips them. Each
 * costs about 90 ms of CPU (capture, PNG, the file), and the suite has about 180; two paired runs of
 * eight files with 58 of them: 145.3 and 146.0 CPU-s without, against 149.8 and 152.1 with.
 */
export async function screenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (process.env['E2E_SCREENSHOTS'] !== '1') return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}
