import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (the "source" export condition),
  // so tests never need a build first. The rest are Vite's default server conditions.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    include: [
      'api/test/**/*.test.ts',
      'sdk/test/**/*.test.ts',
      'cli/test/**/*.test.ts',
      'tests/**/*.test.ts',
      'dashboard/test/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: more workers only add contention.
    maxWorkers: 2,
  },
});
