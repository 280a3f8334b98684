// The vitest config StrykerJS runs (stryker.config.mjs): packages/core's unit tests, as the root
// vitest.config.ts's `core` project runs them, less typecheck.test.ts and exportsUsed.test.ts, which
// read files outside core (the typecheck set-up, the other packages' imports) that the mutation
// sandbox does not copy.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/core/src/**/*.test.ts'],
    exclude: ['packages/core/src/typecheck.test.ts', 'packages/core/src/exportsUsed.test.ts', '**/node_modules/**'],
    environment: 'node',
    // As the root config: the property tests take over vitest's default 5 s on a busy machine.
    testTimeout: 20_000,
  },
});
