import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own tests beside its code.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', root: 'packages/engine', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'protocol', root: 'packages/protocol', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // every migration once per run; each test's database starts as a copy
          globalSetup: ['test/support/database-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'] } },
      // trading bots (issue 28): ccxt's unified calls against the real server process
      { test: { name: 'ccxt', root: 'packages/ccxt', include: ['test/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 420_000, fileParallelism: false } },
      {
        // end-to-end: a real server process and a real Chromium; needs apps/web/dist built first
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
