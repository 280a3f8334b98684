// Mutation testing of packages/core (`npm run mutation:core`, docs/mutation.md): StrykerJS changes
// one thing at a time in core's rules (an operator, a bound, a string, a branch) and runs the
// unit tests that cover it; a change no test notices ("survived") is a rule the tests do not pin.
// Not part of `npm test` or CI: a full run takes tens of minutes on two cores.
// @ts-check
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Only core's unit tests, in their own small vitest config (the root config's other projects
  // and their set-up are not needed). `related`: a mutant is tried against the test files that
  // import its module (vitest's import graph); a static mutant, which no single test can be traced
  // to, then reruns those files instead of all of core's.
  vitest: { configFile: 'stryker.vitest.config.mjs', related: true },
  coverageAnalysis: 'perTest',
  // A static mutant (one in code run when a module loads: a top-level list, table or schema)
  // cannot be traced to the tests that use it, so each one reruns every test file that imports its
  // module: they are most of the run's time (docs/mutation.md). Included, since the tables and
  // schemas are rules too;
  // `npm run mutation:core -- --ignoreStatic` skips them for a quick look.
  ignoreStatic: false,
  mutate: [
    'packages/core/src/**/*.ts',
    '!packages/core/src/**/*.test.ts',
    // The catalogues' texts: i18n.test.ts checks that both languages have the same keys and
    // placeholders; the words themselves are reviewed, not mutated.
    '!packages/core/src/i18n/es.ts',
    '!packages/core/src/i18n/en.ts',
  ],
  // Copy only what core's tests read into the sandbox (the repository's other packages, dist and
  // e2e are not needed); node_modules is linked, not copied.
  ignorePatterns: [
    '/*',
    '!/packages',
    '/packages/*',
    '!/packages/core',
    '!/package.json',
    '!/tsconfig.json',
    '!/stryker.vitest.config.mjs',
  ],
  // The machine is shared: two test workers at most.
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.scratch/stryker-tmp',
  cleanTempDir: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'coverage/mutation/core.html' },
  jsonReporter: { fileName: 'coverage/mutation/core.json' },
  incrementalFile: 'coverage/mutation/core-incremental.json',
  thresholds: { high: 90, low: 80, break: null },
};
