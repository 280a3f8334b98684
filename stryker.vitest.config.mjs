// The vitest config StrykerJS runs (stryker.config.mjs): packages/core's unit tests, as the root
// vitest.config.ts's `core` project runs them, less typecheck.test.ts, which checks the
// repository's typecheck set-up (files outside core that the mutation sandbox does not copy).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/core/src/**/*.test.ts'],
    exclude: ['packages/core/src/typecheck.test.ts', '**/node_modules/**'],
    environment: 'node',
  },
});
