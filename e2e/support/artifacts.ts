import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from 'playwright-core';

const wanted = () => process.env['E2E_SCREENSHOTS'] === '1';

/**
 * A screenshot for a person to look at (e2e/artifacts/, /tmp/shots/), taken only with
 * E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npm run test:e2e`): when a screen changes and someone
 * reviews how it looks. No test reads them: npm test checks the page itself and skips them. Each
 * costs about 90 ms of CPU (capture, PNG, the file), and the suite has about 180; two paired runs of
 * eight files with 58 of them: 145.3 and 146.0 CPU-s without, against 149.8 and 152.1 with.
 */
export async function screenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (!wanted()) return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

/** What a test saw, kept beside the screenshots for a person to read (the sandbox's mailbox), on the same terms. */
export function saveArtifact(path: string, text: string): void {
  if (!wanted()) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
