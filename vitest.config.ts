import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { preactAliases } from './scripts/preact-aliases.mjs';
import { LongestFilesFirst } from './scripts/test-file-order.mjs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// @pasarela/react's sources import the loader by its package name; tests use the loader's sources.
const checkoutAlias = [
  { find: /^@pasarela\/checkout$/, replacement: here('./packages/checkout/src/index.ts') },
  // The loader's test doubles, for the React tests (not a published entry).
  { find: /^@pasarela\/checkout\/testing$/, replacement: here('./packages/checkout/src/testing.ts') },
];
// React 18 and react-dom 18, installed apart (packages/react18-check), for the react18 project.
const react18 = here('./packages/react18-check/node_modules/');
const react18Aliases = [
  { find: /^react(\/.*)?$/, replacement: `${react18}react$1` },
  { find: /^react-dom(\/.*)?$/, replacement: `${react18}react-dom$1` },
];

/** Widget test files that mock a module their screen imports statically (the project 'widget-mocking', isolated). */
const WIDGET_MOCKING_FILES = ['packages/widget/src/wallet/AddCardScreen.test.tsx'];

export default defineConfig({
  resolve: {
    // Workspace packages by their sources: a test never needs a build first.
    alias: [
      { find: /^@pasarela\/core$/, replacement: here('./packages/core/src/index.ts') },
      { find: /^@pasarela\/gateways$/, replacement: here('./packages/gateways/src/index.ts') },
      { find: /^@pasarela\/gateway-stripe$/, replacement: here('./packages/gateway-stripe/src/index.ts') },
    ],
  },
  test: {
    // Isolation: in the node projects (core, sandbox, e2e) a worker's test files share its process
    // and the modules it has loaded (hono, core, PGlite's WebAssembly, playwright-core) instead of
    // loading them all again for each file (isolate: false). npm test is CPU-bound on two cores,
    // and this halves the sandbox suite's CPU (173 -> 81 CPU-s on PGlite, 90 -> 58 on PostgreSQL)
    // and trims the browser suite's (490 -> 454); each of their files makes its own app, database,
    // sandbox and browser, and they pass the same in shuffled file order. The widget's files share
    // their worker too, each starting from a fresh document and empty storage (a setup file): 14
    // shuffled orders passed, and the DOM step fell from 105 to 47 CPU-s. So do the loader's and the
    // console's (8 shuffled orders passed; alone, 13.9 -> 6.1 and 10.0 -> 6.2 CPU-s). The React
    // projects stay isolated: their files mock the loader module, which a shared process would carry
    // into the next file (CheckoutFrame met it once). The node projects of @pasarela/node, the
    // gateways kit, the simulator and the Stripe adapter share theirs as well (8 shuffled file
    // orders passed; their step took 9.5 CPU-s instead of 18.2).
    // npm test runs the unit projects beside the browser suite, both cores busy: a test that
    // imports a package's entry (the SSR checks) took over vitest's default 5 s there once.
    testTimeout: 20_000,
    // The browser and route suite files a fresh clone has no results for run longest first (scripts/test-file-order.mjs).
    sequence: { sequencer: LongestFilesFirst },
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.d.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { 'packages/core/src/**': { lines: 95 } },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // Core's tests compute (rules, tables, the static checks that parse every package's
          // sources): none waits on a timer, so a limit only catches a hang. With the machine
          // busy (load 24) the parse of every package took over 20 s.
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: 'checkout', include: ['packages/checkout/src/**/*.test.ts'], environment: 'happy-dom', isolate: false, setupFiles: ['packages/widget/src/testing/freshDocument.ts'] },
      },
      {
        extends: true,
        resolve: { alias: checkoutAlias },
        test: {
          name: 'react',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          provide: { reactMajor: '19' },
        },
      },
      {
        // the same tests on React 18 (react is a peer dependency: ^18 || ^19)
        extends: true,
        resolve: { alias: [...checkoutAlias, ...react18Aliases] },
        test: {
          name: 'react18',
          include: ['packages/react/src/**/*.test.tsx'],
          environment: 'happy-dom',
          provide: { reactMajor: '18' },
        },
      },
      {
        extends: true,
        resolve: { alias: preactAliases },
        test: {
          name: 'widget',
          include: ['packages/widget/src/**/*.test.{ts,tsx}'],
          exclude: WIDGET_MOCKING_FILES,
          environment: 'happy-dom',
          // Its files share their worker's process and window (a quarter of the CPU of one process
          // per file); each starts from a fresh document and empty storage (testing/freshDocument.ts).
          isolate: false,
          setupFiles: ['packages/widget/src/testing/freshDocument.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias: preactAliases },
        test: {
          // A file that mocks a module the screen under test imports statically: in a shared process
          // a file before it may have loaded that screen with the real module (the App's tests load
          // the wallet's screens), and the mock would not reach it.
          name: 'widget-mocking',
          include: WIDGET_MOCKING_FILES,
          environment: 'happy-dom',
          setupFiles: ['packages/widget/src/testing/freshDocument.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias: preactAliases },
        test: {
          name: 'console',
          include: ['packages/console/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['packages/widget/src/testing/freshDocument.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'node', include: ['packages/node/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        // @pasarela/gateways, and the repository's own rules (scripts/*.test.ts: package boundaries).
        test: { name: 'gateways', include: ['packages/gateways/src/**/*.test.ts', 'scripts/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        // The webhook tests verify deliveries as a merchant's server does, with @pasarela/node (its sources).
        resolve: { alias: [{ find: /^@pasarela\/node$/, replacement: here('./packages/node/src/index.ts') }] },
        test: {
          name: 'sandbox',
          include: ['packages/sandbox/src/**/*.test.ts', 'packages/sandbox/test/**/*.test.ts'],
          isolate: false,
          // One migrated PGlite dumped for every test database to start from (no initdb per database).
          globalSetup: ['packages/sandbox/test/globalSetup.ts'],
          environment: 'node',
          // The tests that start sandboxes as child processes (restarts, SIGTERM drains, a second
          // node) took 23-40 s each in a CI run on a slow two-core machine with the browser suite
          // beside them; every wait inside them has its own, shorter time-out.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: { name: 'simulator', include: ['packages/simulator/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        // the card vault over real HTTP on 127.0.0.1, on PGlite; its fields page's script on happy-dom;
        // and the PGlite statements and the HTTP server's graceful stop it shares with the server.
        // A test that makes a fresh embedded store and starts vaults on it took past 20 s beside the
        // browser suite in npm test: 60 s, as its hooks have.
        extends: true,
        test: { name: 'vault', include: ['packages/vault/src/**/*.test.ts', 'packages/pglite-statements/src/**/*.test.ts', 'packages/http-server/src/**/*.test.ts'], environment: 'node', isolate: false, hookTimeout: 60_000, testTimeout: 60_000 },
      },
      {
        // against stripe-stateful-mock, started by the tests on a free port of this machine; a file's
        // set-up also starts a card vault (its store made by initdb), as the vault's own tests do
        extends: true,
        test: { name: 'gateway-stripe', include: ['packages/gateway-stripe/src/**/*.test.ts'], environment: 'node', isolate: false, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // One migrated data directory every sandbox of the suite copies (no initdb per sandbox).
          globalSetup: ['e2e/support/globalSetup.ts'],
          environment: 'node',
          // Each file starts its own sandbox (free ports, its own database; in this process or the
          // built server in a child, e2e/support/suite.ts) and Chromium, so files run side by side;
          // while one waits on a browser or a timer another works.
          // E2E_WORKERS picks how many: 4 by default on two cores, as many files wait (on timers, a
          // bank page, a retry's back-off) while others work; in npm test on a quiet machine the suite
          // took 441 s with four against 479 s with three.
          fileParallelism: true,
          isolate: false,
          maxWorkers: Number(process.env['E2E_WORKERS'] ?? 4),
          // Each step of a test has its own time-out (playwright-core's 30 s for an action, each
          // poll's); the test's own is above their sum on a loaded machine, so a failure names the
          // step that failed rather than the test.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's own default is 1 s: a lazy chunk on a slow, loaded machine took longer.
          // Every poll is a round trip to Chromium (the worker, its browser process, the page's
          // renderer), so one every 100 ms instead of vitest's 50 (the eight files that poll most,
          // every 200 ms: 148.2 and 146.8 CPU-s against 155.6 and 149.3). With the screenshots left
          // to E2E_SCREENSHOTS=1 (support/artifacts.ts) the suite took 698 and 672 CPU-s against 730 and 706.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
      {
        extends: true,
        test: {
          // The payer's core flows in Firefox ESR and WebKitGTK (e2e/engines/), a file per engine; an
          // engine not installed skips its file with a notice (CI installs them).
          name: 'engines',
          include: ['e2e/engines/**/*.engines.ts'],
          globalSetup: ['e2e/support/globalSetup.ts'],
          environment: 'node',
          isolate: false,
          // Each wait inside a flow has its own, shorter limit that names the engine and what it awaited.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
