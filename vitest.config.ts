import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build-first.ts'],
    // Conformance scenarios materialize a git repo and may run real tool calls.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
