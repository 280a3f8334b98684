import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

// Plain JavaScript (types in test-file-order.d.mts), so that vitest.config.ts imports it with its file
// extension, as Vite's native config loader wants.

/**
 * How long each browser test file took (seconds), the suite alone on a quiet two-core machine
 * (2026-11-27: 579 s), except nextjs: its 85 s are a fresh clone's, whose first `next build` has no
 * cache (18 s with one). vitest orders files it has no results for by their size, largest first,
 * and a fresh clone has none: a small file that starts the built server and the whole browser then
 * came last and the suite ended on it with one core idle. A file missing here runs first, as vitest
 * runs an unknown file first; a time that is off only moves a file in the order.
 */
/** @type {Readonly<Record<string, number>>} */
const E2E_FILE_SECONDS = {
  'returns-next-screen': 120, faults: 99, console: 65, wallet: 61, 'waiting-elsewhere': 51, 'two-browsers-every-method': 50,
  'duplicate-purchase': 50, 'checkout-details': 43, 'books-month': 43, 'card-challenge-abandon': 40,
  'payer-honest-words': 38, 'resume-any-link': 38, routes: 38, 'order-any-browser': 33,
  subscriptions: 32, nequi: 31, 'splash-input': 29, 'payer-way-back': 27, 'card-outcomes': 25,
  appearance: 25, 'way-out': 24, 'bank-page-close': 24, splash: 22, packages: 22, 'stripe-faults':
  21, loader: 20, 'returns-never-blank': 20, 'card-payment': 19, nextjs: 85, 'recovery-cash': 18,
  'declined-receipts': 18, 'card-challenge-pending': 17, clave: 17, crypto: 17, 'validate-tx': 17, yappy: 16, captcha: 16,
  webhooks: 16, 'lost-answer-settled': 16, 'stripe-saved-cards': 16, 'nequi-country': 15, stations:
  15, cash: 15, 'card-challenge-return': 15, marks: 14, donations: 14, brand: 14, 'one-language':
  14, 'first-screen': 13, 'stripe-card': 13, 'recovery-receipts': 13, 'recovery-nequi': 13,
  'recovery-close-pending': 12, 'recovery-card': 12, accessibility: 12, 'spec-pages': 11,
  'email-payment': 11, 'splash-once': 11, 'recovery-donation': 10, 'recovery-clave-back': 10,
  'failure-reason': 10, 'zero-js': 10, 'loader-appearance': 10, react: 10, 'way-out-no-shop': 10,
  csp: 9, 'branded-mail': 9, 'merchant-api': 9, 'script-tag-types': 9, wire: 9, security: 9,
  'first-phone-screen': 8, prerender: 8, 'recovery-emails': 8, 'custom-fields': 7, 'method-choice':
  7, 'spec-wiring': 7, 'console-refunds': 7, 'merchant-void': 7, 'console-access': 6,
  'wallet-no-storage': 6, 'waiting-first-screen': 5, startup: 5, 'trusted-types': 3, pure: 3,
  budgets: 0,
};

/**
 * The sandbox route suite's files that took 3 s or more (seconds, in npm test on a quiet two-core
 * machine, 2026-11-28: the suite 108 s). In vitest's order of a fresh clone (largest first) the
 * network fault table, a small file that mostly waits on its processor's deadlines (33 s), started
 * late and ran last alone: the suite's last 5-10 s used 1-6 % of the CPU, and the browser suite
 * waits for the route suite's end. These start first, longest first; the files not listed take a
 * few seconds at most and follow in vitest's order. The suite alone, three paired runs: 115.0 s
 * against 108.5 s (medians), with both cores busy to its end.
 */
/** @type {Readonly<Record<string, number>>} */
const ROUTE_FILE_SECONDS = {
  'routes/fuzz': 52, 'gateways/http/networkFaults': 33, 'payments/gatewayFaults': 10, 'routes/pages/firstScreen': 10,
  'http/drain': 8, 'db/pgliteImage': 7, 'routes/payer/amountProperty': 7, 'routes/merchant/paymentLinks': 6,
  'gateways/contractKit': 6, 'routes/merchant/webhookEndpoints': 5, 'routes/merchant/listenCli': 5, 'routes/webhooks': 4,
  'push/pushServer': 4, 'routes/merchant/refundsAndVoids': 4, 'routes/merchant/booksProperty': 4, 'security/merchantScope': 4,
  'routes/merchant/refundRehearsal': 4, 'routes/gateways/notifications': 4, 'routes/payer/users': 4, 'routes/payer/guessLimits': 4,
  'payments/disputeCard': 4, 'routes/merchant/books': 3, 'payments/chargeAttempt': 3, 'http/limitBody': 3, 'gateways/contract': 3,
};

/**
 * A browser test file's name without its folder and `.e2e.ts`.
 * @param {string} moduleId
 * @returns {string | undefined}
 */
const e2eName = (moduleId) => /(?:^|\/)e2e\/([\w-]+)\.e2e\.ts$/.exec(moduleId)?.[1];

/**
 * A route suite file's path under packages/sandbox/src without `.test.ts`.
 * @param {string} moduleId
 * @returns {string | undefined}
 */
const routeName = (moduleId) => /(?:^|\/)packages\/sandbox\/src\/([\w/-]+)\.test\.ts$/.exec(moduleId)?.[1];

/**
 * A file's expected seconds by its table, for the projects that have one: an unknown browser file
 * runs first (vitest runs a file it has no results for first), an unlisted route file after the
 * listed ones.
 * @param {import('vitest/node').TestSpecification} spec
 * @returns {number | undefined}
 */
function expectedSeconds(spec) {
  if (spec.project.name === 'e2e') {
    const name = e2eName(spec.moduleId);
    return name === undefined ? undefined : (E2E_FILE_SECONDS[name] ?? Number.POSITIVE_INFINITY);
  }
  if (spec.project.name === 'sandbox') {
    const name = routeName(spec.moduleId);
    return name === undefined ? undefined : (ROUTE_FILE_SECONDS[name] ?? 0);
  }
  return undefined;
}

/**
 * vitest's order (BaseSequencer), except that the browser and route suite files vitest has no
 * results for run longest first by their tables, so a suite does not end on a long file started
 * last. Files with results of an earlier run on this machine keep vitest's order by those.
 */
export class LongestFilesFirst extends BaseSequencer {
  /**
   * @param {import('vitest/node').TestSpecification[]} files
   * @returns {Promise<import('vitest/node').TestSpecification[]>}
   */
  async sort(files) {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    /** A file's expected seconds, when vitest has no results of its own for it. */
    /** @type {Map<import('vitest/node').TestSpecification, number>} */
    const expected = new Map();
    for (const spec of sorted) {
      const seconds = expectedSeconds(spec);
      if (seconds === undefined) continue;
      if (this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)) continue;
      expected.set(spec, seconds);
    }
    // Stable: files of equal seconds (the unlisted route files) keep vitest's order among themselves.
    const longestFirst = [...expected].sort(([, a], [, b]) => b - a).map(([spec]) => spec);
    // These files take the places they had in vitest's order, in the new order among themselves.
    let next = 0;
    return sorted.map((spec) => (expected.has(spec) ? longestFirst[next++] : spec));
  }
}
