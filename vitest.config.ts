import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    // /api/docs serves a generated, uncommitted page: render it first when missing or stale.
    globalSetup: ['scripts/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file opens its own databases (PGlite is ~0.5 GB): two workers fit the 2-core machines.
    maxWorkers: 2,
  },
});
