import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

// Plain JavaScript (types in fileOrder.d.mts), so that vitest.config.ts imports it with its file
// extension, as Vite's native config loader wants.

/**
 * How long each browser test file took (seconds) in a whole `npm test` on a fresh clone, beside
 * the sandbox's route suites (2026-11-24). vitest orders files it has no results for by their size,
 * largest first, and a fresh clone has none: the card payment, a small file that starts the built
 * server and the whole browser, then came last and the suite ended on it with one core idle. A
 * file missing here runs first, as vitest runs an unknown file first; a time that is off only moves
 * a file in the order.
 */
/** @type {Readonly<Record<string, number>>} */
export const E2E_FILE_SECONDS = {
  faults: 91, nextjs: 85, wallet: 76, console: 56, crypto: 43, subscriptions: 39, routes: 37, packages: 32,
  'card-payment': 28, 'way-out': 28, 'first-screen': 27, 'card-outcomes': 24, nequi: 24, 'validate-tx': 21,
  donations: 21, splash: 21, stations: 20, yappy: 19, cash: 18, loader: 17, wire: 17, 'recovery-clave-back': 17,
  'recovery-cash': 17, 'recovery-close-pending': 16, 'declined-receipts': 16, clave: 16, webhooks: 15,
  'recovery-receipts': 15, 'recovery-card': 15, security: 15, csp: 14, 'recovery-donation': 14, captcha: 13,
  prerender: 13, 'zero-js': 13, 'email-payment': 12, 'spec-pages': 12, 'first-phone-screen': 12, react: 11,
  'custom-fields': 10, 'recovery-emails': 10, 'method-choice': 10, 'recovery-nequi': 10, 'failure-reason': 9,
  'spec-wiring': 8, accessibility: 8, 'console-access': 7, 'wallet-no-storage': 4, pure: 4, startup: 3, budgets: 0,
};

/**
 * A browser test file's name without its folder and `.e2e.ts`.
 * @param {string} moduleId
 * @returns {string | undefined}
 */
const e2eName = (moduleId) => /(?:^|\/)e2e\/([\w-]+)\.e2e\.ts$/.exec(moduleId)?.[1];

/**
 * vitest's order (BaseSequencer), except that the browser files vitest has no results for run
 * longest first by E2E_FILE_SECONDS, so the suite does not end on a long file started last. Files
 * with results of an earlier run on this machine keep vitest's order by those.
 */
export class LongestBrowserFilesFirst extends BaseSequencer {
  /**
   * @param {import('vitest/node').TestSpecification[]} files
   * @returns {Promise<import('vitest/node').TestSpecification[]>}
   */
  async sort(files) {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    /** A browser file's expected seconds, when vitest has no results of its own for it. */
    /** @type {Map<import('vitest/node').TestSpecification, number>} */
    const expected = new Map();
    for (const spec of sorted) {
      const name = e2eName(spec.moduleId);
      if (name === undefined || spec.project.name !== 'e2e') continue;
      if (this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)) continue;
      expected.set(spec, E2E_FILE_SECONDS[name] ?? Number.POSITIVE_INFINITY);
    }
    const longestFirst = [...expected].sort(([, a], [, b]) => b - a).map(([spec]) => spec);
    // The browser files take the places they had in vitest's order, in the new order among themselves.
    let next = 0;
    return sorted.map((spec) => (expected.has(spec) ? longestFirst[next++] : spec));
  }
}
